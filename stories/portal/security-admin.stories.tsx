import { createSecurityMock, errorResponse, securityHandlers, twoFactorOn } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Security/Admin',
  ...portalMeta,
  args: { path: '/user-management/security', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A security mock of the story's own (a file's default handlers are made once and a save changes them). */
const own = () => ({ msw: { handlers: { security: createSecurityMock().handlers } } });

/** The requirement's form once loaded (the page is a lazy chunk: the first one may take a while). */
const requirementForm = (canvas: ReturnType<typeof within>) =>
  canvas.findByLabelText('Exigência de verificação em duas etapas', {}, { timeout: 15_000 });

/** Who must use two-factor sign-in: here the admins only, with the last change's date. */
export const RequiredForChosenRoles: Story = {
  parameters: own(),
  play: async ({ canvas }) => {
    await expect(
      // The first story of the file waits for the page's chunk as well.
      await canvas.findByText('Segurança de acesso', { selector: 'h1' }, { timeout: 30_000 }),
    ).toBeVisible();
    const form = await requirementForm(canvas);
    await expect(within(form).getByLabelText('Obrigatória para as funções escolhidas')).toHaveAttribute(
      'aria-checked',
      'true',
    );
    const roles = within(form).getByText('Funções').closest('fieldset')!;
    await expect(within(roles).getByLabelText('admin')).toBeChecked();
    await expect(within(roles).getByLabelText('gestor')).not.toBeChecked();
    await expect(form).toHaveTextContent('Última alteração em');
  },
};

/** Requiring it for everyone: the roles disappear and the save is confirmed. */
export const RequireEveryone: Story = {
  parameters: own(),
  play: async ({ canvas }) => {
    const form = await requirementForm(canvas);
    await userEvent.click(within(form).getByLabelText('Obrigatória para todos'));
    await expect(within(form).queryByText('Funções')).toBeNull();
    await userEvent.click(within(form).getByText('Salvar'));
    // Confirmed by a toast.
    await expect(
      await screen.findByText('Exigência de verificação em duas etapas salva.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  },
};

/** Per role with no role ticked is refused before anything is sent. */
export const RolesNeedOne: Story = {
  parameters: own(),
  play: async ({ canvas }) => {
    const form = await requirementForm(canvas);
    const roles = within(form).getByText('Funções').closest('fieldset')!;
    await userEvent.click(within(roles).getByLabelText('admin'));
    await userEvent.click(within(form).getByText('Salvar'));
    await expect(await within(form).findByText('Escolha ao menos uma função')).toBeVisible();
  },
};

/** Someone who manages users but is not an admin reads why there is nothing to change. */
export const NotAnAdmin: Story = {
  parameters: {
    msw: {
      handlers: {
        security: [
          http.get('*/api/security/settings', () =>
            errorResponse(403, 'forbidden', 'Somente administradores'),
          ),
          ...securityHandlers.default(),
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(
        'Só administradores definem quem precisa usar a verificação em duas etapas.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { security: securityHandlers.loading() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Carregando…', {}, { timeout: 15_000 })).toBeInTheDocument();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { security: securityHandlers.failing() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Não foi possível carregar a configuração.', {}, { timeout: 15_000 }),
    ).toBeVisible();
    await expect(canvas.getByText('Tentar novamente')).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const form = await requirementForm(canvas);
    await expect(within(form).getByText('Salvar')).toBeVisible();
  },
};

/** A person's Segurança section on their page (who manages users), 2FA on; a mock of each story's own. */
const personWithTwoFactor = () => ({
  args: { path: '/users/3' },
  parameters: {
    msw: { handlers: { security: createSecurityMock({ twoFactor: twoFactorOn }).handlers } },
  },
});

/** The section's card by its heading, once its state is there. */
const personSecurity = async (canvas: ReturnType<typeof within>) => {
  const heading = await canvas.findByText('Segurança', { selector: 'h2' }, { timeout: 15_000 });
  const section = heading.parentElement!;
  await within(section).findByText('Verificação em duas etapas:', {}, { timeout: 10_000 });
  return section;
};

/** Resetting someone's 2FA asks first and says what it does; afterwards it reads Desativada. */
export const ResetSomeonesTwoFactor: Story = {
  ...personWithTwoFactor(),
  play: async ({ canvas }) => {
    const section = await personSecurity(canvas);
    await expect(within(section).getByText('Ativada')).toBeVisible();
    await expect(section).toHaveTextContent('8 de 10 códigos de recuperação');
    await userEvent.click(within(section).getByText('Redefinir 2FA'));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Redefinir a verificação em duas etapas de Carla Mendes?',
    });
    await expect(confirm).toHaveTextContent('a pessoa sai de todas as sessões');
    await userEvent.click(within(confirm).getByText('Redefinir'));
    await expect(await within(section).findByText('Desativada')).toBeVisible();
    await expect(within(section).queryByText('Redefinir 2FA')).toBeNull();
  },
};

/** Ending all of someone's sessions: the list empties. */
export const RevokeSomeonesSessions: Story = {
  ...personWithTwoFactor(),
  play: async ({ canvas }) => {
    const section = await personSecurity(canvas);
    const sessions = within(section).getByLabelText('Sessões ativas', { selector: 'section' });
    await within(sessions).findByText('Chrome em Android');
    // Someone else's sessions: none is "this one", so each can end.
    await expect(within(sessions).queryByText('Esta sessão')).toBeNull();
    await userEvent.click(within(sessions).getByText('Encerrar todas as sessões'));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Encerrar todas as sessões desta pessoa?',
    });
    await userEvent.click(within(confirm).getByText('Encerrar todas'));
    await expect(await within(sessions).findByText('Nenhuma sessão ativa.')).toBeVisible();
  },
};

/** One of someone's sessions ends alone. */
export const RevokeOneOfSomeonesSessions: Story = {
  ...personWithTwoFactor(),
  play: async ({ canvas }) => {
    const section = await personSecurity(canvas);
    const sessions = within(section).getByLabelText('Sessões ativas', { selector: 'section' });
    await within(sessions).findByText('Edge em Windows');
    await userEvent.click(within(sessions).getByText('sessão em Edge em Windows').closest('button')!);
    const confirm = await screen.findByRole('alertdialog', { name: 'Encerrar esta sessão?' });
    await userEvent.click(within(confirm).getByText('Encerrar sessão'));
    await waitFor(() => expect(within(sessions).queryByText('Edge em Windows')).toBeNull());
    await expect(within(sessions).getByText('Firefox em Linux')).toBeVisible();
  },
};
