import type { ThemeVars } from 'storybook/theming';

/**
 * Storybook's own chrome (manager and docs pages) in Farol's colours. The values mirror the kit's
 * `[data-theme='default']` block in packages/ui/src/styles.css: the manager bundle cannot import the kit.
 * Every variable is set, so the docs pages can take this object as it is: `create()` from
 * storybook/theming only merges it over a base, and importing that into the preview would make Vitest
 * re-optimise its dependencies mid-run.
 */
export const farolThemeVars = {
  base: 'dark' as const,
  colorPrimary: '#60a5fa', // --primary
  colorSecondary: '#60a5fa', // selected story, focus rings, active tab
  appBg: '#0b1222', // --sidebar
  appContentBg: '#0f172a', // --background
  appPreviewBg: '#0f172a',
  appHoverBg: '#1e293b', // --card
  appBorderColor: '#334155', // --border
  appBorderRadius: 10, // --radius
  fontBase: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  fontCode: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  textColor: '#f1f5f9', // --foreground
  textInverseColor: '#0f172a',
  textMutedColor: '#94a3b8', // --muted-foreground
  barBg: '#1e293b',
  barTextColor: '#cbd5e1',
  barHoverColor: '#60a5fa',
  barSelectedColor: '#60a5fa',
  buttonBg: '#273449', // --accent
  buttonBorder: '#334155',
  booleanBg: '#0f172a',
  booleanSelectedBg: '#334155',
  inputBg: '#0f172a',
  inputBorder: '#475569', // --input
  inputTextColor: '#f1f5f9',
  inputBorderRadius: 6,
} satisfies ThemeVars;
