import { PASSWORD_TOO_COMMON } from '@farol/data/contract';
import { createProfileHandlers, errorResponse } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { profileWithPictureHandlers, SAMPLE_PICTURE } from './support/portal-handlers';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Profile',
  ...portalMeta,
  args: { path: '/profile', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText('Nome', {}, { timeout: 15_000 })).toHaveValue('Ana');
    await expect(canvas.getByLabelText('Sobrenome')).toHaveValue('Souza');
    await expect(canvas.getByRole('button', { name: 'Alterar foto de perfil de Ana Souza' })).toBeVisible();
    // The page names itself, whatever the header's title reads.
    await expect(canvas.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
  },
};

export const RequiredField: Story = {
  play: async ({ canvas }) => {
    await userEvent.clear(await canvas.findByLabelText('Nome'));
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar' }));
    await expect(await canvas.findByText('Informe seu nome')).toBeVisible();
    await expect(canvas.getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'true');
  },
};

/** The server names the offending field (design.md §4): the form shows it there. */
export const ServerFieldError: Story = {
  parameters: {
    msw: {
      handlers: {
        profile: [
          http.put('*/api/profile', () =>
            errorResponse(400, 'validation_failed', 'Dados inválidos', {
              last_name: 'Sobrenome longo demais',
            }),
          ),
          ...createProfileHandlers(),
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByLabelText('Sobrenome'), ' Filho');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar' }));
    await expect(await canvas.findByText('Sobrenome longo demais')).toBeVisible();
    await expect(canvas.getByText('Dados inválidos')).toBeVisible();
  },
};

const PNG = Uint8Array.from(atob(SAMPLE_PICTURE.split(',')[1] ?? ''), (char) => char.charCodeAt(0));

const chooseAndConfirm = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Alterar foto de perfil de Ana Souza' }));
  const dialog = await screen.findByRole('dialog', { name: 'Alterar Foto de Perfil' });
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('the picker has no file input');
  await userEvent.upload(input, new File([PNG], 'foto.png', { type: 'image/png' }));
  await expect(
    await within(dialog).findByRole('img', { name: 'Pré-visualização da nova foto' }),
  ).toBeVisible();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
};

export const AvatarUploadOk: Story = {
  parameters: { msw: { handlers: { profile: profileWithPictureHandlers() } } },
  play: async (context) => {
    await Idle.play?.(context);
    const { canvas, canvasElement } = context;
    await chooseAndConfirm(canvasElement);
    // Confirmed by a toast (it fades in).
    await waitFor(() => expect(canvas.getByText('Foto atualizada.')).toBeVisible(), { timeout: 3_000 });
    const trigger = canvas.getByRole('button', { name: 'Alterar foto de perfil de Ana Souza' });
    await waitFor(() => expect(trigger.querySelector('img')).toHaveAttribute('src', SAMPLE_PICTURE));
  },
};

export const AvatarUploadError: Story = {
  parameters: {
    msw: {
      handlers: {
        profile: profileWithPictureHandlers({ failWith: { status: 413, message: 'Arquivo maior que 5MB' } }),
      },
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await chooseAndConfirm(canvasElement);
    await expect(await canvas.findByText('Arquivo maior que 5MB')).toBeVisible();
    const trigger = canvas.getByRole('button', { name: 'Alterar foto de perfil de Ana Souza' });
    await expect(trigger.querySelector('img')).toBeNull();
  },
};

/** Fills the Senha card: the current password, the new one and its confirmation, then Alterar senha. */
const changePassword = async (canvasElement: HTMLElement, current: string, next: string, confirm = next) => {
  const form = await within(canvasElement).findByRole('form', { name: 'Alterar senha' }, { timeout: 15_000 });
  const box = within(form);
  if (current) await userEvent.type(box.getByLabelText(/Senha atual/), current);
  if (next) await userEvent.type(box.getByLabelText(/^Nova senha/), next);
  if (confirm) await userEvent.type(box.getByLabelText(/Confirme a nova senha/), confirm);
  await userEvent.click(box.getByRole('button', { name: 'Alterar senha' }));
  return box;
};

/** The password card shows the policy before anything is typed, and the meter as the person types. */
export const PasswordPolicy: Story = {
  play: async ({ canvasElement }) => {
    const form = await within(canvasElement).findByRole('form', { name: 'Alterar senha' });
    await expect(within(form).getByText(/Pelo menos 10 caracteres/)).toBeVisible();
    await userEvent.type(within(form).getByLabelText(/^Nova senha/), 'cavalo-correto-bateria-grampo');
    await expect(await within(form).findByRole('meter')).toHaveAttribute('aria-valuetext', 'Forte');
  },
};

/** A new password of the right kind: the fields empty and the page says the other sessions ended. */
export const PasswordChanged: Story = {
  play: async ({ canvas, canvasElement }) => {
    const form = await changePassword(canvasElement, 'farol123', 'Farol-Mar-Azul-2026!');
    await expect(
      await canvas.findByText('Senha alterada. As outras sessões abertas foram encerradas; esta continua.'),
    ).toBeVisible();
    await expect(form.getByLabelText(/Senha atual/)).toHaveValue('');
    await expect(form.getByLabelText(/^Nova senha/)).toHaveValue('');
  },
};

/** Nothing typed, a short one and a confirmation that differs: each said under its field, nothing sent. */
export const PasswordRequiredFields: Story = {
  play: async ({ canvasElement }) => {
    const form = await changePassword(canvasElement, '', 'curta', 'outra');
    await expect(await form.findByText('Informe a senha atual')).toBeVisible();
    await expect(form.getByText('A senha deve ter pelo menos 10 caracteres')).toBeVisible();
    await expect(form.getByText('As senhas não conferem')).toBeVisible();
    await expect(form.getByLabelText(/Senha atual/)).toHaveAttribute('aria-invalid', 'true');
  },
};

/** The server refuses a wrong current password, under its field. */
export const PasswordWrongCurrent: Story = {
  play: async ({ canvasElement }) => {
    const form = await changePassword(canvasElement, 'nao-e-esta', 'Farol-Mar-Azul-2026!');
    await expect(await form.findByText('Senha atual incorreta')).toBeVisible();
    await expect(form.getByLabelText(/Senha atual/)).toHaveAttribute('aria-invalid', 'true');
  },
};

/** A common password is refused by the server under the new password. */
export const PasswordTooCommon: Story = {
  play: async ({ canvasElement }) => {
    const form = await changePassword(canvasElement, 'farol123', 'qwertyuiop');
    await expect(await form.findByText(PASSWORD_TOO_COMMON)).toBeVisible();
  },
};

/** On a phone the card's fields stack and the button stays reachable. */
export const PasswordPhone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const form = await within(canvasElement).findByRole('form', { name: 'Alterar senha' });
    await expect(within(form).getByRole('button', { name: 'Alterar senha' })).toBeVisible();
  },
};
