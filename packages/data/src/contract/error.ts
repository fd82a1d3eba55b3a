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

export { API_ERROR_CODES } from './constants';
