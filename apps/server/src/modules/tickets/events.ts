/**
 * What follows a committed ticket change: `ticket:created` / `ticket:updated` to whoever may see it, and the
 * notifications (their Portuguese copy lives here). Called only after the transaction commits, so nobody is
 * told of a change that was rolled back.
 */
import { SERVER_EVENTS, type NotificationInput, type Ticket } from '@farol/data/contract';
import type { Database } from '../../db/database';
import { userRoom, type RoomEmitter } from '../../realtime';
import type { Notify } from '../../shared/notify';
import { reachingCompany, staffWithKey } from '../../shared/users';
import { TICKETS_PERMISSION } from './repository';

/** At most this many staff are notified of one new ticket; realtime still reaches them all. */
export const TICKET_NOTIFY_CAP = 50;

export interface TicketLogger {
  error(obj: object, msg?: string): void;
}

export interface TicketEventDeps {
  db: Database;
  realtime: RoomEmitter;
  notify: Notify;
  log?: TicketLogger;
}

export interface TicketEvents {
  created(ticket: Ticket, actorId: number): Promise<void>;
  /** `assignedTo`: the new assignee when the change assigned someone. */
  updated(ticket: Ticket, change: { actorId: number; assignedTo: number | null }): Promise<void>;
  /** A reply or an internal note was added (`before`: the ticket as it was, for who answers whom). */
  messageAdded(
    ticket: Ticket,
    before: Ticket,
    message: { body: string; internal: boolean; files: number; actorId: number; byClient: boolean },
  ): Promise<void>;
}

const link = (ticket: Pick<Ticket, 'id'>) => `/tickets/${ticket.id}`;
const filesSent = (count: number) => (count === 1 ? '1 anexo enviado' : `${count} anexos enviados`);

export const createTicketEvents = ({ db, realtime, notify, log }: TicketEventDeps): TicketEvents => {
  /**
   * To every staff member with the key whose company scope reaches the ticket's company, and to the requester,
   * once each (looked up per event): a technician limited away from a company hears nothing of its chamados.
   */
  const emit = async (event: string, ticket: Ticket) => {
    const staff = await staffWithKey(db, TICKETS_PERMISSION, null, ticket.company_id);
    const requester = await reachingCompany(db, [ticket.requester.id], ticket.company_id);
    const rooms = new Set([...staff, ...requester].map(userRoom));
    if (rooms.size > 0) realtime.toRooms([...rooms], event, ticket);
  };

  /**
   * Notifications never fail the request that caused them: the change is stored already. Only people whose
   * company scope reaches the ticket's company are told (an assignee limited away from it too).
   */
  const notifyAll = async (ticket: Ticket, userIds: Iterable<number>, input: NotificationInput) => {
    const reached = await reachingCompany(db, [...new Set(userIds)], ticket.company_id);
    const results = await Promise.allSettled(reached.map((id) => notify(id, input)));
    for (const result of results) {
      if (result.status === 'rejected') log?.error({ err: result.reason }, 'tickets: notification failed');
    }
  };

  const staffToNotify = (ticket: Ticket, actorId: number) =>
    staffWithKey(db, TICKETS_PERMISSION, TICKET_NOTIFY_CAP, ticket.company_id).then((ids) =>
      ids.filter((id) => id !== actorId),
    );

  return {
    async created(ticket, actorId) {
      await emit(SERVER_EVENTS.ticketCreated[0], ticket);
      await notifyAll(ticket, await staffToNotify(ticket, actorId), {
        type: 'ticket',
        title: 'Novo chamado',
        message: `#${ticket.number} ${ticket.subject} — ${ticket.company_name}`,
        link: link(ticket),
        severity: ticket.priority === 'urgente' ? 'warning' : 'info',
      });
    },

    async updated(ticket, { actorId, assignedTo }) {
      await emit(SERVER_EVENTS.ticketUpdated[0], ticket);
      if (assignedTo === null || assignedTo === actorId) return;
      await notifyAll(ticket, [assignedTo], {
        type: 'ticket',
        title: 'Chamado atribuído a você',
        message: `#${ticket.number} ${ticket.subject}`,
        link: link(ticket),
        severity: 'info',
      });
    },

    async messageAdded(ticket, before, message) {
      await emit(SERVER_EVENTS.ticketUpdated[0], ticket);
      // Internal notes notify nobody.
      if (message.internal) return;
      // The other side: staff answer the requester; a client reaches the assignee, else the staff with the key.
      const recipients = message.byClient
        ? before.assignee
          ? [before.assignee.id]
          : await staffWithKey(db, TICKETS_PERMISSION, TICKET_NOTIFY_CAP, ticket.company_id)
        : [before.requester.id];
      await notifyAll(
        ticket,
        recipients.filter((userId) => userId !== message.actorId),
        {
          type: 'ticket',
          title: 'Nova resposta no chamado',
          message: `#${ticket.number} ${ticket.subject}: ${message.body.slice(0, 140) || filesSent(message.files)}`,
          link: link(ticket),
          severity: 'info',
        },
      );
    },
  };
};
