import { failureMessage, serverFieldErrors } from '../../../lib/form-errors';

type SetError<F extends string> = (
  name: F,
  error: { type: string; message: string },
  options?: { shouldFocus: boolean },
) => void;

/**
 * A refused save (400 `details`, or a 409 that names its field) shown where the person fixes it: each message
 * under its field, the first of them (in the form's order) focused. Answers the text for the form's own alert:
 * null when every message found its field.
 */
export function showServerErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: SetError<F>,
  fallback: string,
): string | null {
  const server = serverFieldErrors(error, fields);
  const named = fields.filter((field) => server.fields[field]);
  named.forEach((field, index) =>
    setError(field, { type: 'server', message: server.fields[field]! }, { shouldFocus: index === 0 }),
  );
  if (named.length > 0 && server.other.length === 0) return null;
  return [failureMessage(error, fallback), ...server.other].join(' ');
}

/**
 * After a refused submit, the focus goes to the first invalid field in the form's order (react-hook-form's
 * own choice follows registration order, where fields drawn by a Controller come last).
 */
export function focusFirstInvalid<F extends string>(
  errors: Partial<Record<F, unknown>>,
  fields: readonly F[],
  setFocus: (name: F) => void,
): void {
  const first = fields.find((field) => errors[field]);
  if (first) setFocus(first);
}
