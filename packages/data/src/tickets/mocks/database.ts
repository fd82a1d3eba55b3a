import type {
  Ticket,
  TicketAttachment,
  TicketDetail,
  TicketHistoryEntry,
  TicketMessage,
} from '../../contract/ticket';
import { createMockStore, type MockStore } from '../../mocks/store';
import { COMPANIES, makeTicket, makeTicketDetail, ticketDueAt, toListTicket } from './factories';

/** A branch's name as the server writes it into the history (the form options' branches). */
const branchName = (companyId: number, branchId: number | null) =>
  branchId === null
    ? null
    : (COMPANIES.find((company) => company.id === companyId)?.branches.find(
        (branch) => branch.id === branchId,
      )?.name ?? String(branchId));

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
  if (before.branch_id !== after.branch_id)
    rows.push({
      who,
      field: 'branch',
      from: branchName(before.company_id, before.branch_id),
      to: branchName(after.company_id, after.branch_id),
      at,
    });
  return rows;
}

/** Writes a changed ticket into a store: the row, and its history. */
function writeTicket(
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

export interface TicketDatabase extends MockStore<TicketMockState> {
  /** Writes a changed (or new) ticket: the row, and its history as the server writes it. */
  write(next: Ticket, who: TicketHistoryEntry['who']): TicketDetail;
  /**
   * A live change: applies `patch` to ticket `id` (history included, `due_at` following a new priority)
   * and answers the Ticket to push with `realtime.emitServerEvent('ticket:updated', ticket)`, so a refetch
   * agrees with the event.
   */
  updated(id: number, patch: Partial<Ticket>): Ticket;
  /**
   * A ticket opened live with the next id and number; answers the Ticket to push with
   * `realtime.emitServerEvent('ticket:created', ticket)`.
   */
  created(fields?: Partial<Ticket>): Ticket;
}

/** One mock's tickets, threads and files, reset to `initial` by resetMockState. */
export function createTicketDatabase(initial: () => TicketMockState): TicketDatabase {
  const store = createMockStore(initial);
  const write: TicketDatabase['write'] = (next, who) => writeTicket(store, next, who);
  return {
    ...store,
    write,
    updated(id, patch) {
      const found = store.get().tickets.find((ticket) => ticket.id === id);
      if (!found) throw new Error(`ticket mock: no ticket ${id}`);
      const current = toListTicket(found);
      const priority = patch.priority ?? current.priority;
      const next: Ticket = {
        ...current,
        due_at: priority === current.priority ? current.due_at : ticketDueAt(current.created_at, priority),
        updated_at: new Date().toISOString(),
        ...patch,
      };
      write(next, null);
      return next;
    },
    created(fields = {}) {
      const tickets = store.get().tickets;
      const ticket = makeTicket({
        id: Math.max(0, ...tickets.map((item) => item.id)) + 1,
        number: Math.max(1000, ...tickets.map((item) => item.number)) + 1,
        subject: 'Servidor de arquivos inacessível',
        description: 'Ninguém acessa a pasta compartilhada desde agora há pouco.',
        created_at: new Date().toISOString(),
        ...fields,
      });
      write(ticket, ticket.requester);
      return ticket;
    },
  };
}
