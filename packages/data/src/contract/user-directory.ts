import { z } from 'zod';
import { auditEventListSchema } from './audit';
import { userSummarySchema } from './user';
import { USER_PRESENCE_STATUSES } from './user-directory-constants';
import { wireId, wireInt } from './wire-int';

export * from './user-directory-constants';

export const userPresenceStatusSchema = z.enum(USER_PRESENCE_STATUSES, {
  error: `status deve ser um de: ${USER_PRESENCE_STATUSES.join(', ')}`,
});

/**
 * GET /api/users — the directory (users.view, staff): `q` matches name, e-mail, username or phone ignoring
 * accents and case; `company_id` (or `none` for staff, who belong to no company), `role` (cliente takes both
 * client spellings) and the presence `status` narrow it; names A→Z, paged.
 */
export const userDirectoryQuerySchema = z.object({
  q: z
    .string({ error: 'q deve ser um texto' })
    .trim()
    .max(100, 'q deve ter no máximo 100 caracteres')
    .optional(),
  company_id: z
    .union([z.literal('none'), wireId('company_id')], {
      error: "company_id deve ser um número ou 'none'",
    })
    .optional(),
  role: z
    .string({ error: 'role deve ser um texto' })
    .trim()
    .toLowerCase()
    .regex(/^[\p{L}\p{N} ._-]{1,40}$/u, 'role inválido')
    .optional(),
  status: userPresenceStatusSchema.optional(),
  page: wireInt('page', (n) =>
    n.min(1, 'page deve ser ao menos 1').max(100_000, 'page fora do intervalo'),
  ).default(1),
  limit: wireInt('limit', (n) =>
    n.min(1, 'limit deve ser ao menos 1').max(100, 'limit deve ser no máximo 100'),
  ).default(25),
});
export type UserDirectoryQuery = z.input<typeof userDirectoryQuerySchema>;

/** One person in the directory: who they are, how to reach them, and whether they are around now. */
export const userDirectoryEntrySchema = userSummarySchema.extend({
  company_name: z.string().nullable(),
  /** Their own phone, else their company contact's phone or mobile. */
  phone: z.string().nullable(),
  presence: userPresenceStatusSchema,
});
export type UserDirectoryEntry = z.infer<typeof userDirectoryEntrySchema>;

export const userDirectoryListSchema = z.object({
  items: z.array(userDirectoryEntrySchema),
  total: z.number().int().min(0),
});
export type UserDirectoryList = z.infer<typeof userDirectoryListSchema>;

/** GET /api/users/:id — a person's page: the directory's facts plus their contact record's. */
export const userProfileSchema = userDirectoryEntrySchema.extend({
  username: z.string().nullable(),
  /** From their company contact (client users): cargo and departamento. */
  job_title: z.string().nullable(),
  department: z.string().nullable(),
  created_at: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** GET /api/users/options — what the directory's filters offer: the roles in use and the people's companies. */
export const userDirectoryOptionsSchema = z.object({
  roles: z.array(z.string()),
  companies: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type UserDirectoryOptions = z.infer<typeof userDirectoryOptionsSchema>;

/** GET /api/users/:id/audit — what happened to a person's account (users.manage), newest first. */
export const userAuditQuerySchema = z.object({
  page: wireInt('page', (n) =>
    n.min(1, 'page deve ser ao menos 1').max(100_000, 'page fora do intervalo'),
  ).default(1),
  limit: wireInt('limit', (n) =>
    n.min(1, 'limit deve ser ao menos 1').max(100, 'limit deve ser no máximo 100'),
  ).default(20),
});
export type UserAuditQuery = z.input<typeof userAuditQuerySchema>;
export const userAuditListSchema = auditEventListSchema;

/** presence:set (client → server): this connection's state. */
export const presenceSetSchema = z
  .object({ state: z.enum(['active', 'idle'], { error: "state deve ser 'active' ou 'idle'" }) })
  .strict();
