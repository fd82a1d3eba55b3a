import { createRoleHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Roles access section',
  ...portalMeta,
  args: { path: '/users/3', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const accessOf = async (canvas: ReturnType<typeof within>) =>
  canvas.findByRole('form', { name: 'Acessos de Carla Mendes' }, { timeout: 20000 });

/** A technician: role Técnico, one extra key beyond the role's, limited to Acme. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const form = await accessOf(canvas);
    await expect(within(form).getByRole('combobox', { name: 'Função' })).toHaveTextContent('Técnico');
    await expect(within(form).getByRole('checkbox', { name: /Ver chamados/ })).toBeDisabled();
    await expect(within(form).getByRole('checkbox', { name: /Ver empresas/ })).toBeChecked();
    await expect(within(form).getByRole('radio', { name: 'Somente empresas selecionadas' })).toBeChecked();
    const picker = within(form).getByRole('group', { name: 'Empresas permitidas' });
    await expect(await within(picker).findByRole('checkbox', { name: /Acme/ })).toBeChecked();
    await expect(form).toHaveTextContent('Permissões efetivas:');
  },
};

/** "Todas, exceto algumas" and a save: the answer shows at once. */
export const ExceptAndSave: Story = {
  play: async ({ canvas }) => {
    const form = await accessOf(canvas);
    await userEvent.click(within(form).getByRole('radio', { name: 'Todas, exceto algumas' }));
    const picker = within(form).getByRole('group', { name: 'Empresas excluídas' });
    await userEvent.click(await within(picker).findByRole('checkbox', { name: /Acme/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar acessos' }));
    // The answer replaces the form's state: the excluded company stays ticked and no error shows.
    await expect(await within(picker).findByRole('checkbox', { name: /Acme/ })).toBeChecked();
    await expect(within(form).queryByRole('alert')).toBeNull();
  },
};

/** The server's refusal (a scope without companies) is shown in Portuguese. */
export const ValidationError: Story = {
  play: async ({ canvas }) => {
    const form = await accessOf(canvas);
    await userEvent.click(within(form).getByRole('radio', { name: 'Todas, exceto algumas' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar acessos' }));
    await expect(await within(form).findByText('Escolha ao menos uma empresa a excluir')).toBeVisible();
  },
};

/** A client's access: role Cliente only; no staff keys, no scope. */
export const ClientAccount: Story = {
  args: { path: '/users/10', user: 'admin' },
  play: async ({ canvas }) => {
    const form = await canvas.findByRole('form', { name: 'Acessos de Diego Ferreira' }, { timeout: 20000 });
    await expect(form).toHaveTextContent('Clientes não recebem permissões da equipe');
    await expect(within(form).queryByRole('radio')).toBeNull();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { roles: createRoleHandlers({ failing: true }) } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Erro interno do servidor', {}, { timeout: 20000 })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const form = await accessOf(canvas);
    await expect(within(form).getByRole('button', { name: 'Salvar acessos' })).toBeVisible();
  },
};
