import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { NAV_ITEMS, logoHref } from '@farol/data';
import { Sidebar } from '@farol/ui';
import {
  ADMIN_SUBJECT,
  SAMPLE_AVATAR_URL,
  sidebarItemsFor,
  storyRenderLink,
  widthOf,
} from '../primitives/story-fixtures';

const ALL_LABELS = NAV_ITEMS.map((item) => item.label);
const CLIENT_SUBJECT = { role: 'cliente', permissions: [] };

const meta = {
  title: 'UI/Sidebar',
  component: Sidebar,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'A navegação da equipe. No desktop, um trilho de 88 px que se alarga para 280 px por cima da página com o mouse ou o foco do teclado. No celular, uma sobreposição modal que fecha pelo fundo, pelo botão de fechar, por um clique na navegação ou por Escape.',
      },
    },
  },
  args: {
    items: sidebarItemsFor(ADMIN_SUBJECT, '/dashboard'),
    logoHref: '/dashboard',
    user: { name: 'Ana Souza', role: 'Administradora', avatarUrl: SAMPLE_AVATAR_URL },
    renderLink: storyRenderLink,
    onSignOut: fn(),
    onExpandedChange: fn(),
    onMobileOpenChange: fn(),
  },
  globals: { viewport: { value: 'desktop' } },
  decorators: [
    (Story) => (
      <div className="flex min-h-svh">
        <Story />
        <main className="flex-1 p-8">
          <h1 className="text-2xl font-semibold">Conteúdo da página</h1>
        </main>
      </div>
    ),
  ],
} satisfies Meta<typeof Sidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

const nav = () => screen.getByRole('navigation', { name: 'Navegação principal' });
const navLabels = () =>
  within(nav())
    .getAllByRole('link')
    .map((link) => link.textContent);
const rail = (root: HTMLElement) => root.querySelector('[data-slot="sidebar-rail"]') as HTMLElement;

async function expectViewport(width: number) {
  await waitFor(() => expect(window.innerWidth).toBe(width));
}

/** Admin: todas as entradas da tabela da spec, em ordem, Dashboard ativo, o bloco de perfil e 'Sair'. */
export const Admin: Story = {
  play: async ({ canvas, args }) => {
    await expectViewport(1280);
    await expect(navLabels()).toEqual(ALL_LABELS);
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Suporte' })).not.toHaveAttribute('aria-current');
    await expect(canvas.getByRole('link', { name: /Farol/ })).toHaveAttribute('href', '/dashboard');
    await expect(canvas.getByText('Ana Souza')).toBeInTheDocument();
    await expect(canvas.getByText('Administradora')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Sair' }));
    await expect(args.onSignOut).toHaveBeenCalledOnce();
  },
};

/** Cliente: o app passa só Suporte e Configurações, e o logo leva a /support. */
export const Client: Story = {
  args: {
    items: sidebarItemsFor(CLIENT_SUBJECT, '/support'),
    logoHref: logoHref(CLIENT_SUBJECT),
    user: { name: 'Carlos Pereira', role: 'Cliente', avatarUrl: null },
  },
  play: async ({ canvas }) => {
    await expect(navLabels()).toEqual(['Suporte', 'Configurações']);
    await expect(canvas.getByRole('link', { name: /Farol/ })).toHaveAttribute('href', '/support');
    await expect(canvas.getByRole('link', { name: 'Suporte' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  },
};

const STAFF_PERMISSIONS = ['tickets.view', 'tasks.view', 'connections.view'];

/** Equipe com parte das permissões: quem usa passa as entradas que a pessoa pode ver. */
export const StaffWithSubset: Story = {
  args: {
    items: sidebarItemsFor({ role: 'tecnico', permissions: STAFF_PERMISSIONS }, '/tasks'),
    user: { name: 'Bruno Lima', role: 'Técnico', avatarUrl: null },
  },
  play: async ({ canvas }) => {
    await expect(navLabels()).toEqual(['Dashboard', 'Suporte', 'Tarefas', 'Conexões', 'Configurações']);
    await expect(canvas.getByRole('link', { name: 'Tarefas' })).toHaveAttribute('aria-current', 'page');
    // No picture: the profile block falls back to initials.
    await expect(canvas.getByText('BL')).toBeVisible();
    await expect(canvas.getByText('Técnico')).toBeInTheDocument();
  },
};

/** Uma rota aninhada marca a sua seção: /support/ticket/5 → Suporte. */
export const ActiveNestedRoute: Story = {
  args: { items: sidebarItemsFor(ADMIN_SUBJECT, '/support/ticket/5') },
  play: async ({ canvas }) => {
    const active = within(nav())
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    await expect(active.map((link) => link.textContent)).toEqual(['Suporte']);
    await expect(canvas.getByRole('link', { name: 'Suporte' })).toHaveAttribute('href', '/support');
  },
};

/** Recolhida (o padrão): um trilho de 88 px, só ícones; os rótulos ficam como nomes acessíveis e dicas. */
export const Collapsed: Story = {
  play: async ({ canvasElement, canvas }) => {
    await expectViewport(1280);
    await expect(canvasElement.querySelector('[data-slot="sidebar"]')).toHaveAttribute(
      'data-state',
      'collapsed',
    );
    await expect(widthOf(rail(canvasElement))).toBe(88);
    await expect(widthOf(canvasElement.querySelector('[data-slot="sidebar"]')!)).toBe(88);
    const tasks = canvas.getByRole('link', { name: 'Tarefas' });
    await expect(tasks).toHaveAttribute('title', 'Tarefas');
    // The label is off-screen (sr-only), not removed.
    await expect(widthOf(within(tasks).getByText('Tarefas'))).toBeLessThanOrEqual(1);
    await expect(canvas.getByRole('button', { name: 'Sair' })).toHaveAttribute('title', 'Sair');
  },
};

/** Passar o mouse sobre o trilho o alarga para 280 px por cima da página; ao sair, ele recolhe de novo. */
export const HoverExpanded: Story = {
  play: async ({ canvasElement, canvas, args }) => {
    const railElement = rail(canvasElement);
    await userEvent.hover(railElement);
    await waitFor(() => expect(widthOf(railElement)).toBe(280));
    await expect(args.onExpandedChange).toHaveBeenLastCalledWith(true);
    await expect(canvasElement.querySelector('[data-slot="sidebar"]')).toHaveAttribute(
      'data-state',
      'expanded',
    );
    // The footprint stays 88 px: the page does not reflow under the widened panel.
    await expect(widthOf(canvasElement.querySelector('[data-slot="sidebar"]')!)).toBe(88);
    const label = within(canvas.getByRole('link', { name: 'Gerenciar Usuários' })).getByText(
      'Gerenciar Usuários',
    );
    await expect(widthOf(label)).toBeGreaterThan(40);
    await expect(canvas.getByText('Ana Souza')).toBeVisible();
    await userEvent.unhover(railElement);
    await waitFor(() => expect(widthOf(railElement)).toBe(88));
    await expect(args.onExpandedChange).toHaveBeenLastCalledWith(false);
  },
};

/** Expandida por props (por exemplo, fixada pelo app). */
export const ExpandedControlled: Story = {
  args: { expanded: true },
  play: async ({ canvasElement, canvas }) => {
    await waitFor(() => expect(widthOf(rail(canvasElement))).toBe(280));
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('title');
  },
};

/** Teclado: o foco entrando no trilho o expande para os rótulos ficarem legíveis; ao sair, ele recolhe. */
export const KeyboardFocusExpands: Story = {
  decorators: [
    (Story) => (
      <>
        <button type="button">Antes</button>
        <Story />
      </>
    ),
  ],
  play: async ({ canvasElement, canvas }) => {
    canvas.getByRole('button', { name: 'Antes' }).focus();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: /Farol/ })).toHaveFocus();
    await waitFor(() => expect(widthOf(rail(canvasElement))).toBe(280));
    await userEvent.tab({ shift: true });
    await waitFor(() => expect(widthOf(rail(canvasElement))).toBe(88));
  },
};

const mobile = { globals: { viewport: { value: 'mobile' } } } as const;

/** Celular, fechada: nada da barra lateral fica na tela (o botão de menu do cabeçalho a abre). */
export const MobileClosed: Story = {
  ...mobile,
  play: async ({ canvasElement }) => {
    await expectViewport(375);
    await expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).toBeNull();
    await expect(screen.queryByRole('dialog')).toBeNull();
    await expect(canvasElement.querySelector('[data-slot="sidebar-rail"]')).toBeNull();
  },
};

async function expectMobileOverlayOpen() {
  await expectViewport(375);
  const dialog = await screen.findByRole('dialog', { name: 'Menu' });
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await waitFor(() => expect(widthOf(dialog)).toBe(280));
  await expect(within(dialog).getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();
  await expect(within(dialog).getByText('Dashboard')).toBeVisible();
  await expect(within(dialog).getByText('Ana Souza')).toBeVisible();
  await expect(within(dialog).getByRole('button', { name: 'Sair' })).toBeVisible();
  return dialog;
}

/** Celular, aberta: uma sobreposição modal de 280 px, com rótulos, sobre um fundo escurecido. */
export const MobileOverlayOpen: Story = {
  ...mobile,
  args: { defaultMobileOpen: true },
  play: async () => {
    await expectMobileOverlayOpen();
    await expect(document.querySelector('[data-slot="sidebar-backdrop"]')).toBeVisible();
  },
};

/** Tocar no fundo fecha a sobreposição. */
export const MobileClosesOnBackdrop: Story = {
  ...mobile,
  args: { defaultMobileOpen: true },
  play: async ({ args }) => {
    await expectMobileOverlayOpen();
    const backdrop = document.querySelector('[data-slot="sidebar-backdrop"]') as HTMLElement;
    // Tap the backdrop to the right of the 280 px panel.
    await userEvent.pointer({
      keys: '[MouseLeft]',
      target: backdrop,
      coords: { clientX: 340, clientY: 300 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onMobileOpenChange).toHaveBeenLastCalledWith(false);
  },
};

/** O botão de fechar fecha a sobreposição. */
export const MobileClosesOnCloseButton: Story = {
  ...mobile,
  args: { defaultMobileOpen: true },
  play: async ({ args }) => {
    const dialog = await expectMobileOverlayOpen();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fechar menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onMobileOpenChange).toHaveBeenLastCalledWith(false);
  },
};

/** Seguir uma entrada da navegação fecha a sobreposição. */
export const MobileClosesOnNavClick: Story = {
  ...mobile,
  args: { defaultMobileOpen: true },
  play: async ({ args }) => {
    const dialog = await expectMobileOverlayOpen();
    await userEvent.click(within(dialog).getByRole('link', { name: 'Senhas' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onMobileOpenChange).toHaveBeenLastCalledWith(false);
  },
};

/** Escape fecha a sobreposição. */
export const MobileClosesOnEscape: Story = {
  ...mobile,
  args: { defaultMobileOpen: true },
  play: async ({ args }) => {
    await expectMobileOverlayOpen();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onMobileOpenChange).toHaveBeenLastCalledWith(false);
  },
};
