import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge, CountBadge } from '@farol/ui';

const meta = {
  title: 'UI/Primitives/Badge',
  component: Badge,
  tags: ['autodocs'],
  args: { children: 'Novo' },
  parameters: {
    layout: 'centered',
    docs: {
      description: {
        component: "Um selo de status ou de contagem; contagens acima de 99 aparecem como '99+'.",
      },
    },
  },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Variants: Story = {
  render: (args) => (
    <div className="flex gap-2">
      <Badge {...args} />
      <Badge {...args} variant="secondary">
        Secundário
      </Badge>
      <Badge {...args} variant="destructive">
        Urgente
      </Badge>
      <Badge {...args} variant="outline">
        Contorno
      </Badge>
    </div>
  ),
  play: async ({ canvas }) => {
    for (const text of ['Novo', 'Secundário', 'Urgente', 'Contorno'])
      await expect(canvas.getByText(text)).toBeVisible();
  },
};

const COUNTS = [0, 1, 7, 99, 100, 5000];

/** A regra do 99+: 0 não mostra badge, até 99 mostra o número, acima de 99 '99+'. */
export const Counts: Story = {
  render: () => (
    <ul className="flex gap-6">
      {COUNTS.map((count) => (
        <li key={count} className="relative flex size-10 items-center justify-center rounded-md bg-secondary">
          <span className="text-xs text-secondary-foreground">{count}</span>
          <CountBadge count={count} data-testid={`badge-${count}`} />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.queryByTestId('badge-0')).toBeNull();
    await expect(canvas.getByTestId('badge-1')).toHaveTextContent(/^1$/);
    await expect(canvas.getByTestId('badge-7')).toHaveTextContent(/^7$/);
    await expect(canvas.getByTestId('badge-99')).toHaveTextContent(/^99$/);
    await expect(canvas.getByTestId('badge-100')).toHaveTextContent(/^99\+$/);
    await expect(canvas.getByTestId('badge-5000')).toHaveTextContent(/^99\+$/);
    await expect(canvas.getByTestId('badge-7')).toBeVisible();
  },
};
