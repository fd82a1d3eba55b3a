import {
  TICKET_CATEGORIES,
  TICKET_DUE_HOURS,
  type Ticket,
  type TicketAttachment,
  type TicketDetail,
  type TicketFormOptions,
  type TicketHistoryEntry,
  type TicketMessage,
  type TicketPriority,
} from '../contract/ticket';
import type { UserWire } from '../contract/user';
import { fixtures } from './fixtures';
import type { MockStore } from './store';

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

const tinyPng = (): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(PNG_BASE64), (char) => char.charCodeAt(0));
const tinyPdf = (): Uint8Array<ArrayBuffer> => new TextEncoder().encode(PDF_TEXT);

const person = (user: UserWire) => ({ id: user.id, name: user.name });
const staff = {
  ana: person(fixtures.users.admin),
  bruno: person(fixtures.users.gestor),
  carla: person(fixtures.users.tecnico),
};
const requesters = { diego: person(fixtures.users.clienteAcme), elisa: person(fixtures.users.clienteGlobex) };

const ACME = { id: fixtures.users.clienteAcme.company_id!, name: fixtures.users.clienteAcme.company_name! };
const GLOBEX = {
  id: fixtures.users.clienteGlobex.company_id!,
  name: fixtures.users.clienteGlobex.company_name!,
};

/** The companies the ticket forms offer, with their branches. */
const COMPANIES: TicketFormOptions['companies'] = [
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
const hoursAgo = (now: number, hours: number) => iso(now - hours * HOUR);

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

/** A stored attachment's bytes, served by GET /api/tickets/:id/attachments/:attachmentId. */
export interface StoredTicketFile {
  ticket_id: number;
  name: string;
  mime_type: TicketAttachment['mime_type'];
  bytes: Uint8Array<ArrayBuffer>;
}

/** What a ticket handler set keeps: the tickets with their detail fields, the threads and the files. */
export interface TicketMockState {
  tickets: TicketDetail[];
  messages: TicketMessage[];
  files: Record<number, StoredTicketFile>;
}

interface TicketSeed {
  subject: string;
  description: string;
  company: typeof ACME;
  requester: { id: number; name: string };
  status: Ticket['status'];
  priority: TicketPriority;
  assignee: { id: number; name: string } | null;
  category: string | null;
  branch_id?: number;
  /** Hours before `now` the ticket was opened, and last changed. */
  opened: number;
  changed: number;
}

// One ticket (#1002) is past its due time; every other open one is due after `now`.
const SEEDS: TicketSeed[] = [
  {
    subject: 'Sistema de notas fiscais fora do ar',
    description: 'Desde as 8h ninguém consegue emitir notas fiscais no ERP.',
    company: ACME,
    requester: requesters.diego,
    status: 'em andamento',
    priority: 'urgente',
    assignee: staff.carla,
    category: 'Software',
    opened: 1,
    changed: 0.25,
  },
  {
    subject: 'Impressora do financeiro não imprime',
    description: 'A impressora HP do financeiro mostra "papel atolado", mas não há papel preso.',
    company: ACME,
    requester: requesters.diego,
    status: 'aberto',
    priority: 'alta',
    assignee: null,
    category: 'Impressora',
    opened: 30,
    changed: 30,
  },
  {
    subject: 'Acesso VPN para novo colaborador',
    description: 'O Marcos começa segunda-feira e precisa de acesso à VPN.',
    company: ACME,
    requester: requesters.diego,
    status: 'aguardando cliente',
    priority: 'média',
    assignee: staff.ana,
    category: 'Acesso',
    opened: 20,
    changed: 3,
  },
  {
    subject: 'Troca de toner',
    description: 'O toner da impressora da recepção acabou.',
    company: ACME,
    requester: requesters.diego,
    status: 'resolvido',
    priority: 'baixa',
    assignee: staff.carla,
    category: 'Impressora',
    opened: 120,
    changed: 100,
  },
  {
    subject: 'E-mail não sincroniza no celular',
    description: 'O e-mail corporativo parou de sincronizar no celular do diretor.',
    company: ACME,
    requester: requesters.diego,
    status: 'fechado',
    priority: 'média',
    assignee: staff.bruno,
    category: 'E-mail',
    opened: 240,
    changed: 200,
  },
  {
    subject: 'Lentidão na rede da Filial Centro',
    description: 'A rede da Filial Centro está lenta desde a troca do roteador.',
    company: ACME,
    requester: requesters.diego,
    status: 'aberto',
    priority: 'alta',
    assignee: staff.carla,
    category: 'Rede',
    branch_id: 2,
    opened: 2,
    changed: 1.5,
  },
  {
    subject: 'Backup noturno falhou',
    description: 'O backup das 2h terminou com erro no servidor de arquivos.',
    company: GLOBEX,
    requester: requesters.elisa,
    status: 'aberto',
    priority: 'urgente',
    assignee: null,
    category: 'Software',
    branch_id: 3,
    opened: 0.75,
    changed: 0.75,
  },
  {
    subject: 'Novo usuário no ERP',
    description: 'Criar o usuário da Paula no ERP com o perfil do comercial.',
    company: GLOBEX,
    requester: requesters.elisa,
    status: 'em andamento',
    priority: 'média',
    assignee: staff.bruno,
    category: 'Acesso',
    opened: 6,
    changed: 4,
  },
  {
    subject: 'Licença do antivírus vencendo',
    description: 'O antivírus avisa que a licença vence em 5 dias.',
    company: GLOBEX,
    requester: staff.ana,
    status: 'aguardando cliente',
    priority: 'baixa',
    assignee: staff.ana,
    category: 'Software',
    opened: 48,
    changed: 24,
  },
  {
    subject: 'Monitor com listras',
    description: 'O monitor da sala de reuniões mostra listras verticais.',
    company: GLOBEX,
    requester: requesters.elisa,
    status: 'resolvido',
    priority: 'baixa',
    assignee: staff.carla,
    category: 'Hardware',
    opened: 96,
    changed: 72,
  },
  {
    subject: 'Senha do Wi-Fi de visitantes',
    description: 'Precisamos trocar a senha do Wi-Fi de visitantes.',
    company: GLOBEX,
    requester: requesters.elisa,
    status: 'fechado',
    priority: 'baixa',
    assignee: staff.ana,
    category: 'Rede',
    opened: 300,
    changed: 290,
  },
  {
    subject: 'Instalação do certificado digital',
    description: 'O certificado A1 novo chegou; precisa ser instalado no computador da contabilidade.',
    company: ACME,
    requester: requesters.diego,
    status: 'aberto',
    priority: 'média',
    assignee: null,
    category: null,
    opened: 0.5,
    changed: 0.5,
  },
];

const role = (id: number) =>
  Object.values(fixtures.users).find((user) => user.id === id)?.role ?? fixtures.users.admin.role;
const author = (who: { id: number; name: string }) => ({ ...who, role: role(who.id) });

function buildTickets(now: number): Ticket[] {
  return SEEDS.map((seed, index) =>
    makeTicket({
      id: index + 1,
      number: 1001 + index,
      subject: seed.subject,
      description: seed.description,
      status: seed.status,
      priority: seed.priority,
      category: seed.category,
      company_id: seed.company.id,
      company_name: seed.company.name,
      branch_id: seed.branch_id ?? null,
      requester: seed.requester,
      assignee: seed.assignee,
      created_at: hoursAgo(now, seed.opened),
      updated_at: hoursAgo(now, seed.changed),
    }),
  );
}

function buildMessages(now: number): TicketMessage[] {
  const at = (hours: number) => hoursAgo(now, hours);
  return [
    makeTicketMessage({
      id: 1,
      ticket_id: 1,
      author: author(requesters.diego),
      body: 'Segue o print do erro que aparece ao emitir a nota.',
      attachments: [makeTicketAttachment({ id: 2, ticket_id: 1, name: 'erro-nota-fiscal.png' })],
      created_at: at(0.9),
    }),
    makeTicketMessage({
      id: 2,
      ticket_id: 1,
      author: author(staff.carla),
      body: 'Recebido, Diego. Já estou verificando o serviço de emissão.',
      created_at: at(0.5),
    }),
    makeTicketMessage({
      id: 3,
      ticket_id: 1,
      author: author(staff.carla),
      body: 'O certificado do servidor venceu ontem; vou pedir a renovação ao gestor.',
      internal: true,
      created_at: at(0.3),
    }),
    makeTicketMessage({
      id: 4,
      ticket_id: 3,
      author: author(staff.ana),
      body: 'Diego, envie o termo de responsabilidade assinado para liberarmos a VPN.',
      created_at: at(3),
    }),
    makeTicketMessage({
      id: 5,
      ticket_id: 3,
      author: author(requesters.diego),
      body: 'Termo em anexo.',
      attachments: [
        makeTicketAttachment({
          id: 3,
          ticket_id: 3,
          name: 'termo-vpn.pdf',
          mime_type: 'application/pdf',
          size: tinyPdf().byteLength,
        }),
      ],
      created_at: at(2),
    }),
    makeTicketMessage({
      id: 6,
      ticket_id: 8,
      author: author(staff.bruno),
      body: 'Usuário criado; falta liberar o módulo comercial.',
      created_at: at(4),
    }),
  ];
}

/** The fixtures' one opening attachment: the photo sent with #1002. */
const OPENING_TICKET_ID = 2;
const openingAttachment = () =>
  makeTicketAttachment({ id: 1, ticket_id: OPENING_TICKET_ID, name: 'painel-impressora.png' });

function buildState(now: number, tickets?: () => Ticket[]): TicketMockState {
  if (tickets)
    return { tickets: tickets().map((ticket) => makeTicketDetail(ticket)), messages: [], files: {} };
  const opening = openingAttachment();
  const messages = buildMessages(now);
  const sent: Array<[ticketId: number, attachment: TicketAttachment]> = [
    [OPENING_TICKET_ID, opening],
    ...messages.flatMap((message) =>
      message.attachments.map((attachment): [number, TicketAttachment] => [message.ticket_id, attachment]),
    ),
  ];
  const files: Record<number, StoredTicketFile> = {};
  for (const [ticketId, { id, name, mime_type }] of sent) {
    files[id] = {
      ticket_id: ticketId,
      name,
      mime_type,
      bytes: mime_type === 'application/pdf' ? tinyPdf() : tinyPng(),
    };
  }
  return {
    tickets: buildTickets(now).map((ticket) =>
      makeTicketDetail(ticket, { attachments: ticket.id === OPENING_TICKET_ID ? [opening] : [] }),
    ),
    messages,
    files,
  };
}

// Every ticket handler set's store, and the one that answered last: a live update lands where the story's
// requests read, whichever handler sets other story files made.
const liveStores = new Set<MockStore<TicketMockState>>();
let activeStore: MockStore<TicketMockState> | null = null;

/** Called by createTicketHandlers for each store it makes. */
export function registerTicketStore(store: MockStore<TicketMockState>): void {
  liveStores.add(store);
}

/** Called by the ticket handlers on every request they answer. */
export function markTicketStoreActive(store: MockStore<TicketMockState>): void {
  activeStore = store;
}

const holds = (store: MockStore<TicketMockState>, id: number) =>
  store.get().tickets.some((ticket) => ticket.id === id);

/** History rows for the fields a change touched, as the server writes them. */
function historyOf(before: Ticket, after: Ticket, who: TicketHistoryEntry['who']): TicketHistoryEntry[] {
  const at = after.updated_at;
  const rows: TicketHistoryEntry[] = [];
  if (before.status !== after.status)
    rows.push({ who, field: 'status', from: before.status, to: after.status, at });
  if (before.priority !== after.priority)
    rows.push({ who, field: 'priority', from: before.priority, to: after.priority, at });
  if (before.category !== after.category)
    rows.push({ who, field: 'category', from: before.category, to: after.category, at });
  if (before.assignee?.id !== after.assignee?.id)
    rows.push({
      who,
      field: 'assignee',
      from: before.assignee?.name ?? null,
      to: after.assignee?.name ?? null,
      at,
    });
  return rows;
}

/** Writes a changed ticket into a store: the row, and its history. */
export function writeTicket(
  store: MockStore<TicketMockState>,
  next: Ticket,
  who: TicketHistoryEntry['who'],
): TicketDetail {
  const state = store.get();
  const current = state.tickets.find((ticket) => ticket.id === next.id);
  const detail: TicketDetail = current
    ? { ...current, ...next, history: [...current.history, ...historyOf(current, next, who)] }
    : makeTicketDetail(next, {
        history: [{ who, field: 'status', from: null, to: 'aberto', at: next.created_at }],
      });
  store.set({
    ...state,
    tickets: current
      ? state.tickets.map((ticket) => (ticket.id === next.id ? detail : ticket))
      : [detail, ...state.tickets],
  });
  return detail;
}

export const ticketFixtures = {
  /** The 12 tickets: Acme and Globex, every status and priority, opened relative to `now`. */
  list(now: number = Date.now()): Ticket[] {
    return buildTickets(now);
  },
  /** The threads: an image reply and a staff note on #1001, a PDF reply on #1003, a reply on #1008. */
  messages(now: number = Date.now()): TicketMessage[] {
    return buildMessages(now);
  },
  /** A handler set's initial state; `tickets` replaces the 12 (and then threads and files start empty). */
  state(tickets?: () => Ticket[], now: number = Date.now()): TicketMockState {
    return buildState(now, tickets);
  },
  companies(): TicketFormOptions['companies'] {
    return structuredClone(COMPANIES);
  },
  /** Staff a ticket can be assigned to. */
  assignees(): TicketFormOptions['assignees'] {
    return Object.values(staff);
  },
  categories(): string[] {
    return [...TICKET_CATEGORIES];
  },
  png: tinyPng,
  pdf: tinyPdf,
  /**
   * A live change for a story: applies `patch` to ticket `id` in every mock that holds it (history
   * included, `due_at` following a new priority) and answers the Ticket to push with
   * `realtime.emitServerEvent('ticket:updated', ticket)`, so a refetch agrees with the event.
   */
  updated(id: number, patch: Partial<Ticket>): Ticket {
    const stores = [...liveStores].filter((store) => holds(store, id));
    const base = activeStore && holds(activeStore, id) ? activeStore : stores.at(-1);
    if (!base) throw new Error(`ticketFixtures.updated: no ticket mock holds ticket ${id}`);
    const current = toListTicket(base.get().tickets.find((ticket) => ticket.id === id)!);
    const priority = patch.priority ?? current.priority;
    const next: Ticket = {
      ...current,
      due_at: priority === current.priority ? current.due_at : ticketDueAt(current.created_at, priority),
      updated_at: new Date().toISOString(),
      ...patch,
    };
    for (const store of stores) writeTicket(store, next, null);
    return next;
  },
  /**
   * A ticket opened live: added to the ticket mock that answered last with the next id and number; answers the Ticket
   * to push with `realtime.emitServerEvent('ticket:created', ticket)`.
   */
  created(fields: Partial<Ticket> = {}): Ticket {
    const store = activeStore ?? [...liveStores].at(-1);
    if (!store) throw new Error('ticketFixtures.created: no ticket mock is active');
    const tickets = store.get().tickets;
    const now = new Date().toISOString();
    const ticket = makeTicket({
      id: Math.max(0, ...tickets.map((item) => item.id)) + 1,
      number: Math.max(1000, ...tickets.map((item) => item.number)) + 1,
      subject: 'Servidor de arquivos inacessível',
      description: 'Ninguém acessa a pasta compartilhada desde agora há pouco.',
      created_at: now,
      ...fields,
    });
    writeTicket(store, ticket, ticket.requester);
    return ticket;
  },
};
