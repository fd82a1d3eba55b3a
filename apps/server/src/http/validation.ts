import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { issuesToDetails, type ApiErrorBody } from '@farol/data/contract';
import { HttpError } from './errors';

const INVALID = 'Dados inválidos';

/** The contract's 400 body for zod issues: Portuguese messages by field (the schemas' own texts). */
export const validationFailedBody = (issues: readonly z.core.$ZodIssue[]): ApiErrorBody => ({
  error: 'validation_failed',
  message: INVALID,
  details: issuesToDetails(issues),
});

const validationFailed = (issues: readonly z.core.$ZodIssue[]) =>
  new HttpError(400, 'validation_failed', INVALID, issuesToDetails(issues));

/**
 * Validates a route's params, querystring and body with the zod schemas declared on it (the type provider
 * types the handler from the same schemas). A failure is the contract's 400 with the schema's Portuguese
 * messages by field — never zod's English text. A missing body is validated as `{}`, so an empty POST gets
 * the field messages rather than a type error.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: validationFailed(result.error.issues) };
  };

/** Parses or throws 400 'Dados inválidos' with Portuguese field messages (for values no route schema covers). */
export const parse = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw validationFailed(result.error.issues);
};

/** A positive integer path parameter (a database id) named `field`. */
export const idParam = (field: string) =>
  z.coerce
    .number({ error: `${field} deve ser um número` })
    .int(`${field} deve ser um número inteiro`)
    .positive(`${field} deve ser positivo`)
    .max(2_147_483_647, `${field} fora do intervalo`);

/** `:id` path parameters. */
export const idParamsSchema = z.object({ id: idParam('id') });
