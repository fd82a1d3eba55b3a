import { describe, expect, it } from 'vitest';
import {
  nextEnabledIndex,
  normalizeSearchText,
  optionMatches,
  toggleValue,
  type ComboboxOption,
} from './combobox-options';

const option = (label: string, extra: Partial<ComboboxOption> = {}): ComboboxOption => ({
  value: label.toLowerCase(),
  label,
  ...extra,
});

describe('normalizeSearchText', () => {
  it('drops accents and case', () => {
    expect(normalizeSearchText('  Conexão São PAULO ')).toBe('conexao sao paulo');
    expect(normalizeSearchText('Ação')).toBe('acao');
  });
});

describe('optionMatches', () => {
  const acme = option('Acme Indústria Ltda', { description: '12.ABC.345/01DE-35' });

  it('matches every word anywhere, ignoring accents and case', () => {
    expect(optionMatches(acme, 'industria')).toBe(true);
    expect(optionMatches(acme, 'LTDA acme')).toBe(true);
    expect(optionMatches(acme, 'acme globex')).toBe(false);
  });

  it('searches the description too', () => {
    expect(optionMatches(acme, '12.abc')).toBe(true);
  });

  it('lets an empty query match everything', () => {
    expect(optionMatches(acme, '   ')).toBe(true);
  });
});

describe('nextEnabledIndex', () => {
  const list = [option('A'), option('B', { disabled: true }), option('C'), option('D', { disabled: true })];

  it('steps over disabled options and wraps around', () => {
    expect(nextEnabledIndex(list, -1, 1)).toBe(0);
    expect(nextEnabledIndex(list, 0, 1)).toBe(2);
    expect(nextEnabledIndex(list, 2, 1)).toBe(0);
    expect(nextEnabledIndex(list, 0, -1)).toBe(2);
    expect(nextEnabledIndex(list, -1, -1)).toBe(2);
  });

  it('gives -1 when nothing can be chosen', () => {
    expect(nextEnabledIndex([], -1, 1)).toBe(-1);
    expect(nextEnabledIndex([option('X', { disabled: true })], -1, 1)).toBe(-1);
  });
});

describe('toggleValue', () => {
  it('adds at the end and removes wherever it is', () => {
    expect(toggleValue(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleValue(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});
