import { z } from 'zod';
import { wireId, wireInt } from './wire-int';
import {
  TICKET_ATTACHMENT_TYPES,
  TICKET_PRIORITIES,
  TICKET_SORTS,
  TICKET_STATUSES,
} from './ticket-constants';

export * from './ticket-constants';

export const ticketStatusSchema = z.enum(TICKET_STATUSES, {
  error: `status deve ser um de: ${TICKET_STATUSES.join(', ')}`,
});
export const ticketPrioritySchema = z.enum(TICKET_PRIORITIES, {
  error: `priority deve ser um de: ${TICKET_PRIORITIES.join(', ')}`,
});

const personSchema = z.object({ id: z.number().int(), name: z.string() });

export const ticketAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime_type: z.enum(TICKET_ATTACHMENT_TYPES),
  size: z.number().int().min(0),
  /** GET it with the session: `/api/tickets/{ticketId}/attachments/{id}`. */
  url: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketSchema = z.object({
  id: z.number().int(),
  /** Human number shown to people (1001, 1002, …). */
  number: z.number().int(),
  subject: z.string(),
  description: z.string(),
  status: ticketStatusSchema,
  priority: ticketPrioritySchema,
  category: z.string().nullable(),
  company_id: z.number().int(),
  company_name: z.string(),
  branch_id: z.number().int().nullable(),
  requester: personSchema,
  assignee: personSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  due_at: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketListSchema = z.object({ items: z.array(ticketSchema), total: z.number().int().min(0) });
export type TicketList = z.infer<typeof ticketListSchema>;

const positiveId = wireId;

const queryFlag = (field: string) =>
  z
    .enum(['true', 'false'], { error: `${field} deve ser 'true' ou 'false'` })
    .transform((value) => value === 'true')
    .optional();

/**
 * GET /api/tickets query: `assignee_id` is a user id, 'me' or 'none'; `open=true` keeps TICKET_OPEN_STATUSES;
 * `overdue=true` keeps open tickets past their due time.
 */
export const ticketListQuerySchema = z.object({
  status: ticketStatusSchema.optional(),
  open: queryFlag('open'),
  overdue: queryFlag('overdue'),
  priority: ticketPrioritySchema.optional(),
  assignee_id: z
    .union([z.literal('me'), z.literal('none'), positiveId('assignee_id')], {
      error: "assignee_id deve ser um número, 'me' ou 'none'",
    })
    .optional(),
  company_id: positiveId('company_id').optional(),
  /** A branch (filial) of the company; any company's branch for staff. */
  branch_id: positiveId('branch_id').optional(),
  q: z
    .string({ error: 'q deve ser um texto' })
    .trim()
    .max(200, 'q deve ter no máximo 200 caracteres')
    .optional(),
  sort: z
    .enum(TICKET_SORTS, { error: `sort deve ser um de: ${TICKET_SORTS.join(', ')}` })
    .default('updated_at'),
  order: z.enum(['asc', 'desc'], { error: "order deve ser 'asc' ou 'desc'" }).default('desc'),
  page: wireInt('page', (n) =>
    n.min(1, 'page deve ser ao menos 1').max(100_000, 'page fora do intervalo'),
  ).default(1),
  limit: wireInt('limit', (n) =>
    n.min(1, 'limit deve ser ao menos 1').max(100, 'limit deve ser no máximo 100'),
  ).default(25),
});
export type TicketListQuery = z.input<typeof ticketListQuerySchema>;

const category = z
  .string({ error: 'A categoria deve ser um texto' })
  .trim()
  .min(1, 'A categoria não pode ficar em branco')
  .max(100, 'A categoria deve ter no máximo 100 caracteres');

// `company_id` is required for staff and ignored for clients (their own company).
/**
 * POST /api/tickets — JSON, or multipart/form-data with the same fields plus up to
 * TICKET_ATTACHMENT_MAX_FILES files in TICKET_ATTACHMENT_FIELD.
 */
export const createTicketSchema = z
  .object({
    subject: z
      .string({ error: 'Informe o assunto' })
      .trim()
      .min(3, 'O assunto deve ter ao menos 3 caracteres')
      .max(200, 'O assunto deve ter no máximo 200 caracteres'),
    description: z
      .string({ error: 'Informe a descrição' })
      .trim()
      .min(1, 'A descrição não pode ficar em branco')
      .max(10_000, 'A descrição deve ter no máximo 10000 caracteres'),
    priority: ticketPrioritySchema.default('média'),
    category: category.optional(),
    company_id: positiveId('company_id').optional(),
    branch_id: positiveId('branch_id').optional(),
  })
  .strict();
export type CreateTicket = z.input<typeof createTicketSchema>;

/** PATCH /api/tickets/:id — staff only; at least one field. `branch_id` is one of the ticket's company's filiais. */
export const updateTicketSchema = z
  .object({
    status: ticketStatusSchema.optional(),
    priority: ticketPrioritySchema.optional(),
    assignee_id: positiveId('assignee_id').nullable().optional(),
    category: category.nullable().optional(),
    branch_id: positiveId('branch_id').nullable().optional(),
  })
  .strict()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Informe ao menos um campo para alterar',
  });
export type UpdateTicket = z.input<typeof updateTicketSchema>;

export const ticketMessageSchema = z.object({
  id: z.number().int(),
  ticket_id: z.number().int(),
  author: z.object({ id: z.number().int(), name: z.string(), role: z.string() }),
  body: z.string(),
  /** Internal notes are staff-only: a client never receives one. */
  internal: z.boolean(),
  attachments: z.array(ticketAttachmentSchema),
  created_at: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketMessageListSchema = z.object({
  items: z.array(ticketMessageSchema),
  total: z.number().int().min(0),
});
export type TicketMessageList = z.infer<typeof ticketMessageListSchema>;

/**
 * POST /api/tickets/:id/messages — JSON, or multipart/form-data with files as on create. The body may be
 * empty only when files come with it (the server answers 400 'Escreva uma mensagem ou anexe um arquivo').
 */
export const createTicketMessageSchema = z
  .object({
    body: z
      .string({ error: 'Informe a mensagem' })
      .trim()
      .max(10_000, 'A mensagem deve ter no máximo 10000 caracteres')
      .default(''),
    internal: z.boolean({ error: 'internal deve ser verdadeiro ou falso' }).default(false),
  })
  .strict();
export type CreateTicketMessage = z.input<typeof createTicketMessageSchema>;

export const ticketHistoryEntrySchema = z.object({
  who: personSchema.nullable(),
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  at: z.string(),
});
export type TicketHistoryEntry = z.infer<typeof ticketHistoryEntrySchema>;

/** GET /api/tickets/:id */
export const ticketDetailSchema = ticketSchema.extend({
  history: z.array(ticketHistoryEntrySchema),
  /** Files sent with the opening description (replies carry their own). */
  attachments: z.array(ticketAttachmentSchema),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** GET /api/tickets/summary — staff dashboard counts, over the tickets this user may see. */
export const ticketSummarySchema = z.object({
  by_status: z.record(ticketStatusSchema, z.number().int().min(0)),
  /** Open (TICKET_OPEN_STATUSES) in total, open assigned to me, open and urgent, open and past due. */
  open: z.number().int().min(0),
  mine: z.number().int().min(0),
  urgent: z.number().int().min(0),
  overdue: z.number().int().min(0),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

/**
 * GET /api/tickets/options — what the forms offer: companies with their branches (a client gets only their
 * own), the staff a ticket can be assigned to (empty for clients), and category suggestions.
 */
export const ticketFormOptionsSchema = z.object({
  companies: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      branches: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
  assignees: z.array(personSchema),
  categories: z.array(z.string()),
});
export type TicketFormOptions = z.infer<typeof ticketFormOptionsSchema>;
