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
    await expect(await canvas.findByLabelText('Nome')).toHaveValue('Ana');
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
