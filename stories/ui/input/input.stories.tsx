import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Input } from '@farol/ui';

const meta = {
  title: 'UI/Forms/Input',
  component: Input,
  tags: ['autodocs'],
  args: { 'aria-label': 'Razão social', placeholder: 'Ex.: Acme Indústria Ltda', onChange: fn() },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component: 'Um campo de texto de uma linha, ligado ao rótulo pelo Field que o envolve.',
      },
    },
  },
  render: (args) => (
    <div className="max-w-sm">
      <Input {...args} />
    </div>
  ),
} satisfies Meta<typeof Input>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Razão social' });
    await expect(input).toHaveAttribute('data-slot', 'input');
    await expect(input).toHaveAttribute('placeholder', 'Ex.: Acme Indústria Ltda');
    await userEvent.type(input, 'Acme');
    await expect(input).toHaveValue('Acme');
    await expect(args.onChange).toHaveBeenCalledTimes(4);
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Acme Indústria Ltda' },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Razão social' });
    await expect(input).toBeDisabled();
    await userEvent.type(input, 'x', { pointerEventsCheck: 0 });
    await expect(input).toHaveValue('Acme Indústria Ltda');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const Invalid: Story = {
  args: { 'aria-invalid': true, defaultValue: '12.345' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Razão social' });
    await expect(input).toBeInvalid();
    // The border turns to the destructive colour.
    await expect(getComputedStyle(input).borderColor).not.toBe(getComputedStyle(document.body).borderColor);
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex max-w-sm flex-col gap-3">
      <Input {...args} aria-label="Pequeno" size="sm" />
      <Input {...args} aria-label="Padrão" />
      <Input {...args} aria-label="Grande" size="lg" />
    </div>
  ),
  play: async ({ canvas }) => {
    const heights = ['Pequeno', 'Padrão', 'Grande'].map((name) =>
      Math.round(canvas.getByRole('textbox', { name }).getBoundingClientRect().height),
    );
    await expect(heights).toEqual([32, 36, 40]);
  },
};

export const Password: Story = {
  args: { type: 'password', 'aria-label': 'Senha', placeholder: undefined, defaultValue: 'segredo' },
  play: async ({ canvasElement }) => {
    const input = canvasElement.querySelector('input');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveValue('segredo');
  },
};
