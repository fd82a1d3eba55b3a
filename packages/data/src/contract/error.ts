import { z } from 'zod';
import type { API_ERROR_CODES } from './constants';

/** Every error answer of the API (design.md §4). `details` maps a field path to a Portuguese message. */
export const apiErrorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/**
 * `details` of a 400 from zod issues: `{ 'field.path': 'mensagem' }`, the first message of each field (`_` for
 * the whole body), and 'Campo não permitido' for each key a strict schema refuses. The server and the mocks
 * both answer with it.
 */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
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
}

export { API_ERROR_CODES } from './constants';
