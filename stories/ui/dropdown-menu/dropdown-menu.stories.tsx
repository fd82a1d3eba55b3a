import type { Meta, StoryObj } from '@storybook/react-vite';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  Button,
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '@farol/ui';

const onEdit = fn();
const onDelete = fn();
const onExport = fn();

function ConnectionMenu(props: React.ComponentProps<typeof DropdownMenu>) {
  const [columns, setColumns] = useState({ host: true, user: false });
  const [density, setDensity] = useState('confortavel');
  return (
    <DropdownMenu {...props}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">Opções</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-56">
        <DropdownMenuLabel>Conexão srv-01</DropdownMenuLabel>
        <DropdownMenuGroup>
          <DropdownMenuItem onSelect={onEdit}>
            <PencilIcon aria-hidden="true" />
            Editar
            <DropdownMenuShortcut>Ctrl+E</DropdownMenuShortcut>
          </DropdownMenuItem>
          <DropdownMenuItem disabled>Duplicar</DropdownMenuItem>
          <DropdownMenuSub>
            <DropdownMenuSubTrigger>Exportar</DropdownMenuSubTrigger>
            <DropdownMenuSubContent>
              <DropdownMenuItem onSelect={() => onExport('rdp')}>Arquivo .rdp</DropdownMenuItem>
              <DropdownMenuItem onSelect={() => onExport('ssh')}>Comando ssh</DropdownMenuItem>
            </DropdownMenuSubContent>
          </DropdownMenuSub>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Colunas</DropdownMenuLabel>
        <DropdownMenuCheckboxItem
          checked={columns.host}
          onCheckedChange={(host) => setColumns((c) => ({ ...c, host }))}
        >
          Host
        </DropdownMenuCheckboxItem>
        <DropdownMenuCheckboxItem
          checked={columns.user}
          onCheckedChange={(user) => setColumns((c) => ({ ...c, user }))}
        >
          Usuário
        </DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={density} onValueChange={setDensity}>
          <DropdownMenuRadioItem value="confortavel">Confortável</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="compacta">Compacta</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={onDelete}>
          <Trash2Icon aria-hidden="true" />
          Excluir conexão
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const meta = {
  title: 'UI/DropdownMenu',
  component: ConnectionMenu,
  tags: ['autodocs'],
  parameters: {
    layout: 'centered',
    docs: {
      description: {
        component:
          'Um menu suspenso de ações (Radix DropdownMenu), aqui o de uma conexão: itens, atalhos, itens de marcar e de escolha única, um item desativado; usável só pelo teclado.',
      },
    },
  },
} satisfies Meta<typeof ConnectionMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

const trigger = () => screen.getByRole('button', { name: 'Opções' });

export const Open: Story = {
  play: async () => {
    await userEvent.click(trigger());
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByText('Conexão srv-01')).toBeVisible();
    await expect(within(menu).getByRole('menuitem', { name: 'Duplicar' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(within(menu).getByRole('menuitemcheckbox', { name: 'Host' })).toBeChecked();
    await expect(within(menu).getByRole('menuitemradio', { name: 'Confortável' })).toBeChecked();
    await expect(within(menu).getAllByRole('separator')).toHaveLength(3);
    const destructive = within(menu).getByRole('menuitem', { name: 'Excluir conexão' });
    await expect(destructive).toHaveAttribute('data-variant', 'destructive');
    await expect(getComputedStyle(destructive).color).toBe('rgb(248, 113, 113)');
    await userEvent.click(within(menu).getByRole('menuitem', { name: /Editar/ }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await expect(onEdit).toHaveBeenCalled();
    await expect(trigger()).toHaveFocus();
  },
};

/** Enter abre no primeiro item; as setas pulam o desativado; digitar salta para o item; Escape devolve o foco. */
export const Keyboard: Story = {
  play: async () => {
    trigger().focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const item = (name: RegExp | string) => within(menu).getByRole('menuitem', { name });
    await waitFor(() => expect(item(/Editar/)).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(item('Exportar')).toHaveFocus();
    // The submenu opens with ArrowRight and closes with ArrowLeft.
    await userEvent.keyboard('{ArrowRight}');
    const sub = await screen.findByRole('menuitem', { name: 'Arquivo .rdp' });
    await waitFor(() => expect(sub).toHaveFocus());
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(item('Exportar')).toHaveFocus());
    await userEvent.keyboard('e');
    await waitFor(() => expect(item('Excluir conexão')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await expect(trigger()).toHaveFocus();
  },
};

/** Itens de marcar e de escolha única mostram o estado (marcado / escolhido) cada vez que o menu abre. */
export const CheckboxAndRadioItems: Story = {
  play: async () => {
    await userEvent.click(trigger());
    const menu = await screen.findByRole('menu');
    const user = within(menu).getByRole('menuitemcheckbox', { name: 'Usuário' });
    await userEvent.click(user);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await userEvent.click(trigger());
    const reopened = await screen.findByRole('menu');
    await expect(within(reopened).getByRole('menuitemcheckbox', { name: 'Usuário' })).toBeChecked();
    await userEvent.click(within(reopened).getByRole('menuitemradio', { name: 'Compacta' }));
    await userEvent.click(trigger());
    await expect(
      within(await screen.findByRole('menu')).getByRole('menuitemradio', { name: 'Compacta' }),
    ).toBeChecked();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

export const DestructiveItem: Story = {
  play: async () => {
    await userEvent.click(trigger());
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Excluir conexão' }));
    await expect(onDelete).toHaveBeenCalled();
  },
};
