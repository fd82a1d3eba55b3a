import { ACCOUNT_REFUSAL_MESSAGES } from '@farol/data/contract';
import { createAuthHandlers, errorResponse } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Login',
  ...portalMeta,
  args: { path: '/login', user: null },
  // The login stories keep Storybook's default viewport rather than the desktop one.
  globals: {},
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Types what is given and presses Entrar; returns the button (its name changes while it works). */
const fill = async (canvasElement: HTMLElement, login: string, password: string) => {
  const canvas = within(canvasElement);
  if (login) await userEvent.type(await canvas.findByLabelText('E-mail ou usuário'), login);
  if (password) await userEvent.type(canvas.getByLabelText('Senha'), password);
  const button = canvas.getByRole('button', { name: 'Entrar' });
  await userEvent.click(button);
  return button;
};

/** As soon as the person starts filling the form, the code of the shell and the dashboard is fetched. */
export const WarmsUpTheNextScreen: Story = {
  play: async ({ canvas }) => {
    const fetched = () =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => /shell-layout|dashboard-page/.test(name));
    const field = await canvas.findByLabelText('E-mail ou usuário');
    // A fresh record of what the page fetches from here on (the dev server's many modules fill the buffer).
    performance.clearResourceTimings();
    performance.setResourceTimingBufferSize(5_000);
    await userEvent.click(field);
    await waitFor(() => {
      expect(fetched().some((name) => name.includes('shell-layout'))).toBe(true);
      expect(fetched().some((name) => name.includes('dashboard-page'))).toBe(true);
    });
  },
};

export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Entrar no Farol' })).toBeVisible();
    await expect(canvas.getByLabelText('E-mail ou usuário')).toHaveValue('');
    await expect(canvas.getByLabelText('Senha')).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('link', { name: 'Acesse o portal do cliente' })).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const ClientIdle: Story = {
  args: { path: '/portal/login' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Portal do Cliente' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Entrar como equipe' })).toBeVisible();
  },
};

export const ValidationErrors: Story = {
  play: async ({ canvas, canvasElement }) => {
    await fill(canvasElement, '', '');
    await expect(await canvas.findByText('Informe seu e-mail ou usuário')).toBeVisible();
    await expect(canvas.getByText('Informe sua senha')).toBeVisible();
    await expect(canvas.getByLabelText('E-mail ou usuário')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByLabelText('E-mail ou usuário')).toHaveFocus();
  },
};

export const WrongCredentials: Story = {
  play: async (context) => {
    await Idle.play?.(context);
    const { canvas, canvasElement } = context;
    await fill(canvasElement, 'ana.souza@farol.com.br', 'senha-errada');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Credenciais inválidas');
    await expect(canvas.getByRole('heading', { name: 'Entrar no Farol' })).toBeVisible();
  },
};

/** A server that answers without a usable error text: the spec's fallback. */
export const FailureFallback: Story = {
  parameters: {
    msw: {
      handlers: { auth: [http.post('*/api/auth/login', () => HttpResponse.json({}, { status: 500 }))] },
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await fill(canvasElement, 'ana.souza@farol.com.br', 'farol123');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Falha no login');
  },
};

export const ServerMessage: Story = {
  parameters: { msw: { handlers: { auth: createAuthHandlers({ loginFails: 'Conta bloqueada' }) } } },
  play: async ({ canvas, canvasElement }) => {
    await fill(canvasElement, 'ana.souza@farol.com.br', 'farol123');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Conta bloqueada');
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: { auth: [http.post('*/api/auth/login', () => delay('infinite'))] } },
  },
  play: async ({ canvasElement }) => {
    const button = await fill(canvasElement, 'ana.souza@farol.com.br', 'farol123');
    await waitFor(() => expect(button).toBeDisabled());
    await expect(within(button).getByText('Entrando…')).toBeInTheDocument();
  },
};

export const SignsInToDashboard: Story = {
  play: async ({ canvas, canvasElement }) => {
    await fill(canvasElement, 'ana.souza@farol.com.br', 'farol123');
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 }),
    ).toBeVisible();
  },
};

/** A suspended account: the server's 403 says why, on both sign-in pages (issue 13). */
export const SuspendedAccount: Story = {
  parameters: {
    msw: {
      handlers: {
        auth: [
          http.post('*/api/auth/login', () =>
            errorResponse(403, 'account_inactive', ACCOUNT_REFUSAL_MESSAGES.suspenso),
          ),
        ],
      },
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await fill(canvasElement, 'sofia@farol.dev', 'farol123');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Sua conta está suspensa. Fale com o administrador da sua empresa para reativá-la.',
    );
    await expect(canvas.getByRole('heading', { name: 'Entrar no Farol' })).toBeVisible();
  },
};

/** A deactivated account, on the client portal's page. */
export const DeactivatedAccount: Story = {
  args: { path: '/portal/login' },
  parameters: {
    msw: {
      handlers: {
        auth: [
          http.post('*/api/auth/login', () =>
            errorResponse(403, 'account_inactive', ACCOUNT_REFUSAL_MESSAGES.desativado),
          ),
        ],
      },
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await fill(canvasElement, 'davi@acme.com.br', 'farol123');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Esta conta foi desativada e não pode mais entrar.',
    );
  },
};
