import { z } from 'zod';

/** Every error answer of the API (design.md §4). `details` maps a field path to a Portuguese message. */
export const apiErrorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Machine-readable codes the reference server uses in `error`. */
export const API_ERROR_CODES = [
  'validation_failed',
  'invalid_json',
  'unauthorized',
  'invalid_credentials',
  'forbidden',
  'csrf_rejected',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
