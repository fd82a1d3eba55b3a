import { describe, expect, it } from 'vitest';
import {
  CHARSETS,
  passphrase,
  passphraseBits,
  passwordStrength,
  pronounceablePassword,
  randomIndex,
  randomPassword,
} from './generator';
import { PASSPHRASE_WORDS } from './words';

describe('the generator', () => {
  it('draws every index of a range, never outside it', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i += 1) {
      const value = randomIndex(7);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(7);
      seen.add(value);
    }
    expect(seen.size).toBe(7);
    expect(() => randomIndex(0)).toThrow(RangeError);
  });

  it('makes passwords of the length asked with a character of every chosen set', () => {
    for (let i = 0; i < 50; i += 1) {
      const value = randomPassword({ length: 16, sets: ['lower', 'upper', 'digits', 'symbols'] });
      expect(value).toHaveLength(16);
      for (const set of Object.values(CHARSETS))
        expect([...value].some((char) => set.includes(char))).toBe(true);
    }
    expect(randomPassword({ length: 20, sets: ['digits'] })).toMatch(/^[2-9]{20}$/);
    expect(randomPassword({ length: 2, sets: ['lower', 'upper', 'digits'] })).toHaveLength(3);
  });

  it('makes pronounceable passwords and Portuguese passphrases', () => {
    expect(pronounceablePassword(12)).toMatch(/^[A-Z][a-z]{9}\d{2}$/);
    const phrase = passphrase({ words: 5, separator: '-', capitalize: true, number: true });
    const parts = phrase.split('-');
    expect(parts).toHaveLength(6);
    expect(parts.at(-1)).toMatch(/^\d{1,2}$/);
    const words = PASSPHRASE_WORDS.map((word) => word.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));
    for (const part of parts.slice(0, 5)) expect(words).toContain(part.toLowerCase());
    expect(phrase).not.toMatch(/[à-ú]/);
    expect(PASSPHRASE_WORDS.length).toBeGreaterThanOrEqual(300);
    expect(passphraseBits(6)).toBeGreaterThan(48);
  });
});

describe('the strength meter', () => {
  it('calls common, short and patterned passwords weak, and long random ones strong', () => {
    expect(passwordStrength('')).toMatchObject({ score: 0, hints: ['Digite ou gere uma senha'] });
    expect(passwordStrength('senha123')).toMatchObject({ score: 0, label: 'Muito fraca' });
    expect(passwordStrength('senha123').hints).toContain('É uma das senhas mais usadas');
    expect(passwordStrength('aaaa1234').hints).toEqual(
      expect.arrayContaining(['Evite caracteres repetidos', 'Evite sequências como abcd ou 1234']),
    );
    expect(
      passwordStrength(randomPassword({ length: 20, sets: ['lower', 'upper', 'digits', 'symbols'] })).score,
    ).toBe(4);
    expect(passwordStrength('Tb7!qz').score).toBeLessThanOrEqual(1);
  });

  it('judges a passphrase by its words, not its letters', () => {
    const three = passwordStrength('abacate-bolo-cavalo');
    const six = passwordStrength('abacate-bolo-cavalo-janela-piano-trem');
    expect(three.score).toBeLessThan(six.score);
    expect(six.score).toBeGreaterThanOrEqual(2);
  });
});
