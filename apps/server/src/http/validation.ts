import { z } from 'zod';
import { httpError } from './errors';

/** `{ 'field.path': 'mensagem' }` from zod issues, the first message of each field. */
export const issuesToDetails = (issues: readonly z.core.$ZodIssue[]): Record<string, string> => {
  const details: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (issue.code === 'unrecognized_keys') {
      for (const unknownKey of issue.keys) details[unknownKey] ??= 'Campo não permitido';
      continue;
    }
    details[key] ??= issue.message;
  }
  return details;
};

/** Parses or throws 400 'Dados inválidos' with Portuguese field messages. */
export const parse = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw httpError(400, 'validation_failed', 'Dados inválidos', issuesToDetails(result.error.issues));
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
