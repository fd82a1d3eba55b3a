import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { hasPermission, isClient, PERMISSIONS } from '../../access/permissions';
import {
  createTicketMessageSchema,
  createTicketSchema,
  TICKET_ATTACHMENT_FIELD,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
  TICKET_ATTACHMENT_TYPES,
  TICKET_OPEN_STATUSES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  canTransitionTicket,
  ticketListQuerySchema,
  updateTicketSchema,
  type Ticket,
  type TicketAttachment,
  type TicketDetail,
  type TicketList,
  type TicketMessage,
  type TicketMessageList,
  type TicketSort,
  type TicketSummary,
} from '../../contract/ticket';
import type { UserWire } from '../../contract/user';
import {
  api,
  errorResponse,
  forbidden,
  jsonBody,
  notFound,
  parseOr400,
  serverError,
  unauthorized,
  userFromRequest,
  validationFailed,
} from '../../mocks/http';
import { createTicketDatabase, type StoredTicketFile, type TicketDatabase } from './database';
import { ticketAttachmentUrl, ticketDueAt, toListTicket } from './factories';
import { ticketFixtures } from './seed';

export interface TicketMockOptions {
  /** Every read answers 500. */
  failing?: boolean;
  /** Every call answers 403, as for a user without tickets.view. */
  forbidden?: boolean;
  /** Reads never answer, so a story can show the loading state. */
  loading?: boolean;
  /** Start with no tickets (and no threads). */
  empty?: boolean;
  /** The tickets to start from instead of the 12 fixtures (threads then start empty). */
  tickets?: () => Ticket[];
}

/** Both prefixes answer the same handlers, as on the server (`/api/support/tickets…` is an alias). */
const TICKET_PREFIXES = ['/tickets', '/support/tickets'] as const;

const ticketNotFound = () => notFound('Chamado não encontrado');
const conflict = (from: string, to: string) =>
  errorResponse(409, 'conflict', `Não é possível passar o chamado de "${from}" para "${to}".`);

const personOf = (user: UserWire) => ({ id: user.id, name: user.name });
const isOpen = (ticket: Ticket) => (TICKET_OPEN_STATUSES as readonly string[]).includes(ticket.status);
const isOverdue = (ticket: Ticket, now: number) => isOpen(ticket) && Date.parse(ticket.due_at) < now;

/** What the caller may see: a client, their own company's tickets; staff, all of them. */
const visibleTo = (user: UserWire, ticket: Ticket) =>
  !isClient(user) || ticket.company_id === user.company_id;

const compareBy: Record<TicketSort, (a: Ticket, b: Ticket) => number> = {
  created_at: (a, b) => a.created_at.localeCompare(b.created_at),
  updated_at: (a, b) => a.updated_at.localeCompare(b.updated_at),
  number: (a, b) => a.number - b.number,
  priority: (a, b) => TICKET_PRIORITIES.indexOf(a.priority) - TICKET_PRIORITIES.indexOf(b.priority),
  status: (a, b) => TICKET_STATUSES.indexOf(a.status) - TICKET_STATUSES.indexOf(b.status),
};

/** JSON or multipart/form-data: the fields (as the schema reads them) and the files. */
async function readBody(request: Request): Promise<{ fields: Record<string, unknown>; files: File[] }> {
  if (!(request.headers.get('content-type') ?? '').includes('multipart/form-data')) {
    return { fields: await jsonBody(request), files: [] };
  }
  const form = await request.formData();
  const fields: Record<string, unknown> = {};
  const files: File[] = [];
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') files.push(value);
    else if (key !== TICKET_ATTACHMENT_FIELD) fields[key] = value;
  }
  // Multipart carries only text: the one boolean field arrives as 'true' / 'false'.
  if (fields.internal === 'true' || fields.internal === 'false') fields.internal = fields.internal === 'true';
  return { fields, files };
}

/** The server's checks on files: how many, how large, which types. */
function checkFiles(files: File[]): Response | null {
  if (files.length > TICKET_ATTACHMENT_MAX_FILES) {
    return validationFailed({ files: `Envie no máximo ${TICKET_ATTACHMENT_MAX_FILES} arquivos` });
  }
  if (files.some((file) => file.size > TICKET_ATTACHMENT_MAX_BYTES)) {
    return errorResponse(413, 'payload_too_large', 'Arquivo maior que 10MB');
  }
  if (files.some((file) => !(TICKET_ATTACHMENT_TYPES as readonly string[]).includes(file.type))) {
    return validationFailed({ files: 'Envie imagens (PNG, JPG, GIF, WEBP) ou PDF' });
  }
  return null;
}

/** Stores the uploaded files and answers their attachments (URLs the attachment route serves). */
async function storeFiles(
  store: TicketDatabase,
  ticketId: number,
  files: File[],
): Promise<TicketAttachment[]> {
  const stored = { ...store.get().files };
  const attachments: TicketAttachment[] = [];
  let nextId = Math.max(0, ...Object.keys(stored).map(Number)) + 1;
  for (const file of files) {
    const id = nextId++;
    const mime_type = file.type as StoredTicketFile['mime_type'];
    stored[id] = {
      ticket_id: ticketId,
      name: file.name,
      mime_type,
      bytes: new Uint8Array(await file.arrayBuffer()),
    };
    attachments.push({
      id,
      name: file.name,
      mime_type,
      size: file.size,
      url: ticketAttachmentUrl(ticketId, id),
    });
  }
  store.set({ ...store.get(), files: stored });
  return attachments;
}

/** One tickets mock: its handlers and its data, so a story or test holds its own handle on both. */
export interface TicketMock {
  /** The MSW handlers (`msw: { handlers: { tickets: mock.handlers } }`). */
  handlers: HttpHandler[];
  /** Its data: read it, or change it live with `updated` / `created` and emit what they answer. */
  database: TicketDatabase;
}

/**
 * The tickets API over one stateful database (reset by resetMockState): list with the server's filters,
 * sort and paging, detail with history and attachments, create and reply (JSON or multipart), PATCH with
 * the transition rules, the thread (staff notes hidden from clients), summary, form options and attachments.
 */
export function createTicketMock(options: TicketMockOptions = {}): TicketMock {
  const { empty = false, tickets } = options;
  const database = createTicketDatabase(() => ticketFixtures.state(empty ? () => [] : tickets));
  return { handlers: ticketRoutes(database, options), database };
}

/** The handlers alone, for a story that never changes the data live. */
export function createTicketHandlers(options: TicketMockOptions = {}): HttpHandler[] {
  return createTicketMock(options).handlers;
}

function ticketRoutes(store: TicketDatabase, options: TicketMockOptions): HttpHandler[] {
  const { failing = false, loading = false } = options;

  /** The caller, or the answer that stops the request (403 / 401), as the server's preHandlers. */
  const caller = (request: Request): UserWire | Response => {
    if (options.forbidden) return forbidden();
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const allowed = isClient(user) ? user.company_id !== null : hasPermission(user, PERMISSIONS.TICKETS_VIEW);
    return allowed ? user : forbidden();
  };
  /** Reads first wait (forever when loading) or fail when asked to. */
  const read = async (request: Request): Promise<UserWire | Response> => {
    if (loading) await delay('infinite');
    if (failing) return serverError();
    return caller(request);
  };
  const findVisible = (user: UserWire, id: string | readonly string[] | undefined) =>
    store.get().tickets.find((ticket) => ticket.id === Number(id) && visibleTo(user, ticket));

  const routes = (prefix: string): HttpHandler[] => [
    // Before `/:id`, which would otherwise take 'summary' and 'options' for an id.
    http.get(api(`${prefix}/summary`), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const now = Date.now();
      const visible = store.get().tickets.filter((ticket) => visibleTo(user, ticket));
      const open = visible.filter(isOpen);
      const summary: TicketSummary = {
        by_status: Object.fromEntries(
          TICKET_STATUSES.map((status) => [
            status,
            visible.filter((ticket) => ticket.status === status).length,
          ]),
        ) as TicketSummary['by_status'],
        open: open.length,
        mine: open.filter((ticket) => ticket.assignee?.id === user.id).length,
        urgent: open.filter((ticket) => ticket.priority === 'urgente').length,
        overdue: open.filter((ticket) => isOverdue(ticket, now)).length,
      };
      return HttpResponse.json(summary);
    }),
    http.get(api(`${prefix}/options`), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const client = isClient(user);
      return HttpResponse.json({
        companies: ticketFixtures.companies().filter((company) => !client || company.id === user.company_id),
        assignees: client ? [] : ticketFixtures.assignees(),
        categories: ticketFixtures.categories(),
      });
    }),
    http.get(api(prefix), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const parsed = parseOr400(ticketListQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
      if (parsed.error) return parsed.error;
      const query = parsed.data;
      const now = Date.now();
      const q = query.q?.toLowerCase();
      const number = query.q ? /^#?(\d{1,9})$/.exec(query.q)?.[1] : undefined;
      const assignee = query.assignee_id === 'me' ? user.id : query.assignee_id;
      const matches = store
        .get()
        .tickets.filter(
          (ticket) =>
            visibleTo(user, ticket) &&
            (!query.status || ticket.status === query.status) &&
            (!query.open || isOpen(ticket)) &&
            (!query.overdue || isOverdue(ticket, now)) &&
            (!query.priority || ticket.priority === query.priority) &&
            (query.company_id === undefined || ticket.company_id === query.company_id) &&
            (query.branch_id === undefined || ticket.branch_id === query.branch_id) &&
            (assignee === undefined ||
              (assignee === 'none' ? ticket.assignee === null : ticket.assignee?.id === assignee)) &&
            (!q ||
              `${ticket.subject}\n${ticket.description}`.toLowerCase().includes(q) ||
              ticket.number === Number(number)),
        )
        .sort((a, b) => {
          const order = compareBy[query.sort](a, b) || a.id - b.id;
          return query.order === 'asc' ? order : -order;
        });
      const start = (query.page - 1) * query.limit;
      return HttpResponse.json({
        items: matches.slice(start, start + query.limit).map(toListTicket),
        total: matches.length,
      } satisfies TicketList);
    }),
    http.post(api(prefix), async ({ request }) => {
      const user = caller(request);
      if (user instanceof Response) return user;
      const { fields, files } = await readBody(request);
      const parsed = parseOr400(createTicketSchema, fields);
      if (parsed.error) return parsed.error;
      const filesRefused = checkFiles(files);
      if (filesRefused) return filesRefused;
      const input = parsed.data;
      // Clients open tickets for their own company only; whatever company_id they send is ignored.
      const companyId = isClient(user) ? user.company_id! : input.company_id;
      if (companyId === undefined) return validationFailed({ company_id: 'Informe a empresa do chamado' });
      const company = ticketFixtures.companies().find((item) => item.id === companyId);
      if (!company) return validationFailed({ company_id: 'Empresa não encontrada' });
      if (
        input.branch_id !== undefined &&
        !company.branches.some((branch) => branch.id === input.branch_id)
      ) {
        return validationFailed({ branch_id: 'Filial não encontrada nesta empresa' });
      }
      const all = store.get().tickets;
      const id = Math.max(0, ...all.map((ticket) => ticket.id)) + 1;
      const now = new Date().toISOString();
      const ticket: Ticket = {
        id,
        number: Math.max(1000, ...all.map((item) => item.number)) + 1,
        subject: input.subject,
        description: input.description,
        status: 'aberto',
        priority: input.priority,
        category: input.category ?? null,
        company_id: company.id,
        company_name: company.name,
        branch_id: input.branch_id ?? null,
        requester: personOf(user),
        assignee: null,
        created_at: now,
        updated_at: now,
        due_at: ticketDueAt(now, input.priority),
      };
      store.write(ticket, personOf(user));
      const attachments = await storeFiles(store, id, files);
      if (attachments.length > 0) {
        store.set({
          ...store.get(),
          tickets: store.get().tickets.map((item) => (item.id === id ? { ...item, attachments } : item)),
        });
      }
      return HttpResponse.json(ticket, { status: 201 });
    }),
    http.get(api(`${prefix}/:id`), async ({ request, params }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const ticket = findVisible(user, params.id);
      return ticket ? HttpResponse.json(ticket satisfies TicketDetail) : ticketNotFound();
    }),
    http.patch(api(`${prefix}/:id`), async ({ request, params }) => {
      const user = caller(request);
      if (user instanceof Response) return user;
      if (isClient(user)) return forbidden();
      const parsed = parseOr400(updateTicketSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const current = findVisible(user, params.id);
      if (!current) return ticketNotFound();
      const input = parsed.data;
      if (input.status !== undefined && !canTransitionTicket(current.status, input.status)) {
        return conflict(current.status, input.status);
      }
      let assignee = current.assignee;
      if (input.assignee_id !== undefined) {
        const staff = ticketFixtures.assignees().find((person) => person.id === input.assignee_id);
        if (input.assignee_id !== null && !staff) {
          return validationFailed({
            assignee_id: 'O responsável deve ser da equipe com acesso aos chamados',
          });
        }
        assignee = staff ?? null;
      }
      if (input.branch_id !== undefined && input.branch_id !== null) {
        const company = ticketFixtures.companies().find((item) => item.id === current.company_id);
        if (!company?.branches.some((branch) => branch.id === input.branch_id)) {
          return validationFailed({ branch_id: 'Filial não encontrada nesta empresa' });
        }
      }
      const priority = input.priority ?? current.priority;
      const next: Ticket = {
        ...toListTicket(current),
        status: input.status ?? current.status,
        priority,
        // The due time follows a new priority, still counted from creation.
        due_at: priority === current.priority ? current.due_at : ticketDueAt(current.created_at, priority),
        category: input.category === undefined ? current.category : input.category,
        branch_id: input.branch_id === undefined ? current.branch_id : input.branch_id,
        assignee,
      };
      const changed =
        next.status !== current.status ||
        next.branch_id !== current.branch_id ||
        next.priority !== current.priority ||
        next.category !== current.category ||
        next.assignee?.id !== current.assignee?.id;
      // Nothing changed, nothing written (as the server): the ticket as it is.
      if (!changed) return HttpResponse.json(toListTicket(current));
      next.updated_at = new Date().toISOString();
      store.write(next, personOf(user));
      return HttpResponse.json(next);
    }),
    http.get(api(`${prefix}/:id/messages`), async ({ request, params }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const ticket = findVisible(user, params.id);
      if (!ticket) return ticketNotFound();
      // Internal notes are staff-only: a client never receives one.
      const items = store
        .get()
        .messages.filter(
          (message) => message.ticket_id === ticket.id && (!isClient(user) || !message.internal),
        );
      return HttpResponse.json({ items, total: items.length } satisfies TicketMessageList);
    }),
    http.post(api(`${prefix}/:id/messages`), async ({ request, params }) => {
      const user = caller(request);
      if (user instanceof Response) return user;
      const { fields, files } = await readBody(request);
      const parsed = parseOr400(createTicketMessageSchema, fields);
      if (parsed.error) return parsed.error;
      const input = parsed.data;
      if (isClient(user) && input.internal) return forbidden();
      const ticket = findVisible(user, params.id);
      if (!ticket) return ticketNotFound();
      const filesRefused = checkFiles(files);
      if (filesRefused) return filesRefused;
      if (!input.body && files.length === 0) {
        return validationFailed({ body: 'Escreva uma mensagem ou anexe um arquivo' });
      }
      const now = new Date().toISOString();
      const message: TicketMessage = {
        id: Math.max(0, ...store.get().messages.map((item) => item.id)) + 1,
        ticket_id: ticket.id,
        author: { ...personOf(user), role: user.role },
        body: input.body,
        internal: input.internal,
        attachments: await storeFiles(store, ticket.id, files),
        created_at: now,
      };
      const state = store.get();
      store.set({
        ...state,
        messages: [...state.messages, message],
        tickets: state.tickets.map((item) => (item.id === ticket.id ? { ...item, updated_at: now } : item)),
      });
      return HttpResponse.json(message, { status: 201 });
    }),
    http.get(api(`${prefix}/:id/attachments/:attachmentId`), async ({ request, params }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const ticket = findVisible(user, params.id);
      const file = store.get().files[Number(params.attachmentId)];
      if (!ticket || !file || file.ticket_id !== ticket.id) return notFound('Anexo não encontrado');
      // A client never reaches a file sent with a staff-only note.
      const note = store
        .get()
        .messages.find(
          (message) =>
            message.internal && message.attachments.some((item) => item.id === Number(params.attachmentId)),
        );
      if (note && isClient(user)) return notFound('Anexo não encontrado');
      return new HttpResponse(file.bytes, {
        headers: {
          'Content-Type': file.mime_type,
          'Content-Length': String(file.bytes.byteLength),
          'Content-Disposition': `inline; filename="${encodeURIComponent(file.name)}"`,
        },
      });
    }),
  ];

  return TICKET_PREFIXES.flatMap(routes);
}

export const ticketHandlers = {
  default: () => createTicketHandlers(),
  empty: () => createTicketHandlers({ empty: true }),
  failing: () => createTicketHandlers({ failing: true }),
  forbidden: () => createTicketHandlers({ forbidden: true }),
  loading: () => createTicketHandlers({ loading: true }),
};
