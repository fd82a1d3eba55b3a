import type { Meta, StoryObj } from '@storybook/react-vite';
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
