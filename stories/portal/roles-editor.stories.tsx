import { roleHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Roles editor',
  ...portalMeta,
  args: { path: '/user-management/roles', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const rolesNav = async (canvas: ReturnType<typeof within>) =>
  canvas.findByRole('navigation', { name: 'Funções' }, { timeout: 15000 });

/** The built-in roles first, then the custom ones; admin's keys are all ticked and locked. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const nav = await rolesNav(canvas);
    const names = within(nav)
      .getAllByRole('button')
      .map((button) => button.textContent);
    await expect(names[0]).toContain('Administrador');
    await expect(names[3]).toContain('Cliente');
    await expect(names.some((name) => name?.includes('Suporte N1'))).toBe(true);
    const editor = canvas.getByRole('form', { name: 'Editar função Administrador' });
    await expect(editor).toHaveTextContent('Administradores têm todas as permissões');
    await expect(within(editor).getByRole('checkbox', { name: /Gerenciar usuários/ })).toBeChecked();
    await expect(within(editor).getByRole('checkbox', { name: /Gerenciar usuários/ })).toBeDisabled();
    // Sensitive keys are flagged.
    await expect(within(editor).getAllByText('Sensível').length).toBeGreaterThan(0);
  },
};

/** A custom role: rename it and change its keys by category, then save. */
export const EditCustomRole: Story = {
  play: async ({ canvas }) => {
    const nav = await rolesNav(canvas);
    await userEvent.click(within(nav).getByRole('button', { name: /Suporte N1/ }));
    const editor = await canvas.findByRole('form', { name: 'Editar função Suporte N1' });
    const name = within(editor).getByRole('textbox', { name: /Nome da função/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Suporte nível 1');
    await userEvent.click(within(editor).getByRole('checkbox', { name: /Ver tarefas/ }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Salvar função' }));
    await expect(
      await within(nav).findByRole('button', { name: /Suporte nível 1/ }, { timeout: 10000 }),
    ).toHaveTextContent('3 permissões');
  },
};

/** Nova função copied from Técnico: it opens selected with the técnico's keys. */
export const CreateFromCopy: Story = {
  play: async ({ canvas }) => {
    await rolesNav(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Nova função' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova função' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Nome/ }), 'Plantão');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Copiar permissões de' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Técnico' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar função' }));
    const editor = await canvas.findByRole('form', { name: 'Editar função Plantão' });
    await expect(within(editor).getByRole('checkbox', { name: /Ver conexões/ })).toBeChecked();
    await expect(within(editor).getByRole('checkbox', { name: /Ver empresas/ })).not.toBeChecked();
  },
};

/** A duplicate name answers 409 and the dialog says why, next to the field. */
export const DuplicateName: Story = {
  play: async ({ canvas }) => {
    await rolesNav(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Nova função' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova função' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Nome/ }), 'financeiro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar função' }));
    await expect(await within(dialog).findByText('Já existe uma função com este nome')).toBeVisible();
  },
};

/** Only the built-in roles: the list says custom roles can be made. */
export const BuiltInOnly: Story = {
  parameters: { msw: { handlers: { roles: roleHandlers.builtInOnly() } } },
  play: async ({ canvas }) => {
    const nav = await rolesNav(canvas);
    await expect(within(nav).getAllByRole('button')).toHaveLength(4);
    await expect(nav).toHaveTextContent('Nenhuma função personalizada ainda.');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { roles: roleHandlers.loading() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText('Carregando funções', {}, { timeout: 15000 })).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { roles: roleHandlers.failing() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Não foi possível carregar as funções.', {}, { timeout: 15000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

export const Forbidden: Story = {
  parameters: { msw: { handlers: { roles: roleHandlers.forbidden() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Você não tem permissão para gerenciar funções', {}, { timeout: 15000 }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Nova função' })).toBeNull();
  },
};

/** Long names wrap in the list and the editor. */
export const LongContent: Story = {
  parameters: {
    msw: {
      handlers: {
        roles: roleHandlers.custom(
          'Analista de infraestrutura e segurança da informação — plantão noturno e fins de semana',
        ),
      },
    },
  },
  play: async ({ canvas }) => {
    const nav = await rolesNav(canvas);
    await expect(within(nav).getByRole('button', { name: /plantão noturno/ })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await rolesNav(canvas);
    await expect(canvas.getByRole('form', { name: 'Editar função Administrador' })).toBeVisible();
  },
};
