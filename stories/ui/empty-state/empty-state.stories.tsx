import type { Meta, StoryObj } from '@storybook/react-vite';
import { BuildingIcon, SearchXIcon } from 'lucide-react';
import { expect, fn, userEvent } from 'storybook/test';
import { Button, EmptyState } from '@farol/ui';

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  args: {
    icon: <BuildingIcon />,
    title: 'Nenhuma empresa cadastrada',
    description: 'Cadastre a primeira empresa para abrir chamados e guardar senhas em nome dela.',
  },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'O que uma lista ou página mostra quando não tem nada a mostrar, e o que fazer a respeito.',
      },
    },
  },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

const onCreate = fn();

export const WithAction: Story = {
  args: { action: <Button onClick={onCreate}>Nova empresa</Button>, border: 'dashed' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Nenhuma empresa cadastrada' })).toBeVisible();
    await expect(canvas.getByText(/Cadastre a primeira empresa/)).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="empty-state-icon"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Nova empresa' }));
    await expect(onCreate).toHaveBeenCalledOnce();
  },
};

/** Depois de uma busca sem resultado: compacto, com um caminho de volta. */
export const NoResults: Story = {
  args: {
    icon: <SearchXIcon />,
    title: 'Nenhum resultado para “globex”',
    description: 'Confira a grafia ou limpe os filtros.',
    action: <Button variant="outline">Limpar filtros</Button>,
    size: 'compact',
    titleAs: 'h3',
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 3, name: 'Nenhum resultado para “globex”' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Limpar filtros' })).toBeVisible();
  },
};

export const TitleOnly: Story = {
  args: { icon: undefined, description: undefined, title: 'Sem contatos.', titleAs: 'p' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sem contatos.')).toBeVisible();
    await expect(canvas.queryByRole('heading')).toBeNull();
  },
};
