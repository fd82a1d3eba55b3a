import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { portalHandlers } from './support/portal-handlers';
import { PortalStory, portalBeforeEach, portalLoaders, renderPortal } from './support/portal-story';

const meta = {
  title: 'Portal/PortalLayout',
  component: PortalStory,
  args: { path: '/portal', user: 'clienteAcme' },
  loaders: portalLoaders,
  beforeEach: portalBeforeEach,
  render: renderPortal,
  parameters: { msw: { handlers: portalHandlers() } },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ClientHome: Story = {
  play: async ({ canvas }) => {
    const nav = await canvas.findByRole('navigation', { name: 'Portal do cliente' });
    await expect(within(nav).getByRole('link', { name: /Início/ })).toBeVisible();
    await expect(await canvas.findByText(/^(Bom dia|Boa tarde|Boa noite), Diego!$/)).toBeVisible();
    await expect(await canvas.findByRole('link', { name: /^Mensagens, \d+ não lidas?$/ })).toHaveAttribute(
      'href',
      '/portal/messages',
    );
    await expect(canvas.queryByRole('button', { name: 'Abrir assistente' })).toBeNull();
  },
};

/** A client who opens a staff page lands in the portal. */
export const ClientOnStaffPath: Story = {
  args: { path: '/dashboard' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('navigation', { name: 'Portal do cliente' })).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Navegação principal' })).toBeNull();
  },
};
