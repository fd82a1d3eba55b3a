import {
  createSecurityMock,
  MOCK_RECOVERY_CODES,
  MOCK_TOTP_SECRET,
  mockLoginEvents,
  securityHandlers,
  twoFactorOn,
} from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Security/Own account',
  ...portalMeta,
  args: { path: '/settings/security', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A security mock of the story's own: a file's default handlers are made once, so a story that turns 2FA on
 * or ends sessions would change what the next story sees.
 */
const own = (options: Parameters<typeof createSecurityMock>[0] = {}) => ({
  msw: { handlers: { security: createSecurityMock(options).handlers } },
});

/**
 * A card of the page by its heading, once its content is there (the page is a lazy chunk). Label and text
 * queries, not role ones: the whole app is on the canvas of a busy machine.
 */
const card = async (canvas: ReturnType<typeof within>, title: string) => {
  const heading = await canvas.findByText(title, { selector: 'h2' }, { timeout: 15_000 });
  const section = heading.closest('section');
  if (!section) throw new Error(`no card ${title}`);
  return section;
};

/** 2FA off: the card offers to turn it on; the sessions and the sign-in history are listed. */
export const TwoFactorOff: Story = {
  parameters: own(),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Segurança da conta', { selector: 'h1' }, { timeout: 15_000 }),
    ).toBeVisible();
    const twoFactor = await card(canvas, 'Verificação em duas etapas');
    await expect(await within(twoFactor).findByText('Desativada')).toBeVisible();
    await expect(within(twoFactor).getByText('Ativar verificação em duas etapas')).toBeVisible();
    const sessions = await card(canvas, 'Sessões ativas');
    await expect(await within(sessions).findByText('Firefox em Linux')).toBeVisible();
    await expect(within(sessions).getByText('Esta sessão')).toBeVisible();
    await expect(within(sessions).getByText('Chrome em Android')).toBeVisible();
    const history = await card(canvas, 'Histórico de acesso');
    await expect(await within(history).findByText('Senha e código do aplicativo')).toBeVisible();
    await expect(within(history).getByText('Código de verificação inválido')).toBeVisible();
    await expect(within(history).getByText('Conta suspensa')).toBeVisible();
  },
};

/**
 * Turning it on: the QR code and the key to type, a wrong code refused under the field, the right one
 * showing the ten recovery codes once; then the card reads Ativada.
 */
export const Enrol: Story = {
  parameters: own(),
  play: async ({ canvas }) => {
    const twoFactor = await card(canvas, 'Verificação em duas etapas');
    await userEvent.click(await within(twoFactor).findByText('Ativar verificação em duas etapas'));
    const form = await within(twoFactor).findByLabelText('Ativar verificação em duas etapas');
    await expect(within(form).getByAltText('QR code para o aplicativo autenticador')).toBeVisible();
    await expect(within(form).getByText(MOCK_TOTP_SECRET)).toBeVisible();
    const code = within(form).getByLabelText('Código do aplicativo');
    await userEvent.type(code, '000000');
    await userEvent.click(within(form).getByText('Ativar', { selector: 'button' }));
    await expect(
      await within(form).findByText('Código inválido. Confira o horário do celular e tente de novo.'),
    ).toBeVisible();
    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(within(form).getByText('Ativar', { selector: 'button' }));
    const codes = await within(twoFactor).findByLabelText('Códigos de recuperação');
    await expect(codes.querySelectorAll('li')).toHaveLength(10);
    await expect(codes).toHaveTextContent(MOCK_RECOVERY_CODES[0]!);
    await expect(within(twoFactor).getByText('Eles não serão mostrados de novo.')).toBeVisible();
    await userEvent.click(within(twoFactor).getByText('Já guardei os códigos'));
    await expect(await within(twoFactor).findByText('Ativada')).toBeVisible();
    await expect(twoFactor).toHaveTextContent('Códigos de recuperação restantes: 10 de 10');
  },
};

/** A code left empty or too short is named before anything is sent. */
export const EnrolCodeChecks: Story = {
  parameters: own(),
  play: async ({ canvas }) => {
    const twoFactor = await card(canvas, 'Verificação em duas etapas');
    await userEvent.click(await within(twoFactor).findByText('Ativar verificação em duas etapas'));
    const form = await within(twoFactor).findByLabelText('Ativar verificação em duas etapas');
    await userEvent.click(within(form).getByText('Ativar', { selector: 'button' }));
    await expect(await within(form).findByText('Informe o código de 6 dígitos do aplicativo')).toBeVisible();
    await userEvent.type(within(form).getByLabelText('Código do aplicativo'), '123');
    await userEvent.click(within(form).getByText('Ativar', { selector: 'button' }));
    await expect(await within(form).findByText('O código tem 6 dígitos')).toBeVisible();
  },
};

/** 2FA on: since when, the recovery codes left, new codes (shown once) or turning it off. */
export const TwoFactorOn: Story = {
  parameters: own({ twoFactor: twoFactorOn }),
  play: async ({ canvas }) => {
    const twoFactor = await card(canvas, 'Verificação em duas etapas');
    await expect(await within(twoFactor).findByText('Ativada')).toBeVisible();
    await expect(twoFactor).toHaveTextContent('Códigos de recuperação restantes: 8 de 10');
    await userEvent.click(within(twoFactor).getByText('Gerar novos códigos de recuperação'));
    const form = await within(twoFactor).findByLabelText('Gerar novos códigos de recuperação');
    await userEvent.type(within(form).getByLabelText('Código do aplicativo'), '654321');
    await userEvent.click(within(form).getByText('Gerar códigos'));
    const codes = await within(twoFactor).findByLabelText('Códigos de recuperação');
    await expect(codes.querySelectorAll('li')).toHaveLength(10);
  },
};

/** Turning it off asks for the password and a code; a wrong password is said under its field. */
export const DisableWrongPassword: Story = {
  parameters: own({ twoFactor: twoFactorOn }),
  play: async ({ canvas }) => {
    const twoFactor = await card(canvas, 'Verificação em duas etapas');
    await userEvent.click(await within(twoFactor).findByText('Desativar', { selector: 'button' }));
    const form = await within(twoFactor).findByLabelText('Desativar verificação em duas etapas');
    await userEvent.click(within(form).getByText('Desativar', { selector: 'button' }));
    await expect(await within(form).findByText('Informe sua senha')).toBeVisible();
    await expect(within(form).getByText('Informe um código do aplicativo ou de recuperação')).toBeVisible();
    await userEvent.type(within(form).getByLabelText('Senha'), 'errada');
    await userEvent.type(within(form).getByLabelText('Código do aplicativo ou de recuperação'), '123456');
    await userEvent.click(within(form).getByText('Desativar', { selector: 'button' }));
    await expect(await within(form).findByText('Senha incorreta')).toBeVisible();
  },
};

/** Required for the person's role: flagged, and no way to turn it off. */
export const RequiredForTheRole: Story = {
  parameters: own({ twoFactor: { ...twoFactorOn, required: true } }),
  play: async ({ canvas }) => {
    const twoFactor = await card(canvas, 'Verificação em duas etapas');
    await expect(await within(twoFactor).findByText('Obrigatória para a sua função')).toBeVisible();
    await expect(within(twoFactor).queryByText('Desativar', { selector: 'button' })).toBeNull();
  },
};

/** Ending another device's session asks first; the device leaves the list. */
export const EndOneSession: Story = {
  parameters: own(),
  play: async ({ canvas }) => {
    const sessions = await card(canvas, 'Sessões ativas');
    await within(sessions).findByText('Chrome em Android');
    await userEvent.click(within(sessions).getByText('sessão em Chrome em Android').closest('button')!);
    const confirm = await screen.findByRole('alertdialog', { name: 'Encerrar esta sessão?' });
    await expect(confirm).toHaveTextContent('Chrome em Android (177.92.3.200)');
    await userEvent.click(within(confirm).getByText('Encerrar sessão'));
    await waitFor(() => expect(within(sessions).queryByText('Chrome em Android')).toBeNull());
    await expect(within(sessions).getByText('Edge em Windows')).toBeVisible();
  },
};

/** Every other session at once: only this one stays. */
export const EndOtherSessions: Story = {
  parameters: own(),
  play: async ({ canvas }) => {
    const sessions = await card(canvas, 'Sessões ativas');
    await within(sessions).findByText('Chrome em Android');
    await userEvent.click(within(sessions).getByText('Encerrar todas as outras sessões'));
    const confirm = await screen.findByRole('alertdialog', { name: 'Encerrar todas as outras sessões?' });
    await userEvent.click(within(confirm).getByText('Encerrar as outras'));
    // The toast fades in: being there is the confirmation.
    await expect(await screen.findByText('2 sessões encerradas.')).toBeInTheDocument();
    await waitFor(() => expect(within(sessions).queryByText('Edge em Windows')).toBeNull());
    await expect(within(sessions).getByText('Esta sessão')).toBeVisible();
    await expect(within(sessions).queryByText('Encerrar todas as outras sessões')).toBeNull();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { security: securityHandlers.loading() } } },
  play: async ({ canvas }) => {
    await card(canvas, 'Verificação em duas etapas');
    await expect(canvas.getByText('Carregando sessões…')).toBeInTheDocument();
    await expect(canvas.getByText('Carregando histórico…')).toBeInTheDocument();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { security: securityHandlers.failing() } } },
  play: async ({ canvas }) => {
    await card(canvas, 'Verificação em duas etapas');
    await expect(
      await canvas.findByText('Não foi possível carregar a verificação em duas etapas.'),
    ).toBeVisible();
    // Each card's request fails on its own time.
    await expect(await canvas.findByText('Não foi possível carregar as sessões.')).toBeVisible();
    await expect(await canvas.findByText('Não foi possível carregar o histórico de acesso.')).toBeVisible();
  },
};

/** A new account: no sign-in recorded and only this session. */
export const Empty: Story = {
  parameters: own({ history: [], sessions: [] }),
  play: async ({ canvas }) => {
    const history = await card(canvas, 'Histórico de acesso');
    await expect(await within(history).findByText('Nenhuma entrada registrada ainda.')).toBeVisible();
    const sessions = await card(canvas, 'Sessões ativas');
    await expect(await within(sessions).findByText('Nenhuma sessão ativa.')).toBeVisible();
  },
};

/** A long history pages; an IPv6 address wraps in its line. */
export const LongContent: Story = {
  parameters: own({ history: mockLoginEvents(60) }),
  play: async ({ canvas }) => {
    const history = await card(canvas, 'Histórico de acesso');
    const pages = await within(history).findByLabelText('Páginas do histórico');
    await expect(pages).toHaveTextContent('Página 1 de');
    await userEvent.click(within(pages).getByText('Próxima'));
    await expect(await within(pages).findByText(/Página 2 de/)).toBeVisible();
    const sessions = await card(canvas, 'Sessões ativas');
    await expect(await within(sessions).findByText(/2804:14c:5b80/)).toBeVisible();
  },
};

/** A client has the same page from the portal. */
export const ClientAccount: Story = {
  args: { user: 'clienteAcme' },
  parameters: own(),
  play: async ({ canvas }) => {
    const twoFactor = await card(canvas, 'Verificação em duas etapas');
    await expect(await within(twoFactor).findByText('Ativar verificação em duas etapas')).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  parameters: own(),
  play: async ({ canvas }) => {
    const twoFactor = await card(canvas, 'Verificação em duas etapas');
    await expect(await within(twoFactor).findByText('Ativar verificação em duas etapas')).toBeVisible();
    const sessions = await card(canvas, 'Sessões ativas');
    await expect(await within(sessions).findByText('Encerrar todas as outras sessões')).toBeVisible();
  },
};
