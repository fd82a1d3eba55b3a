import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Spinner } from '@farol/ui';

const meta = {
  title: 'UI/Primitives/Spinner',
  component: Spinner,
  tags: ['autodocs'],
  parameters: {
    layout: 'centered',
    docs: { description: { component: "O indicador de carregamento, com nome acessível 'Carregando…'." } },
  },
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Carregando…' })).toBeVisible();
  },
};

export const WithVisibleLabel: Story = {
  args: { showLabel: true, size: 'sm' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Carregando…');
  },
};
