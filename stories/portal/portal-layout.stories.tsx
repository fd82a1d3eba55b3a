import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/PortalLayout',
  ...portalMeta,
  args: { path: '/portal', user: 'clienteAcme' },
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
