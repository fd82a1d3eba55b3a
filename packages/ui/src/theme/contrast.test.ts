import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEMES } from './themes';

const css = readFileSync(new URL('../styles.css', import.meta.url), 'utf8');

/** Reads the custom properties declared in the rule whose selector list contains `[data-theme='<id>']`. */
function themeTokens(id: string): Record<string, string> {
  const rule = new RegExp(`\\[data-theme='${id}'\\][^{]*\\{([^}]*)\\}`).exec(css);
  if (!rule?.[1]) throw new Error(`no rule for theme ${id}`);
  return Object.fromEntries(
    [...rule[1].matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]!.trim()]),
  );
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// Every text colour the kit places on every surface it places it on.
const PAIRS: Array<[text: string, surface: string]> = [
  ['foreground', 'background'],
  ['card-foreground', 'card'],
  ['popover-foreground', 'popover'],
  ['primary-foreground', 'primary'],
  ['secondary-foreground', 'secondary'],
  ['accent-foreground', 'accent'],
  ['destructive-foreground', 'destructive'],
  ['sidebar-foreground', 'sidebar'],
  ['sidebar-accent-foreground', 'sidebar-accent'],
  ...['background', 'card', 'popover', 'muted', 'accent', 'sidebar', 'sidebar-accent'].map(
    (surface): [string, string] => ['muted-foreground', surface],
  ),
  ...['primary', 'destructive', 'success', 'warning', 'info'].flatMap((text) =>
    ['background', 'card', 'popover', 'accent', 'sidebar'].map((surface): [string, string] => [
      text,
      surface,
    ]),
  ),
];

describe.each(THEMES.map((theme) => [theme.id, theme] as const))('theme %s', (id, theme) => {
  const tokens = themeTokens(id);

  it.each(PAIRS)('%s on %s passes WCAG AA (4.5:1)', (text, surface) => {
    expect(tokens[text], text).toMatch(/^#[0-9a-f]{6}$/);
    expect(tokens[surface], surface).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrast(tokens[text]!, tokens[surface]!)).toBeGreaterThanOrEqual(4.5);
  });

  it('has swatches equal to its CSS variables', () => {
    expect(theme.swatches).toEqual({
      background: tokens.background,
      surface: tokens.card,
      primary: tokens.primary,
    });
  });
});
