import {
  USER_CLIENT_EVENTS,
  USER_SERVER_EVENTS,
  presenceSetSchema,
  type PresenceState,
  type UserPresenceEvent,
  type UserPresenceStatus,
} from '@farol/data/contract';
import type { Server } from 'socket.io';
import { hasPermissions, isClientRole, type AuthUser } from '../../auth/types';
import { validationFailedBody } from '../../http/validation';
import { userRoom, type ConnectionHandler, type RoomEmitter, type SocketUser } from '../../realtime';

/** Staff who may read the directory: their sockets hear every presence change. */
export const PRESENCE_ROOM = 'presence:staff';

interface PresenceData {
  user?: SocketUser;
  /** What this connection last reported; a new one is in use. */
  presence?: PresenceState;
}

/** The signed-in user a socket carries (the token verifier's AuthUser), or null when it is not one. */
const authUserOf = (user: SocketUser): AuthUser | null => {
  const candidate = user as Partial<AuthUser>;
  return typeof candidate.role === 'string' && Array.isArray(candidate.permissions)
    ? (user as AuthUser)
    : null;
};

const mayWatch = (user: SocketUser) => {
  const auth = authUserOf(user);
  return auth !== null && !isClientRole(auth.role) && hasPermissions(auth, ['users.view']);
};

/** One person's presence from their connections' states: any in use → online; all idle → ausente; none → offline. */
export const presenceOfStates = (states: readonly PresenceState[]): UserPresenceStatus =>
  states.length === 0 ? 'offline' : states.includes('active') ? 'online' : 'ausente';

export interface PresenceBoard {
  /** The presence of each of these people (every process's sockets: the adapter asks them all). */
  statusOf(userIds: readonly number[]): Promise<Map<number, UserPresenceStatus>>;
  /** Everyone connected now, by presence: the directory's status filter. */
  connected(): Promise<{ online: number[]; ausente: number[] }>;
  /** Tells the watching staff one person's presence as it is now. */
  announce(userId: number): Promise<void>;
}

type FetchedSocket = { data: unknown };

const statesByUser = (sockets: readonly FetchedSocket[]) => {
  const states = new Map<number, PresenceState[]>();
  for (const socket of sockets) {
    const data = socket.data as PresenceData;
    if (!data.user) continue;
    const list = states.get(data.user.id) ?? [];
    list.push(data.presence ?? 'active');
    states.set(data.user.id, list);
  }
  return states;
};

/**
 * Presence read from the realtime connections themselves (socket.io's `fetchSockets`, which on PostgreSQL
 * reaches every process), so nothing is stored and a closed tab or a crashed process leaves no stale "online".
 */
export const createPresenceBoard = (io: Server, realtime: RoomEmitter): PresenceBoard => {
  const statusOf: PresenceBoard['statusOf'] = async (userIds) => {
    const result = new Map<number, UserPresenceStatus>(userIds.map((id) => [id, 'offline']));
    if (userIds.length === 0) return result;
    const states = statesByUser(await io.in(userIds.map(userRoom)).fetchSockets());
    for (const id of userIds) result.set(id, presenceOfStates(states.get(id) ?? []));
    return result;
  };
  return {
    statusOf,
    async connected() {
      const online: number[] = [];
      const ausente: number[] = [];
      for (const [id, states] of statesByUser(await io.fetchSockets())) {
        (presenceOfStates(states) === 'online' ? online : ausente).push(id);
      }
      return { online, ausente };
    },
    async announce(userId) {
      const status = (await statusOf([userId])).get(userId) ?? 'offline';
      const event: UserPresenceEvent = { userId, status };
      realtime.toRooms([PRESENCE_ROOM], USER_SERVER_EVENTS.presence, event);
    },
  };
};

/**
 * The directory's socket protocol: every connection counts as in use until it reports `presence:set`
 * `{state: 'idle' | 'active'}`; staff holding users.view join the room that hears `user:presence` on each
 * connect, state change and disconnect. Bad payloads are dropped, logged and acknowledged with the error.
 */
export const presenceSocket =
  (board: PresenceBoard): ConnectionHandler<SocketUser> =>
  ({ socket, user, on, drop, onDisconnect }) => {
    const data = socket.data as PresenceData;
    data.presence = 'active';
    const tell = () =>
      board
        .announce(user.id)
        .catch((err: unknown) => drop('user:presence', 'presence failed', { err: String(err) }));
    if (mayWatch(user)) void socket.join(PRESENCE_ROOM);
    void tell();

    // The socket has left its rooms by the time this runs: the others see one connection fewer.
    onDisconnect(() => setImmediate(() => void tell()));

    on([USER_CLIENT_EVENTS.presenceSet], async (payload, ack) => {
      const parsed = presenceSetSchema.safeParse(payload);
      if (!parsed.success) {
        drop(USER_CLIENT_EVENTS.presenceSet, 'invalid payload');
        ack?.({ ok: false, error: validationFailedBody(parsed.error.issues) });
        return;
      }
      const changed = data.presence !== parsed.data.state;
      data.presence = parsed.data.state;
      ack?.({ ok: true, state: parsed.data.state });
      if (changed) await tell();
    });
  };
