import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge, Button, THEMES, type ThemeId } from '@farol/ui';

/** Draws with the theme tokens only and applies no theme itself: the toolbar's `theme` global does. */
function ThemeSample() {
  return (
    <main className="flex min-h-svh flex-col gap-4 bg-background p-6 text-foreground">
      <h1 className="text-lg font-semibold">Tema da barra de ferramentas</h1>
      <div className="flex flex-wrap items-center gap-2 rounded-lg border bg-card p-4 text-card-foreground">
        <Button>Salvar</Button>
        <Button variant="secondary">Cancelar</Button>
        <Badge variant="destructive">99+</Badge>
      </div>
      <p className="text-sm text-muted-foreground">Texto secundário sobre o fundo da página.</p>
    </main>
  );
}

const meta = {
  title: 'Storybook/Theme toolbar',
  component: ThemeSample,
} satisfies Meta<typeof ThemeSample>;
export default meta;
type Story = StoryObj<typeof meta>;

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const cssVariable = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim().toLowerCase();

/** The `theme` global alone puts the theme's CSS variables on the document. */
function appliesTheme(theme: ThemeId): Story['play'] {
  const { swatches } = THEMES.find((t) => t.id === theme)!;
  return async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', theme);
    await expect(document.documentElement).toHaveClass('dark');
    await expect(cssVariable('--background')).toBe(swatches.background);
    await expect(cssVariable('--card')).toBe(swatches.surface);
    await expect(cssVariable('--primary')).toBe(swatches.primary);
    await expect(getComputedStyle(canvas.getByRole('main')).backgroundColor).toBe(rgb(swatches.background));
    await expect(getComputedStyle(canvas.getByRole('button', { name: 'Salvar' })).backgroundColor).toBe(
      rgb(swatches.primary),
    );
  };
}

export const Oceano: Story = { globals: { theme: 'oceano' }, play: appliesTheme('oceano') };

/** No `theme` global on the story: the toolbar's initial value, 'default', even right after Oceano. */
export const DefaultTheme: Story = { play: appliesTheme('default') };

export const PorDoSol: Story = { globals: { theme: 'por-do-sol' }, play: appliesTheme('por-do-sol') };
