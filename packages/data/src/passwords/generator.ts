/**
 * The vault's generator and strength meter (issue 14), offline: random values come from the platform's CSPRNG
 * (`crypto.getRandomValues`), without modulo bias; the meter estimates guesses from the characters used and
 * penalises what attackers try first (common passwords, sequences, repeats, dictionary words).
 */
import { PASSPHRASE_WORDS } from './words';

export const CHARSETS = {
  lower: 'abcdefghijkmnopqrstuvwxyz',
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  digits: '23456789',
  symbols: '!@#$%&*-_=+?',
} as const;
export type Charset = keyof typeof CHARSETS;

/** A uniform integer in [0, max) from the CSPRNG (rejection sampling: no modulo bias). */
export const randomIndex = (max: number): number => {
  if (!Number.isInteger(max) || max <= 0 || max > 2 ** 32) throw new RangeError('max inválido');
  const limit = Math.floor(2 ** 32 / max) * max;
  const buffer = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buffer);
    if (buffer[0]! < limit) return buffer[0]! % max;
  }
};

const pick = <T>(items: readonly T[] | string): T => items[randomIndex(items.length)] as T;

export interface RandomPasswordOptions {
  length: number;
  sets: readonly Charset[];
}

/** A random password with at least one character of each chosen set. */
export const randomPassword = ({ length, sets }: RandomPasswordOptions): string => {
  const chosen = sets.length > 0 ? sets : (['lower'] as const);
  const size = Math.max(length, chosen.length);
  const all = chosen.map((set) => CHARSETS[set]).join('');
  const chars = chosen.map((set) => pick<string>(CHARSETS[set]));
  while (chars.length < size) chars.push(pick<string>(all));
  // Fisher–Yates, so the guaranteed characters are not always first.
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomIndex(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
};

const CONSONANTS = 'bcdfghjlmnprstvz';
const VOWELS = 'aeiou';

/** Easy to say: consonant–vowel syllables, with a capital and two digits for the usual rules. */
export const pronounceablePassword = (length: number): string => {
  let text = '';
  while (text.length < Math.max(6, length - 2)) text += pick<string>(CONSONANTS) + pick<string>(VOWELS);
  text = text.slice(0, Math.max(6, length - 2));
  return text.charAt(0).toUpperCase() + text.slice(1) + String(randomIndex(90) + 10);
};

export interface PassphraseOptions {
  words: number;
  separator: string;
  capitalize?: boolean;
  number?: boolean;
}

/** Words from the Portuguese list (accents kept off for keyboards everywhere), joined by the separator. */
export const passphrase = ({
  words,
  separator,
  capitalize = false,
  number = false,
}: PassphraseOptions): string => {
  const chosen = Array.from({ length: Math.max(3, words) }, () => {
    const word = PASSPHRASE_WORDS[randomIndex(PASSPHRASE_WORDS.length)]!.normalize('NFD').replace(
      /[\u0300-\u036f]/g,
      '',
    );
    return capitalize ? word.charAt(0).toUpperCase() + word.slice(1) : word;
  });
  if (number) chosen.push(String(randomIndex(100)));
  return chosen.join(separator);
};

/** Bits of a passphrase of `words` words from the list. */
export const passphraseBits = (words: number) => words * Math.log2(PASSPHRASE_WORDS.length);

export const STRENGTH_LABELS = ['Muito fraca', 'Fraca', 'Razoável', 'Forte', 'Muito forte'] as const;

export interface Strength {
  /** 0 (muito fraca) to 4 (muito forte). */
  score: 0 | 1 | 2 | 3 | 4;
  label: (typeof STRENGTH_LABELS)[number];
  /** Estimated bits of guessing work. */
  bits: number;
  /** What to fix, in Portuguese (empty when strong). */
  hints: string[];
}

const COMMON = new Set([
  '123456',
  '12345678',
  '123456789',
  'password',
  'senha',
  'senha123',
  'admin',
  'admin123',
  'qwerty',
  'abc123',
  '111111',
  '000000',
  'iloveyou',
  'brasil',
  'mudar123',
  'mudarsenha',
  'teste',
  'teste123',
  'farol',
  '123mudar',
]);

const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm', '01234567890'];

/** The offline strength estimate of a password or passphrase. */
export const passwordStrength = (value: string): Strength => {
  const hints: string[] = [];
  if (!value) return { score: 0, label: STRENGTH_LABELS[0], bits: 0, hints: ['Digite ou gere uma senha'] };
  const lower = value.toLowerCase();
  let pool = 0;
  if (/[a-z]/.test(value)) pool += 26;
  if (/[A-Z]/.test(value)) pool += 26;
  if (/[0-9]/.test(value)) pool += 10;
  if (/[^A-Za-z0-9]/.test(value)) pool += 33;
  let bits = value.length * Math.log2(Math.max(pool, 2));

  // Words of the list count as one symbol of the list each (what a passphrase attacker tries).
  const parts = lower.split(/[^a-zà-ú]+/).filter(Boolean);
  const listed = parts.filter((part) => PASSPHRASE_WORDS.includes(part));
  if (listed.length >= 3)
    bits = Math.min(bits, passphraseBits(listed.length) + (value.length - listed.join('').length) * 2);

  if (COMMON.has(lower)) {
    bits = Math.min(bits, 5);
    hints.push('É uma das senhas mais usadas');
  }
  if (/(.)\1{2,}/.test(value)) {
    bits -= 10;
    hints.push('Evite caracteres repetidos');
  }
  if (
    SEQUENCES.some((sequence) =>
      [...Array(Math.max(0, lower.length - 3)).keys()].some((i) => sequence.includes(lower.slice(i, i + 4))),
    )
  ) {
    bits -= 10;
    hints.push('Evite sequências como abcd ou 1234');
  }
  if (value.length < 12) hints.push('Use pelo menos 12 caracteres');
  bits = Math.max(0, Math.round(bits));
  const score = (bits < 28 ? 0 : bits < 40 ? 1 : bits < 60 ? 2 : bits < 80 ? 3 : 4) as Strength['score'];
  return { score, label: STRENGTH_LABELS[score], bits, hints: score >= 3 ? [] : hints };
};
