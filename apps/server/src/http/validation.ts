import { z } from 'zod';
import { issuesToDetails } from '@farol/data/contract';
import { httpError } from './errors';

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
