import { errorResponse, profileHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Settings',
  ...portalMeta,
  args: { path: '/settings', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvas }) => {
    const themes = await canvas.findByRole('radiogroup', { name: 'Tema de cores' });
    await expect(within(themes).getAllByRole('radio').length).toBeGreaterThanOrEqual(2);
    await expect(within(themes).getAllByRole('radio', { checked: true })).toHaveLength(1);
    await expect(canvas.getByRole('button', { name: 'Sair deste dispositivo' })).toBeVisible();
  },
};

/** Picking a palette applies it at once, stores it for the next first paint and checks it. */
export const ThemeSwitch: Story = {
  play: async (context) => {
    await Idle.play?.(context);
    const { canvas } = context;
    const themes = await canvas.findByRole('radiogroup', { name: 'Tema de cores' });
    await userEvent.click(within(themes).getByRole('radio', { name: 'Floresta' }));
    await expect(within(themes).getByRole('radio', { name: 'Floresta' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(document.documentElement).toHaveAttribute('data-theme', 'floresta');
    await expect(localStorage.getItem('farol:theme')).toBe('floresta');
    await expect(localStorage.getItem('theme')).toBe('floresta');
    // Confirmed by a toast (it fades in).
    await waitFor(() => expect(canvas.getByText('Tema Floresta aplicado.')).toBeVisible(), {
      timeout: 3_000,
    });
    // Back to the default so the next story starts from it.
    await userEvent.click(within(themes).getByRole('radio', { name: 'Padrão' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-theme', 'default'));
  },
};

/** The server refuses to save the choice: the device keeps the theme, and a toast says it is not in the account. */
export const ThemeSaveFails: Story = {
  parameters: {
    msw: {
      handlers: {
        profile: [
          http.put('*/api/profile', () => errorResponse(500, 'internal_error', 'Erro interno do servidor')),
          ...profileHandlers.default(),
        ],
      },
    },
  },
  play: async (context) => {
    await Idle.play?.(context);
    const { canvas } = context;
    const themes = await canvas.findByRole('radiogroup', { name: 'Tema de cores' });
    await userEvent.click(within(themes).getByRole('radio', { name: 'Oceano' }));
    await expect(document.documentElement).toHaveAttribute('data-theme', 'oceano');
    await waitFor(
      () =>
        expect(
          canvas.getByText('Tema aplicado neste dispositivo, mas não foi possível salvá-lo na sua conta.'),
        ).toBeVisible(),
      { timeout: 3_000 },
    );
    await expect(localStorage.getItem('farol:theme')).toBe('oceano');
    // Back to the default so the next story starts from it.
    await userEvent.click(within(themes).getByRole('radio', { name: 'Padrão' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-theme', 'default'));
  },
};

export const SignOut: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Sair deste dispositivo' }));
    await expect(await canvas.findByRole('heading', { name: 'Entrar no Farol' })).toBeVisible();
    await expect(localStorage.getItem('farol:token')).toBeNull();
  },
};
