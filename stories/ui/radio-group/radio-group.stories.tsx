import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { RadioGroup, RadioGroupItem } from '@farol/ui';

const PROTOCOLS = ['SSH', 'RDP', 'VNC', 'Telnet'];

const meta = {
  title: 'UI/Forms/RadioGroup',
  component: RadioGroup,
  tags: ['autodocs'],
  args: { 'aria-label': 'Protocolo', defaultValue: 'SSH', onValueChange: fn() },
  parameters: {
    layout: 'padded',
    docs: {
      description: { component: 'Um grupo de escolha única (Radix RadioGroup): as setas movem e escolhem.' },
    },
  },
  render: (args) => (
    <RadioGroup {...args}>
      {PROTOCOLS.map((protocol) => (
        <label key={protocol} className="flex items-center gap-2 text-sm">
          <RadioGroupItem value={protocol} disabled={protocol === 'Telnet'} />
          {protocol}
        </label>
      ))}
    </RadioGroup>
  ),
} satisfies Meta<typeof RadioGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

/** As setas movem e escolhem, pulando a opção desativada; Tab sai do grupo. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const group = within(canvasElement).getByRole('radiogroup', { name: 'Protocolo' });
    const radio = (name: string) => within(group).getByRole('radio', { name });
    await expect(radio('SSH')).toBeChecked();
    await userEvent.click(radio('RDP'));
    await expect(radio('RDP')).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('RDP');
    // Held like a real key press: Radix moves focus a tick after keydown and checks while the key is down.
    await userEvent.keyboard('{ArrowDown>}');
    await waitFor(() => expect(radio('VNC')).toHaveFocus());
    await userEvent.keyboard('{/ArrowDown}');
    await expect(radio('VNC')).toBeChecked();
    await userEvent.keyboard('{ArrowDown>}');
    // Telnet is disabled: the focus wraps to SSH.
    await waitFor(() => expect(radio('SSH')).toHaveFocus());
    await userEvent.keyboard('{/ArrowDown}');
    await expect(radio('SSH')).toBeChecked();
    await expect(radio('Telnet')).toBeDisabled();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const radios = within(canvasElement).getAllByRole('radio');
    for (const radio of radios) await expect(radio).toBeDisabled();
    await userEvent.click(radios[1]!, { pointerEventsCheck: 0 });
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};
