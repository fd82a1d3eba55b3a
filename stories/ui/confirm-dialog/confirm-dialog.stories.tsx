import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  Button,
  ConfirmDialog,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@farol/ui';

const meta = {
  title: 'UI/ConfirmDialog',
  component: ConfirmDialog,
  tags: ['autodocs'],
  args: {
    trigger: <Button variant="destructive">Excluir empresa</Button>,
    title: 'Excluir Acme Indústria Ltda?',
    description: 'As 3 filiais e os 12 contatos serão removidos. Os chamados ficam no histórico.',
    confirmLabel: 'Excluir empresa',
    variant: 'destructive',
    onConfirm: fn(),
  },
  parameters: {
    layout: 'centered',
    docs: {
      description: {
        component:
          'Pergunta antes de fazer algo que importa: o foco começa em Cancelar, Escape cancela e o foco volta para o que abriu o diálogo.',
      },
    },
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const openDialog = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Excluir empresa' }));
  return screen.findByRole('alertdialog', { name: 'Excluir Acme Indústria Ltda?' });
};

/** O foco começa em Cancelar (a escolha segura); Escape cancela e o foco volta para o botão que abriu. */
export const CancelReturnsFocus: Story = {
  play: async ({ args }) => {
    const dialog = await openDialog();
    await expect(dialog).toHaveAccessibleDescription(
      'As 3 filiais e os 12 contatos serão removidos. Os chamados ficam no histórico.',
    );
    await expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    // Tab stays inside.
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Excluir empresa' })).toHaveFocus();
    await userEvent.tab();
    await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(screen.getByRole('button', { name: 'Excluir empresa' })).toHaveFocus();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const Destructive: Story = {
  play: async ({ args }) => {
    const dialog = await openDialog();
    const confirm = within(dialog).getByRole('button', { name: 'Excluir empresa' });
    await expect(confirm).toHaveAttribute('data-slot', 'confirm-dialog-confirm');
    // Red like the destructive button.
    await expect(getComputedStyle(confirm).backgroundColor).toBe('rgb(248, 113, 113)');
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await expect(screen.getByRole('button', { name: 'Excluir empresa' })).toHaveFocus();
  },
};

export const Default: Story = {
  args: {
    trigger: <Button>Encerrar chamado</Button>,
    title: 'Encerrar o chamado #1042?',
    description: 'O cliente poderá reabrir em até 7 dias.',
    confirmLabel: undefined,
    variant: 'default',
  },
  play: async ({ args }) => {
    await userEvent.click(screen.getByRole('button', { name: 'Encerrar chamado' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Encerrar o chamado #1042?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};

/** Uma confirmação assíncrona: os botões aguardam ('Aguarde…' para leitores de tela), um clique duplo confirma uma vez só. */
export const Pending: Story = {
  args: { onConfirm: fn(() => new Promise<void>((resolve) => setTimeout(resolve, 600))) },
  play: async ({ args }) => {
    const dialog = await openDialog();
    const confirm = within(dialog).getByRole('button', { name: 'Excluir empresa' });
    await userEvent.dblClick(confirm);
    await expect(confirm).toHaveAttribute('aria-disabled', 'true');
    await expect(dialog).toHaveAttribute('aria-busy', 'true');
    await expect(within(dialog).getByRole('status')).toHaveTextContent('Aguarde…');
    // Escape and Cancelar wait for the action.
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await expect(screen.getByRole('alertdialog')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};

let failuresLeft = 0;

/** Uma confirmação que falha mantém o diálogo aberto com a mensagem do servidor; tentar de novo pode dar certo. */
export const Error: Story = {
  beforeEach: () => {
    failuresLeft = 1;
  },
  args: {
    onConfirm: fn(async () => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new globalThis.Error('A empresa tem 4 chamados em aberto.');
      }
    }),
  },
  play: async ({ args }) => {
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir empresa' }));
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent('A empresa tem 4 chamados em aberto.');
    await expect(screen.getByRole('alertdialog')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir empresa' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onConfirm).toHaveBeenCalledTimes(2);
  },
};

export const ErrorWithoutMessage: Story = {
  args: { onConfirm: fn(() => Promise.reject(new globalThis.Error(''))) },
  play: async () => {
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir empresa' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Não foi possível concluir. Tente novamente.',
    );
  },
};

/** Opened from a row's menu (no trigger of its own): focus returns to the menu's button. */
function FromMenu({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">Ações da empresa</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem>Editar</DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={() => setOpen(true)}>
            Excluir
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Excluir Acme Indústria Ltda?"
        confirmLabel="Excluir"
        variant="destructive"
        onConfirm={onConfirm}
      />
    </>
  );
}

export const OpenedFromMenu: Story = {
  render: (args) => <FromMenu onConfirm={args.onConfirm} />,
  play: async ({ args }) => {
    const menuButton = screen.getByRole('button', { name: 'Ações da empresa' });
    menuButton.focus();
    await userEvent.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: 'Excluir' });
    await waitFor(() => expect(item).toBeVisible());
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(item).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir Acme Indústria Ltda?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(menuButton).toHaveFocus());
    // Nothing is left blocking the page.
    await expect(getComputedStyle(document.body).pointerEvents).not.toBe('none');
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** No celular: os botões se empilham, Cancelar embaixo, cada um da largura do diálogo. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  args: { defaultOpen: true },
  play: async () => {
    await waitFor(() => expect(window.innerWidth).toBe(375));
    const dialog = await screen.findByRole('alertdialog');
    const cancel = within(dialog).getByRole('button', { name: 'Cancelar' }).getBoundingClientRect();
    const confirm = within(dialog).getByRole('button', { name: 'Excluir empresa' }).getBoundingClientRect();
    await expect(cancel.top).toBeGreaterThan(confirm.bottom - 1);
    await expect(Math.round(cancel.width)).toBe(Math.round(confirm.width));
    await expect(dialog.getBoundingClientRect().right).toBeLessThanOrEqual(375);
  },
};
