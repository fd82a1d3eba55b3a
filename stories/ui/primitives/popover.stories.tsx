import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { Button, Popover, PopoverClose, PopoverContent, PopoverTrigger } from '@farol/ui';

const meta = {
  title: 'UI/Primitives/Popover',
  component: Popover,
  tags: ['autodocs'],
  parameters: {
    layout: 'centered',
    docs: {
      description: {
        component: 'Um painel flutuante ancorado a um botão (Radix Popover); Escape fecha e devolve o foco.',
      },
    },
  },
  render: (args) => (
    <Popover {...args}>
      <PopoverTrigger asChild>
        <Button variant="outline">Detalhes</Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Detalhes do chamado">
        <p className="text-sm">Chamado #42 aberto há 3 dias.</p>
        <PopoverClose asChild>
          <Button size="sm" variant="secondary" className="mt-3">
            Fechar
          </Button>
        </PopoverClose>
      </PopoverContent>
    </Popover>
  ),
} satisfies Meta<typeof Popover>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Detalhes' })).toHaveAttribute('aria-expanded', 'false');
    await expect(screen.queryByText('Chamado #42 aberto há 3 dias.')).toBeNull();
  },
};

export const OpenAndEscapeReturnsFocus: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Detalhes' });
    await userEvent.click(trigger);
    await expect(await screen.findByText('Chamado #42 aberto há 3 dias.')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Chamado #42 aberto há 3 dias.')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};
