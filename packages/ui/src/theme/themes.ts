/** A colour theme of the kit: its palette lives in styles.css under `[data-theme='<id>']`. */
export interface ThemeDefinition {
  id: string;
  /** Name shown to people (pt-BR). */
  label: string;
  /** Key colours for a theme picker; they mirror the CSS variables --background, --card and --primary. */
  swatches: { background: string; surface: string; primary: string };
}

export const DEFAULT_THEME = 'default';

export const THEMES = [
  {
    id: 'default',
    label: 'Padrão',
    swatches: { background: '#0f172a', surface: '#1e293b', primary: '#60a5fa' },
  },
  {
    id: 'oceano',
    label: 'Oceano',
    swatches: { background: '#06202b', surface: '#0b2e3b', primary: '#22d3ee' },
  },
  {
    id: 'floresta',
    label: 'Floresta',
    swatches: { background: '#0c1a12', surface: '#132a1d', primary: '#4ade80' },
  },
  {
    id: 'ametista',
    label: 'Ametista',
    swatches: { background: '#160f24', surface: '#221636', primary: '#c084fc' },
  },
  {
    id: 'por-do-sol',
    label: 'Pôr do sol',
    swatches: { background: '#1c1209', surface: '#2a1b0e', primary: '#fb923c' },
  },
] as const satisfies readonly ThemeDefinition[];

export type ThemeId = (typeof THEMES)[number]['id'];

export function isThemeId(value: unknown): value is ThemeId {
  return typeof value === 'string' && THEMES.some((theme) => theme.id === value);
}

/**
 * Applies a theme to <html> (or the given root). Unknown ids fall back to the default theme, so a stale
 * stored value never leaves the page without a palette. The `dark` class is always kept on.
 * Returns the id actually applied. Storage is the caller's business.
 */
export function applyTheme(
  themeId: string | null | undefined,
  root: HTMLElement = document.documentElement,
): ThemeId {
  const id: ThemeId = isThemeId(themeId) ? themeId : DEFAULT_THEME;
  root.setAttribute('data-theme', id);
  root.classList.add('dark');
  return id;
}
