import { isApiError } from '@farol/data';

/** Field name → the first message about it. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/** A schema's issues (zod's `error.issues`) as the first message of each listed field. */
export function fieldErrorsFromIssues<F extends string>(
  issues: readonly IssueLike[],
  fields: readonly F[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * A server 400's `details` ({field: text}) split into the listed fields and the rest, so messages about
 * fields the form does not show are not lost.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): { fields: FieldErrors<F>; other: string[] } {
  const result: { fields: FieldErrors<F>; other: string[] } = { fields: {}, other: [] };
  if (!isApiError(error) || !error.body || typeof error.body !== 'object') return result;
  const details = (error.body as { details?: unknown }).details;
  if (!details || typeof details !== 'object') return result;
  for (const [key, text] of Object.entries(details as Record<string, unknown>)) {
    if (typeof text !== 'string' || !text) continue;
    const field = fields.find((name) => name === key);
    if (field) result.fields[field] ??= text;
    else result.other.push(text);
  }
  return result;
}

/** The text to show for a failure: the server's Portuguese message, else the fallback (bare 'HTTP 500'). */
export const failureMessage = (error: unknown, fallback: string): string =>
  isApiError(error) && error.message && !/^HTTP \d+$/.test(error.message) ? error.message : fallback;
