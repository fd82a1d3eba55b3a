import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLayoutEffect, type ReactNode } from 'react';
import { expect, screen, userEvent, within } from 'storybook/test';
import { applyTheme, Badge, Button, DEFAULT_THEME, Header, Sidebar, THEMES, type ThemeId } from '@farol/ui';
import {
  MESSAGE_READ,
  NOW,
  PASSWORD_WARNING,
  SYSTEM_ERROR_READ,
  TICKET_UNREAD,
} from '../notification-center/fixtures';
import { SAMPLE_AVATAR_URL, storyRenderLink, ADMIN_SUBJECT, sidebarItemsFor } from './story-fixtures';

/** Applies a theme to <html> for the story's lifetime, so portalled popovers get it too. */
function ThemeScope({ theme, children }: { theme: ThemeId; children: ReactNode }) {
  useLayoutEffect(() => {
    applyTheme(theme);
    return () => {
      applyTheme(DEFAULT_THEME);
    };
  }, [theme]);
  return children;
}

/** The shell in one theme: the rail expanded, the header and its notification centre. */
function ThemeShowcase({ theme }: { theme: ThemeId }) {
  return (
    <ThemeScope theme={theme}>
      <div className="flex min-h-svh">
        <Sidebar
          items={sidebarItemsFor(ADMIN_SUBJECT, '/support/ticket/5')}
          logoHref="/dashboard"
          expanded
          renderLink={storyRenderLink}
          user={{ name: 'Ana Souza', role: 'Administradora', avatarUrl: SAMPLE_AVATAR_URL }}
        />
        <div className="min-w-0 flex-1">
          <Header
            title="Suporte"
            messagesUnread={7}
            renderLink={storyRenderLink}
            user={{ name: 'Ana Souza', avatarUrl: null }}
            notifications={{
              items: [TICKET_UNREAD, MESSAGE_READ, PASSWORD_WARNING, SYSTEM_ERROR_READ],
              now: NOW,
            }}
          />
          <main className="flex flex-col gap-4 p-6">
            <div className="flex flex-wrap items-center gap-2 rounded-lg border bg-card p-4 text-card-foreground">
              <Button>Salvar</Button>
              <Button variant="secondary">Cancelar</Button>
              <Button variant="outline">Contorno</Button>
              <Button variant="destructive">Excluir</Button>
              <Button variant="link">Ver detalhes</Button>
              <Badge variant="destructive">99+</Badge>
              <Badge variant="secondary">Aberto</Badge>
            </div>
            <p className="text-sm text-muted-foreground">Texto secundário sobre o fundo da página.</p>
          </main>
        </div>
      </div>
    </ThemeScope>
  );
}

const meta = {
  title: 'UI/Themes',
  component: ThemeShowcase,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'Os cinco temas do kit aplicados ao shell, com a central de notificações aberta para o axe conferir o contraste de cada superfície.',
      },
    },
  },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof ThemeShowcase>;
export default meta;
type Story = StoryObj<typeof meta>;

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/** Each theme with the notification centre open, so axe checks the contrast of every surface in it. */
function themeStory(theme: ThemeId): Story {
  const definition = THEMES.find((t) => t.id === theme)!;
  return {
    name: definition.label,
    args: { theme },
    // Locks the toolbar's theme switcher to this story's theme.
    globals: { theme },
    play: async ({ canvas }) => {
      await expect(document.documentElement).toHaveAttribute('data-theme', theme);
      await expect(document.documentElement).toHaveClass('dark');
      await expect(getComputedStyle(document.body).backgroundColor).toBe(rgb(definition.swatches.background));
      await expect(getComputedStyle(canvas.getByRole('button', { name: 'Salvar' })).backgroundColor).toBe(
        rgb(definition.swatches.primary),
      );
      // The widened rail lies over the sticky header, not under it.
      await expect(document.elementFromPoint(200, 32)?.closest('[data-slot="sidebar"]')).not.toBeNull();
      await userEvent.click(canvas.getByRole('button', { name: /^Notificações/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Notificações' });
      await expect(getComputedStyle(dialog).backgroundColor).toBe(rgb(definition.swatches.surface));
      await expect(within(dialog).getByText('2 não lidas')).toBeVisible();
    },
  };
}

export const Default = themeStory('default');
export const Oceano = themeStory('oceano');
export const Floresta = themeStory('floresta');
export const Ametista = themeStory('ametista');
export const PorDoSol = themeStory('por-do-sol');
