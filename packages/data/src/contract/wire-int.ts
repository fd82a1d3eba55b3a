import { z } from 'zod';

// In a browser, zod parses without compiling code: its probe for `new Function` is refused by the portal's
// Content-Security-Policy (no 'unsafe-eval') and reported as a violation. Every contract schema imports this
// module, so the setting is made before any of them parses. The server keeps zod's faster compiled parsers.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** The largest id PostgreSQL's `integer` holds (2³¹−1). */
export const MAX_ID = 2_147_483_647;

// Digits, with a decimal part only so that '2.5' is told it is not whole rather than not a number.
const DECIMAL = /^[0-9]{1,16}(\.[0-9]{1,16})?$/;

/**
 * A whole number as the wire carries it: a JSON number, or decimal digits (a path, a query string, a form
 * field). Never `true`, `'0x10'`, `'1e3'`, `' 16'` or `''`, which `z.coerce.number()` would turn into numbers.
 * `rules` adds the bounds (`(n) => n.min(1).max(100)`).
 */
export const wireInt = (field: string, rules: (n: z.ZodNumber) => z.ZodNumber = (n) => n) =>
  z
    .union([z.number(), z.string().regex(DECIMAL, `${field} deve ser um número`)], {
      error: `${field} deve ser um número`,
    })
    .refine(
      (value) => typeof value === 'number' || !value.includes('.'),
      `${field} deve ser um número inteiro`,
    )
    .transform(Number)
    .pipe(rules(z.number().int(`${field} deve ser um número inteiro`)));

/** A database id: a positive decimal integer up to 2³¹−1, as a number or as digits. */
export const wireId = (field: string) =>
  wireInt(field, (n) => n.positive(`${field} deve ser positivo`).max(MAX_ID, `${field} fora do intervalo`));
