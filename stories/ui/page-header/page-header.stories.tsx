import type { Meta, StoryObj } from '@storybook/react-vite';
import { PlusIcon } from 'lucide-react';
import { expect, waitFor, within } from 'storybook/test';
import { Button, PageHeader } from '@farol/ui';
import { storyRenderLink } from '../primitives/story-fixtures';

const meta = {
  title: 'UI/PageHeader',
  component: PageHeader,
  tags: ['autodocs'],
  args: {
    title: 'Empresas',
    description: 'Clientes atendidos, com filiais, contatos e contratos.',
    renderLink: storyRenderLink,
    actions: (
      <>
        <Button variant="outline">Exportar</Button>
        <Button>
          <PlusIcon aria-hidden="true" />
          Nova empresa
        </Button>
      </>
    ),
  },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'O topo de uma página de módulo: trilha opcional, o título (<h1>) da página, uma descrição e as ações da página.',
      },
    },
  },
} satisfies Meta<typeof PageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const title = canvas.getByRole('heading', { level: 1, name: 'Empresas' });
    await expect(canvas.getByText('Clientes atendidos, com filiais, contatos e contratos.')).toBeVisible();
    const action = canvas.getByRole('button', { name: 'Nova empresa' });
    // Actions beside the title on a wide screen.
    await expect(action.getBoundingClientRect().left).toBeGreaterThan(title.getBoundingClientRect().right);
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

export const WithBreadcrumbs: Story = {
  args: {
    title: 'Acme Indústria Ltda',
    description: undefined,
    breadcrumbs: [
      { label: 'Empresas', href: '/companies' },
      { label: 'Acme Indústria Ltda', href: '/companies/7' },
      { label: 'Filiais' },
    ],
  },
  play: async ({ canvas }) => {
    const trail = canvas.getByRole('navigation', { name: 'Trilha de navegação' });
    const links = within(trail).getAllByRole('link');
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(['/companies', '/companies/7']);
    await expect(within(trail).getByText('Filiais')).toHaveAttribute('aria-current', 'page');
  },
};

/** No celular as ações descem para baixo do título, e um título longo quebra a linha em vez de transbordar. */
export const LongTitleOnPhone: Story = {
  globals: { viewport: { value: 'mobile' } },
  args: { title: 'Gerenciar Usuários da Companhia Brasileira de Distribuição S.A.' },
  play: async ({ canvas }) => {
    await waitFor(() => expect(window.innerWidth).toBe(375));
    const title = canvas.getByRole('heading', { level: 1 });
    const action = canvas.getByRole('button', { name: 'Nova empresa' });
    await expect(action.getBoundingClientRect().top).toBeGreaterThan(title.getBoundingClientRect().bottom);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  },
};

export const TitleOnly: Story = {
  args: { description: undefined, actions: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Empresas' })).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
