export { THEMES, DEFAULT_THEME, applyTheme, isThemeId } from './themes';
export type { ThemeDefinition, ThemeId } from './themes';
