import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Switch } from '@farol/ui';

const meta = {
  title: 'UI/Forms/Switch',
  component: Switch,
  tags: ['autodocs'],
  args: { 'aria-label': 'Gravar sessões', onCheckedChange: fn() },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component: 'Um interruptor liga/desliga (Radix Switch) para uma opção que vale na hora.',
      },
    },
  },
} satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const toggle = canvas.getByRole('switch', { name: 'Gravar sessões' });
    await expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await expect(toggle).toBeChecked();
    await expect(toggle).toHaveAttribute('data-state', 'checked');
    await expect(args.onCheckedChange).toHaveBeenCalledOnce();
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
    // The thumb moves to the right.
    const thumb = toggle.querySelector('[data-slot="switch-thumb"]')!;
    await waitFor(() =>
      expect(thumb.getBoundingClientRect().right).toBeGreaterThan(toggle.getBoundingClientRect().right - 6),
    );
    await userEvent.keyboard(' ');
    await expect(toggle).not.toBeChecked();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultChecked: true },
  play: async ({ canvas, args }) => {
    const toggle = canvas.getByRole('switch', { name: 'Gravar sessões' });
    await expect(toggle).toBeDisabled();
    await userEvent.click(toggle, { pointerEventsCheck: 0 });
    await expect(toggle).toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const Small: Story = {
  args: { size: 'sm' },
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('switch', { name: 'Gravar sessões' });
    await expect(Math.round(toggle.getBoundingClientRect().width)).toBe(28);
  },
};
