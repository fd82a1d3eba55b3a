import type { Meta, StoryObj } from '@storybook/react-vite';
import { BellIcon, RefreshCwIcon } from 'lucide-react';
import { expect, fn, userEvent } from 'storybook/test';
import { CountBadge, IconButton } from '@farol/ui';

const meta = {
  title: 'UI/Primitives/IconButton',
  component: IconButton,
  tags: ['autodocs'],
  args: { label: 'Atualizar', onClick: fn(), children: <RefreshCwIcon aria-hidden="true" /> },
  parameters: {
    layout: 'centered',
    docs: {
      description: { component: 'Um botão quadrado só com ícone; o rótulo é o nome acessível e a dica.' },
    },
  },
} satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Atualizar' });
    await expect(button).toHaveAttribute('title', 'Atualizar');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const WithCountBadge: Story = {
  args: {
    label: 'Notificações, 120 não lidas',
    children: (
      <>
        <BellIcon aria-hidden="true" />
        <CountBadge count={120} />
      </>
    ),
  },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Notificações, 120 não lidas' });
    await expect(button).toHaveTextContent('99+');
  },
};
