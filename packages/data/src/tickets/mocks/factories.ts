import {
  TICKET_DUE_HOURS,
  type Ticket,
  type TicketAttachment,
  type TicketDetail,
  type TicketFormOptions,
  type TicketHistoryEntry,
  type TicketMessage,
  type TicketPriority,
} from '../../contract/ticket';
import type { UserWire } from '../../contract/user';
import { fixtures } from '../../mocks/fixtures';

const HOUR = 3_600_000;

/** A 2×2 PNG: the smallest picture a browser decodes. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGNQTX4NRAwQCgAligXNFnxqAgAAAABJRU5ErkJggg==';
/** A one-page blank PDF a viewer opens (xref offsets are not checked by the common viewers). */
const PDF_TEXT = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
  '',
].join('\n');

export const tinyPng = (): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(PNG_BASE64), (char) => char.charCodeAt(0));
export const tinyPdf = (): Uint8Array<ArrayBuffer> => new TextEncoder().encode(PDF_TEXT);

const person = (user: UserWire) => ({ id: user.id, name: user.name });
export const staff = {
  ana: person(fixtures.users.admin),
  bruno: person(fixtures.users.gestor),
  carla: person(fixtures.users.tecnico),
};
export const requesters = {
  diego: person(fixtures.users.clienteAcme),
  elisa: person(fixtures.users.clienteGlobex),
};

export const ACME = {
  id: fixtures.users.clienteAcme.company_id!,
  name: fixtures.users.clienteAcme.company_name!,
};
export const GLOBEX = {
  id: fixtures.users.clienteGlobex.company_id!,
  name: fixtures.users.clienteGlobex.company_name!,
};

/** The companies the ticket forms offer, with their branches. */
export const COMPANIES: TicketFormOptions['companies'] = [
  {
    ...ACME,
    branches: [
      { id: 1, name: 'Matriz' },
      { id: 2, name: 'Filial Centro' },
    ],
  },
  { ...GLOBEX, branches: [{ id: 3, name: 'Sede' }] },
];

const iso = (time: number) => new Date(time).toISOString();
export const hoursAgo = (now: number, hours: number) => iso(now - hours * HOUR);

/** The due time the server gives a ticket: creation plus TICKET_DUE_HOURS of its priority. */
export const ticketDueAt = (createdAt: string, priority: TicketPriority): string =>
  iso(Date.parse(createdAt) + TICKET_DUE_HOURS[priority] * HOUR);

/** The URL the API serves an attachment at (GET it with the session). */
export const ticketAttachmentUrl = (ticketId: number, attachmentId: number) =>
  `/api/tickets/${ticketId}/attachments/${attachmentId}`;

/** A ticket; `due_at` follows `created_at` and `priority` unless given. */
export function makeTicket(overrides: Partial<Ticket> = {}): Ticket {
  const created_at = overrides.created_at ?? hoursAgo(Date.now(), 1);
  const priority = overrides.priority ?? 'média';
  return {
    id: 1,
    number: 1001,
    subject: 'Sistema de notas fiscais fora do ar',
    description: 'Desde as 8h ninguém consegue emitir notas fiscais.',
    status: 'aberto',
    category: null,
    company_id: ACME.id,
    company_name: ACME.name,
    branch_id: null,
    requester: requesters.diego,
    assignee: null,
    updated_at: created_at,
    due_at: ticketDueAt(created_at, priority),
    ...overrides,
    created_at,
    priority,
  };
}

/** A ticket on a fixed clock (opened 21/11/2026 10:00 UTC, due a day later), numbered `1000 + id`: for tests that build many. */
export function makeNumberedTicket(id: number, fields: Partial<Ticket> = {}): Ticket {
  return makeTicket({
    id,
    number: 1000 + id,
    subject: `Chamado ${id}`,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    due_at: '2026-11-22T10:00:00.000Z',
    ...fields,
  });
}

export function makeTicketAttachment(
  overrides: Partial<TicketAttachment> & { ticket_id?: number } = {},
): TicketAttachment {
  const { ticket_id = 1, ...fields } = overrides;
  const id = fields.id ?? 1;
  return {
    id,
    name: 'captura-de-tela.png',
    mime_type: 'image/png',
    size: tinyPng().byteLength,
    url: ticketAttachmentUrl(ticket_id, id),
    ...fields,
  };
}

export function makeTicketMessage(overrides: Partial<TicketMessage> = {}): TicketMessage {
  return {
    id: 1,
    ticket_id: 1,
    author: { ...requesters.diego, role: fixtures.users.clienteAcme.role },
    body: 'Alguma novidade sobre o chamado?',
    internal: false,
    attachments: [],
    created_at: hoursAgo(Date.now(), 0.5),
    ...overrides,
  };
}

/**
 * The detail the server answers: the ticket, its history (opening, then the assignment and the status it
 * reached when they differ from a fresh ticket) and its opening attachments.
 */
export function makeTicketDetail(
  ticket: Ticket,
  { history, attachments = [] }: { history?: TicketHistoryEntry[]; attachments?: TicketAttachment[] } = {},
): TicketDetail {
  const changedAt = ticket.updated_at;
  const derived: TicketHistoryEntry[] = [
    { who: ticket.requester, field: 'status', from: null, to: 'aberto', at: ticket.created_at },
    ...(ticket.assignee
      ? [{ who: staff.bruno, field: 'assignee', from: null, to: ticket.assignee.name, at: changedAt }]
      : []),
    ...(ticket.status !== 'aberto'
      ? [
          {
            who: ticket.assignee ?? staff.ana,
            field: 'status',
            from: 'aberto',
            to: ticket.status,
            at: changedAt,
          },
        ]
      : []),
  ];
  return { ...ticket, history: history ?? derived, attachments };
}

/** The Ticket of a detail, without the detail-only fields (what the list and the live events carry). */
export function toListTicket(detail: TicketDetail | Ticket): Ticket {
  const { history: _history, attachments: _attachments, ...ticket } = detail as TicketDetail;
  return ticket;
}
