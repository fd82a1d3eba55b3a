import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@farol/ui';

const meta = {
  title: 'UI/Primitives/Dialog',
  component: Dialog,
  tags: ['autodocs'],
  parameters: {
    layout: 'centered',
    docs: {
      description: {
        component:
          'Um diálogo modal (Radix Dialog): o foco fica dentro, Escape fecha e o foco volta para quem abriu.',
      },
    },
  },
  render: (args) => (
    <Dialog {...args}>
      <DialogTrigger asChild>
        <Button variant="outline">Encerrar chamado</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Encerrar chamado #42?</DialogTitle>
          <DialogDescription>
            O cliente será avisado por e-mail e poderá reabrir em até 7 dias.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancelar</Button>
          </DialogClose>
          <DialogClose asChild>
            <Button>Encerrar</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Encerrar chamado #42?' });
    await expect(dialog).toHaveAccessibleDescription(
      'O cliente será avisado por e-mail e poderá reabrir em até 7 dias.',
    );
    await expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Encerrar' })).toBeVisible();
    // Focus starts inside and Tab cannot leave.
    await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 4; i += 1) {
      await userEvent.tab();
      await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Encerrar chamado' });
    await userEvent.click(trigger);
    await screen.findByRole('dialog', { name: 'Encerrar chamado #42?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

export const CloseButtonCloses: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Encerrar chamado' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Encerrar chamado #42?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};
