import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  conversationRefSchema as contractRefSchema,
  socketSendMessageSchema as contractSendSchema,
  typingEmitSchema as contractTypingSchema,
  wireId,
  type ApiErrorBody,
  type SocketAck,
  type TypingEvent,
} from '@farol/data/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { toErrorBody } from '../../http/errors';
import { validationFailedBody } from '../../http/validation';
import {
  userRoom,
  type Ack,
  type ConnectionHandler,
  type RoomEmitter,
  type SocketUser,
} from '../../realtime';
import {
  createSendBudget,
  createTypingThrottle,
  DEFAULT_SEND_LIMIT,
  type SendBudget,
  type TypingThrottle,
} from './flood';
import { conversationRoom, isParticipant, sendMessage, type SendResult } from './service';

/** The client emits each event under two names in the same tick; a repeat within this window is the twin. */
const TWIN_WINDOW_MS = 1_000;
const rateLimited: ApiErrorBody = {
  error: 'rate_limited',
  message: 'Muitas mensagens em pouco tempo. Aguarde um instante e tente novamente.',
};
const notFound: ApiErrorBody = { error: 'not_found', message: 'Conversa não encontrada' };

// Ids as the HTTP routes take them: decimal only, up to 2³¹−1 (the contract's event schemas, which the client's
// guards mirror, coerce and have no upper bound).
const strictId = { conversationId: wireId('conversationId') };
const conversationRefSchema = contractRefSchema.extend(strictId);
const socketSendMessageSchema = contractSendSchema.extend(strictId);
const typingEmitSchema = contractTypingSchema.extend(strictId);

export interface ConversationSocketOptions {
  db: Database;
  realtime: RoomEmitter;
  /** The person's message budget, shared with the REST send (default 30 per 10 s over all their sockets). */
  sendBudget?: SendBudget;
  /** Typing relays per person and conversation (shared by all their sockets). */
  typingThrottle?: TypingThrottle;
}

/**
 * The conversations' socket protocol, registered with `realtime.onConnection`: `conv:join` (members only),
 * `conv:leave`, `message:send` (acknowledged, stored once per client id, rate limited) and `conv:typing`,
 * each under every alias of CLIENT_EVENTS. Bad payloads are dropped, logged and acknowledged with the
 * contract's error.
 */
export const conversationSocket = ({
  db,
  realtime,
  sendBudget = createSendBudget(DEFAULT_SEND_LIMIT),
  typingThrottle = createTypingThrottle(),
}: ConversationSocketOptions): ConnectionHandler<SocketUser> => {
  // Sends in flight per (sender, clientId): the twin emit waits for the same store instead of racing it.
  const inFlight = new Map<string, Promise<SendResult>>();

  return ({ socket, user, on, drop, onDisconnect }) => {
    const memberOf = new Map<number, Promise<boolean>>();
    onDisconnect(() => memberOf.clear());

    /** A payload that does not match its schema: dropped, logged and acknowledged with the field messages. */
    const refuse = (event: string, error: z.ZodError, ack: Ack | undefined, extra?: object) => {
      drop(event, 'invalid payload', extra);
      ack?.({ ok: false, error: validationFailedBody(error.issues) });
    };

    // Membership is checked once per socket and conversation; the twin join shares the pending check.
    const checkMember = (conversationId: number): Promise<boolean> => {
      let pending = memberOf.get(conversationId);
      if (!pending) {
        pending = isParticipant(db, conversationId, user.id);
        memberOf.set(conversationId, pending);
        pending.catch(() => memberOf.delete(conversationId));
      }
      return pending;
    };

    on(CLIENT_EVENTS.join, async (payload, ack) => {
      const parsed = conversationRefSchema.safeParse(payload);
      if (!parsed.success) return refuse('join', parsed.error, ack);
      const { conversationId } = parsed.data;
      if (!(await checkMember(conversationId))) {
        drop('join', 'not a participant', { conversationId });
        ack?.({ ok: false, error: notFound });
        return;
      }
      await socket.join(conversationRoom(conversationId));
      ack?.({ ok: true, conversationId });
    });

    on(CLIENT_EVENTS.leave, async (payload, ack) => {
      const parsed = conversationRefSchema.safeParse(payload);
      if (!parsed.success) return refuse('leave', parsed.error, ack);
      await socket.leave(conversationRoom(parsed.data.conversationId));
      ack?.({ ok: true, conversationId: parsed.data.conversationId });
    });

    on(CLIENT_EVENTS.send, async (payload, ack) => {
      const parsed = socketSendMessageSchema.safeParse(payload);
      if (!parsed.success) return refuse('send', parsed.error, ack, { issues: parsed.error.issues.length });
      const { conversationId, text, clientId } = parsed.data;
      const key = `${user.id}:${clientId}`;
      let pending = inFlight.get(key);
      if (!pending) {
        // Twins share the pending send above, so only distinct messages count towards the limit.
        if (sendBudget.take(user.id) !== null) {
          drop('send', 'rate limited', { conversationId });
          ack?.({ ok: false, error: rateLimited } satisfies SocketAck);
          return;
        }
        pending = sendMessage({ db, emitter: realtime }, user, { conversationId, text, clientId });
        inFlight.set(key, pending);
        const forget = () => setTimeout(() => inFlight.delete(key), TWIN_WINDOW_MS).unref();
        pending.then(forget, forget);
      }
      try {
        const { message } = await pending;
        ack?.({ ok: true, message } satisfies SocketAck);
      } catch (err) {
        const error = toErrorBody(err);
        drop('send', 'refused', { conversationId, error: error.error });
        ack?.({ ok: false, error } satisfies SocketAck);
      }
    });

    on(CLIENT_EVENTS.typing, async (payload, ack) => {
      const parsed = typingEmitSchema.safeParse(payload);
      if (!parsed.success) return refuse('typing', parsed.error, ack);
      const { conversationId, typing } = parsed.data;
      const room = conversationRoom(conversationId);
      if (!socket.rooms.has(room) && !(await checkMember(conversationId))) {
        drop('typing', 'not a participant', { conversationId });
        ack?.({ ok: false, error: notFound });
        return;
      }
      // A twin, a repeat, or a start/stop faster than a person types: acknowledged, not relayed.
      if (!typingThrottle.shouldRelay(user.id, conversationId, typing)) {
        ack?.({ ok: true });
        return;
      }
      const event: TypingEvent = { conversationId, typing, userId: user.id, name: user.name };
      // Everyone in the conversation but the typist, in all of their tabs.
      realtime.toRooms([room], SERVER_EVENTS.typing[0], event, [userRoom(user.id)]);
      ack?.({ ok: true });
    });
  };
};
