// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applyTheme, DEFAULT_THEME, isThemeId, THEMES } from './themes';

describe('THEMES', () => {
  it('starts with the default theme and has at least five unique ids', () => {
    expect(THEMES[0].id).toBe(DEFAULT_THEME);
    expect(THEMES.length).toBeGreaterThanOrEqual(5);
    expect(new Set(THEMES.map((t) => t.id)).size).toBe(THEMES.length);
  });
});

describe('applyTheme', () => {
  it('sets data-theme on <html> and keeps the dark class', () => {
    document.documentElement.className = '';
    expect(applyTheme('oceano')).toBe('oceano');
    expect(document.documentElement.getAttribute('data-theme')).toBe('oceano');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('falls back to the default theme for unknown or missing ids', () => {
    const root = document.createElement('div');
    expect(applyTheme('neon', root)).toBe('default');
    expect(root.dataset.theme).toBe('default');
    expect(applyTheme(null, root)).toBe('default');
    expect(root.classList.contains('dark')).toBe(true);
  });

  it('recognises theme ids', () => {
    expect(isThemeId('ametista')).toBe(true);
    expect(isThemeId('Ametista')).toBe(false);
    expect(isThemeId(3)).toBe(false);
  });
});
