import { MOCK_RECOVERY_CODE, MOCK_TWO_FACTOR_CODE, authHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

/** The sign-in's code step (issue 13): after the password, an account with 2FA asks for a code. */
const meta = {
  title: 'Portal/Security/Sign-in code step',
  ...portalMeta,
  args: { path: '/login', user: null },
  parameters: {
    msw: { handlers: { ...portalMeta.parameters.msw.handlers, auth: authHandlers.twoFactor() } },
  },
  globals: {},
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const signInWithPassword = async (canvasElement: HTMLElement, email = 'ana.souza@farol.com.br') => {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('E-mail ou usuário'), email);
  await userEvent.type(canvas.getByLabelText('Senha'), 'farol123');
  await userEvent.click(canvas.getByRole('button', { name: 'Entrar' }));
};

const typeCode = async (canvasElement: HTMLElement, code: string) => {
  const canvas = within(canvasElement);
  const field = await canvas.findByLabelText('Código de verificação');
  await userEvent.clear(field);
  await userEvent.type(field, code);
  await userEvent.click(canvas.getByRole('button', { name: 'Verificar' }));
};

export const AsksForTheCode: Story = {
  play: async ({ canvas, canvasElement }) => {
    await signInWithPassword(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
    await expect(canvas.getByLabelText('Código de verificação')).toHaveFocus();
    await expect(canvas.getByLabelText('Código de verificação')).toHaveAttribute(
      'autocomplete',
      'one-time-code',
    );
    await expect(canvas.queryByLabelText('Senha')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Voltar e usar outra conta' })).toBeVisible();
  },
};

export const EmptyCode: Story = {
  play: async (context) => {
    await AsksForTheCode.play?.(context);
    const { canvas } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Verificar' }));
    await expect(await canvas.findByText('Informe o código de verificação')).toBeVisible();
    await expect(canvas.getByLabelText('Código de verificação')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const WrongCode: Story = {
  play: async (context) => {
    await AsksForTheCode.play?.(context);
    const { canvas, canvasElement } = context;
    await typeCode(canvasElement, '000000');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Código inválido');
    // Still on the code step, the field emptied for the next try.
    await expect(canvas.getByLabelText('Código de verificação')).toHaveValue('');
  },
};

export const RightCodeSignsIn: Story = {
  play: async (context) => {
    await AsksForTheCode.play?.(context);
    const { canvas, canvasElement } = context;
    await typeCode(canvasElement, MOCK_TWO_FACTOR_CODE);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 }),
    ).toBeVisible();
  },
};

export const RecoveryCodeSignsIn: Story = {
  play: async (context) => {
    await AsksForTheCode.play?.(context);
    const { canvas, canvasElement } = context;
    await typeCode(canvasElement, MOCK_RECOVERY_CODE.toLowerCase());
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 }),
    ).toBeVisible();
  },
};

/** A step that expired (or took too many wrong codes) sends the person back to the password. */
export const ExpiredStep: Story = {
  parameters: {
    msw: {
      handlers: {
        auth: [
          http.post('*/api/auth/login/2fa', () =>
            HttpResponse.json(
              {
                error: 'invalid_credentials',
                message: 'A verificação expirou. Entre com sua senha novamente.',
              },
              { status: 401 },
            ),
          ),
          ...authHandlers.twoFactor(),
        ],
      },
    },
  },
  play: async (context) => {
    await AsksForTheCode.play?.(context);
    const { canvas, canvasElement } = context;
    await typeCode(canvasElement, MOCK_TWO_FACTOR_CODE);
    await expect(await canvas.findByRole('heading', { name: 'Entrar no Farol' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('A verificação expirou');
  },
};

export const BackToThePassword: Story = {
  play: async (context) => {
    await AsksForTheCode.play?.(context);
    const { canvas } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Voltar e usar outra conta' }));
    await expect(await canvas.findByRole('heading', { name: 'Entrar no Farol' })).toBeVisible();
  },
};

export const ClientPortal: Story = {
  args: { path: '/portal/login' },
  play: async ({ canvas, canvasElement }) => {
    await signInWithPassword(canvasElement, 'diego.ferreira@acmelogistica.com.br');
    await expect(await canvas.findByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
    await typeCode(canvasElement, MOCK_TWO_FACTOR_CODE);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: /Olá|Início/ }, { timeout: 5000 }),
    ).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async (context) => {
    await AsksForTheCode.play?.(context);
    const field = context.canvas.getByLabelText('Código de verificação');
    await expect(field.getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth);
  },
};
