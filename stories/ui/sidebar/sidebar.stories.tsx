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

/** Admin: every entry of the spec's table, in order, Dashboard active, the profile block and 'Sair'. */
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

/** Client: the app passes Suporte and Configurações only, and the logo goes to /support. */
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

/** Staff with some permissions: the caller passes the entries they may see. */
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

/** A nested route marks its section: /support/ticket/5 → Suporte. */
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

/** Collapsed (the default): an 88 px rail, icons only; labels stay as accessible names and tooltips. */
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

/** Hovering the rail widens it to 280 px over the page; leaving collapses it again. */
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

/** Expanded through props (e.g. pinned by the app). */
export const ExpandedControlled: Story = {
  args: { expanded: true },
  play: async ({ canvasElement, canvas }) => {
    await waitFor(() => expect(widthOf(rail(canvasElement))).toBe(280));
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('title');
  },
};

/** Keyboard: focus entering the rail expands it so labels are readable; leaving collapses it. */
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

/** Mobile, closed: nothing of the sidebar is on screen (the header's menu button opens it). */
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

/** Mobile, open: a modal overlay, 280 px wide, labels shown, over a dimmed backdrop. */
export const MobileOverlayOpen: Story = {
  ...mobile,
  args: { defaultMobileOpen: true },
  play: async () => {
    await expectMobileOverlayOpen();
    await expect(document.querySelector('[data-slot="sidebar-backdrop"]')).toBeVisible();
  },
};

/** Tapping the backdrop closes the overlay. */
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

/** The close button closes the overlay. */
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

/** Following a nav entry closes the overlay. */
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

/** Escape closes the overlay. */
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
