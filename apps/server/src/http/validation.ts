import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { issuesToDetails, wireId, type ApiErrorBody } from '@farol/data/contract';
import { HttpError } from './errors';

// zod's own texts (a wrong type, a union no branch matched) in Brazilian Portuguese. The contract's messages
// are the schemas' own and take precedence; this covers what they leave to zod.
z.config(z.locales.ptBR());

const INVALID = 'Dados inválidos';
/** PostgreSQL's text cannot hold U+0000: refused up front instead of failing in the database. */
export const NUL_MESSAGE = 'Caractere inválido (NUL) no texto';

/** The contract's 400 body for zod issues: Portuguese messages by field (the schemas' own texts). */
export const validationFailedBody = (issues: readonly z.core.$ZodIssue[]): ApiErrorBody => ({
  error: 'validation_failed',
  message: INVALID,
  details: issuesToDetails(issues),
});

const validationFailed = (issues: readonly z.core.$ZodIssue[]) =>
  new HttpError(400, 'validation_failed', INVALID, issuesToDetails(issues));

/**
 * The field path (`a.0.b`, `_` for the value itself) of the first string or key holding a NUL character, or
 * null. Walks with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export const nulPath = (value: unknown): string | null => {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000')) return item.path || '_';
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    for (const [key, child] of Object.entries(item.value)) {
      const path = item.path ? `${item.path}.${key}` : key;
      if (key.includes('\u0000')) return item.path || '_';
      stack.push({ value: child, path });
    }
  }
  return null;
};

/** The contract's 400 body for a value holding a NUL character (see nulPath), or null when it holds none. */
export const nulRefusal = (value: unknown): ApiErrorBody | null => {
  const path = nulPath(value);
  return path === null
    ? null
    : { error: 'validation_failed', message: INVALID, details: { [path]: NUL_MESSAGE } };
};

const checked = (schema: z.ZodType, data: unknown) => {
  const nul = nulRefusal(data);
  if (nul) return { error: new HttpError(400, 'validation_failed', INVALID, nul.details) } as const;
  const result = schema.safeParse(data ?? {});
  return result.success
    ? ({ value: result.data } as const)
    : ({ error: validationFailed(result.error.issues) } as const);
};

/**
 * Validates a route's params, querystring and body with the zod schemas declared on it (the type provider
 * types the handler from the same schemas). A failure is the contract's 400 with the schema's Portuguese
 * messages by field, zod's own texts in Portuguese too. A missing body is validated as `{}`, so an empty POST
 * gets the field messages rather than a type error. Text with a NUL character is refused before the schema.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) =>
    checked(schema, data);

/** Parses or throws 400 'Dados inválidos' with Portuguese field messages (for values no route schema covers). */
export const parse = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  const result = checked(schema, value);
  if ('error' in result) throw result.error;
  return result.value as z.output<S>;
};

/** A path parameter that is a database id named `field`: decimal digits only (no `0x10`, no `1e3`), 1 to 2³¹−1. */
export const idParam = (field: string) => wireId(field);

/** `:id` path parameters. */
export const idParamsSchema = z.object({ id: idParam('id') });
