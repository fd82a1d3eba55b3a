import { createVaultRequestMock, vaultRequestHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalHandlers } from './support/portal-handlers';
import { portalMeta } from './support/portal-story';

/** A company's Visão geral: the vault's figures (items the person reaches, rotations due or overdue). */
const meta = {
  title: 'Portal/Senhas/Indicadores da empresa',
  ...portalMeta,
  parameters: { msw: { handlers: portalHandlers() } },
  args: { path: '/companies/100', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const figuresOf = async (canvas: ReturnType<typeof within>) => {
  await expect(
    await canvas.findByRole('heading', { level: 1, name: /Acme Logística|Globex|Grupo Aurora/ }),
  ).toBeVisible();
  const panel = canvas.getByRole('tabpanel');
  const group = within(await within(panel).findByRole('group', { name: 'Indicadores' }));
  const card = async (name: string) =>
    (await group.findByRole('heading', { name })).closest('[data-slot="card"]')!;
  return { group, card };
};

/** Acme: 4 items, 1 rotation due and overdue (in red), each linking to the vault filtered on the company. */
export const Figures: Story = {
  play: async ({ canvas }) => {
    const { group, card } = await figuresOf(canvas);
    const items = await card('Senhas');
    await expect(items).toHaveTextContent('4');
    await expect(group.getByRole('link', { name: 'Ver senhas' })).toHaveAttribute(
      'href',
      '/passwords?empresa=100',
    );
    const rotations = await card('Trocas de senha');
    await expect(rotations).toHaveTextContent('1');
    await expect(within(rotations as HTMLElement).getByText('1')).toHaveClass('text-destructive');
    await expect(group.getByRole('link', { name: '1 vencida(s) · ver trocas' })).toHaveAttribute(
      'href',
      '/passwords?empresa=100&troca=proxima',
    );
  },
};

/** Globex: items, no rotation due. */
export const NoRotationDue: Story = {
  args: { path: '/companies/101' },
  play: async ({ canvas }) => {
    const { card } = await figuresOf(canvas);
    await expect(await card('Senhas')).toHaveTextContent('2');
    const rotations = await card('Trocas de senha');
    await expect(rotations).toHaveTextContent('0');
    await expect(rotations).toHaveTextContent('Nenhuma troca próxima');
  },
};

/** Due soon, none overdue: the link says so, the figure is not red. */
export const DueSoon: Story = {
  parameters: {
    msw: {
      handlers: {
        passwordRequests: (() => {
          const mock = createVaultRequestMock();
          mock.database.figures.set(100, { items: 1280, due: 12, overdue: 0 });
          return mock.handlers;
        })(),
      },
    },
  },
  play: async ({ canvas }) => {
    const { group, card } = await figuresOf(canvas);
    await expect(await card('Senhas')).toHaveTextContent('1.280');
    const rotations = await card('Trocas de senha');
    await expect(within(rotations as HTMLElement).getByText('12')).not.toHaveClass('text-destructive');
    await expect(group.getByRole('link', { name: 'Ver trocas próximas' })).toBeVisible();
  },
};

/** A company with nothing in the vault. */
export const Empty: Story = {
  args: { path: '/companies/102' },
  parameters: { msw: { handlers: { passwordRequests: vaultRequestHandlers.empty() } } },
  play: async ({ canvas }) => {
    const { card } = await figuresOf(canvas);
    await expect(await card('Senhas')).toHaveTextContent('Nenhuma no cofre');
    await expect(await card('Trocas de senha')).toHaveTextContent('Nenhuma troca próxima');
  },
};

/** The vault's figures on their way: their places hold the layout, the other figures already show. */
export const Loading: Story = {
  parameters: { msw: { handlers: { passwordRequests: vaultRequestHandlers.loading() } } },
  play: async ({ canvas }) => {
    const { group } = await figuresOf(canvas);
    await expect(await group.findByRole('heading', { name: 'Chamados abertos' })).toBeVisible();
    await expect(group.queryByRole('heading', { name: 'Senhas' })).toBeNull();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const { card } = await figuresOf(canvas);
    await expect(await card('Senhas')).toBeVisible();
    await expect(await card('Trocas de senha')).toHaveTextContent('1');
  },
};
