import { HttpResponse } from 'msw';
import type { z } from 'zod';
import { issuesToDetails } from '../contract/error';
import type { UserWire } from '../contract/user';
import { userForToken } from './fixtures';

/** Origin-agnostic patterns: the same handlers serve Storybook (same origin) and Node tests (any base URL). */
export const api = (path: string) => `*/api${path}`;

/** The contract's error answer `{error, message, details?}` (design.md §4). */
export function errorResponse(
  status: number,
  error: string,
  message: string,
  details?: Record<string, string>,
) {
  return HttpResponse.json(details ? { error, message, details } : { error, message }, { status });
}

export const notFound = (message = 'Recurso não encontrado') => errorResponse(404, 'not_found', message);
export const serverError = () => errorResponse(500, 'internal_error', 'Erro interno do servidor');
export const unauthorized = () => errorResponse(401, 'unauthorized', 'Sessão expirada. Entre novamente.');
export const forbidden = () => errorResponse(403, 'forbidden', 'Você não tem permissão para esta ação.');

export function bearer(request: Request): string | null {
  const header = request.headers.get('authorization');
  return header?.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : null;
}

/** The fixture user behind the request's bearer token (null without one). */
export const userFromRequest = (request: Request): UserWire | null => userForToken(bearer(request));

export async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The server's 400 for input a schema refuses. */
export const validationFailed = (details: Record<string, string>) =>
  errorResponse(400, 'validation_failed', 'Dados inválidos', details);

/** Parses like the server's `parse`: the data, or the 400 answer to return. */
export function parseOr400<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { data: z.output<S>; error?: undefined } | { data?: undefined; error: Response } {
  const result = schema.safeParse(value ?? {});
  return result.success
    ? { data: result.data }
    : { error: validationFailed(issuesToDetails(result.error.issues)) };
}
