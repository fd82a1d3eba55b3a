/**
 * The audit trail (`audit_events`): who did what to which record, when and from where. Every module writes
 * to it; admins read it through GET /api/audit.
 */
import { z } from 'zod';
import { wireId, wireInt } from './wire-int';

/** Who acted: a staff member, a client user, someone not signed in (a failed login), or the system itself. */
export const AUDIT_ACTOR_KINDS = ['staff', 'client', 'anonymous', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  actor_kind: z.enum(AUDIT_ACTOR_KINDS),
  company_id: z.number().int().nullable(),
  /** The module that wrote it ('auth', 'profile', 'tickets', …) and what happened ('login', 'updated', …). */
  module: z.string(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  /** Why, when the person was asked (a vault reveal, a remote session). */
  reason: z.string().nullable(),
  /** The chamado the action was made for, when there is one. */
  ticket_id: z.number().int().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditEventListSchema = z.object({
  items: z.array(auditEventSchema),
  total: z.number().int().min(0),
});
export type AuditEventList = z.infer<typeof auditEventListSchema>;

const positiveInt = wireId;

const word = (field: string) =>
  z
    .string({ error: `${field} deve ser um texto` })
    .trim()
    .min(1, `${field} não pode ficar em branco`)
    .max(100, `${field} deve ter no máximo 100 caracteres`);

/**
 * GET /api/audit: newest first, filtered by company, actor, target (`target_type` with `target_id`), module or
 * action; `page`/`limit` as in every list.
 */
export const auditListQuerySchema = z
  .object({
    company_id: positiveInt('company_id').optional(),
    actor_id: positiveInt('actor_id').optional(),
    target_type: word('target_type').optional(),
    target_id: word('target_id').optional(),
    module: word('module').optional(),
    action: word('action').optional(),
    page: wireInt('page', (n) =>
      n.min(1, 'page deve ser ao menos 1').max(100_000, 'page fora do intervalo'),
    ).default(1),
    limit: wireInt('limit', (n) =>
      n.min(1, 'limit deve ser ao menos 1').max(100, 'limit deve ser no máximo 100'),
    ).default(50),
  })
  .refine((query) => query.target_id === undefined || query.target_type !== undefined, {
    message: 'Informe target_type junto com target_id',
    path: ['target_type'],
  });
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
