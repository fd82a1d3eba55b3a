import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox, Field, FieldLabel } from '@farol/ui';

const meta = {
  title: 'UI/Forms/Checkbox',
  component: Checkbox,
  tags: ['autodocs'],
  args: { 'aria-label': 'Enviar cópia ao cliente', onCheckedChange: fn() },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'Uma caixa de marcar (Radix Checkbox), com estado marcado, desmarcado, indeterminado e desativado.',
      },
    },
  },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const checkbox = canvas.getByRole('checkbox', { name: 'Enviar cópia ao cliente' });
    await expect(checkbox).not.toBeChecked();
    await userEvent.click(checkbox);
    await expect(checkbox).toBeChecked();
    await expect(checkbox).toHaveAttribute('data-state', 'checked');
    await expect(args.onCheckedChange).toHaveBeenCalledOnce();
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
    checkbox.focus();
    await userEvent.keyboard(' ');
    await expect(checkbox).not.toBeChecked();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultChecked: true },
  play: async ({ canvas, args }) => {
    const checkbox = canvas.getByRole('checkbox', { name: 'Enviar cópia ao cliente' });
    await expect(checkbox).toBeDisabled();
    await userEvent.click(checkbox, { pointerEventsCheck: 0 });
    await expect(checkbox).toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const Invalid: Story = {
  args: { 'aria-invalid': true, required: true },
  play: async ({ canvas }) => {
    const checkbox = canvas.getByRole('checkbox', { name: 'Enviar cópia ao cliente' });
    await expect(checkbox).toBeInvalid();
    await expect(checkbox).toBeRequired();
  },
};

const ROWS = ['Acme', 'Globex', 'Initech'];

/** "Selecionar todos" over a partial selection is indeterminate ('mixed'); clicking it selects all. */
function SelectAll() {
  const [selected, setSelected] = useState<string[]>(['Globex']);
  const all = selected.length === ROWS.length ? true : selected.length === 0 ? false : 'indeterminate';
  return (
    <div className="flex flex-col gap-2">
      <Field orientation="horizontal">
        <Checkbox checked={all} onCheckedChange={(checked) => setSelected(checked === true ? ROWS : [])} />
        <FieldLabel>Selecionar todos</FieldLabel>
      </Field>
      {ROWS.map((row) => (
        <Field key={row} orientation="horizontal" className="pl-6">
          <Checkbox
            checked={selected.includes(row)}
            onCheckedChange={(checked) =>
              setSelected((current) => (checked ? [...current, row] : current.filter((r) => r !== row)))
            }
          />
          <FieldLabel>{row}</FieldLabel>
        </Field>
      ))}
    </div>
  );
}

export const Indeterminate: Story = {
  render: () => <SelectAll />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const all = canvas.getByRole('checkbox', { name: 'Selecionar todos' });
    await expect(all).toHaveAttribute('aria-checked', 'mixed');
    await expect(all).toHaveAttribute('data-state', 'indeterminate');
    await expect(all.querySelector('.lucide-minus')).toBeVisible();
    await userEvent.click(all);
    await expect(all).toBeChecked();
    for (const name of ROWS) await expect(canvas.getByRole('checkbox', { name })).toBeChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Acme' }));
    await expect(all).toHaveAttribute('aria-checked', 'mixed');
  },
};
