import {
  TASK_CLIENT_EVENTS,
  TASK_SERVER_EVENTS,
  boardRoomName,
  boardRoomSchema,
  wireId,
  type ApiErrorBody,
  type BoardPresenceEvent,
  type TaskPerson,
} from '@farol/data/contract';
import type { Server } from 'socket.io';
import { hasPermissions, isClientRole, type AuthUser } from '../../auth/types';
import type { Database } from '../../db/database';
import { companyScopeOf } from '../../http/access';
import { validationFailedBody } from '../../http/validation';
import type { ConnectionHandler, RoomEmitter, SocketUser } from '../../realtime';
import { TASKS_VIEW, loadBoardBasics } from './repository';

const notFound: ApiErrorBody = { error: 'not_found', message: 'Quadro não encontrado' };
const forbidden: ApiErrorBody = { error: 'forbidden', message: 'Você não tem permissão para ver tarefas.' };

// Ids as the HTTP routes take them: decimal only, up to 2³¹−1.
const roomSchema = boardRoomSchema.extend({ boardId: wireId('boardId') });

/** The signed-in user a socket carries (the token verifier's AuthUser), or null when it is not one. */
const authUserOf = (user: SocketUser): AuthUser | null => {
  const candidate = user as Partial<AuthUser>;
  return typeof candidate.role === 'string' && Array.isArray(candidate.permissions)
    ? (user as AuthUser)
    : null;
};

/**
 * Who is viewing a board now, each person once (over every process: socket.io's adapter fetches the room's
 * sockets everywhere), told to the whole room.
 */
export const createBoardPresence = (io: Server, realtime: RoomEmitter) => async (boardId: number) => {
  const sockets = await io.in(boardRoomName(boardId)).fetchSockets();
  const viewers = new Map<number, TaskPerson>();
  for (const socket of sockets) {
    const user = (socket.data as { user?: SocketUser }).user;
    if (user && !viewers.has(user.id)) viewers.set(user.id, { id: user.id, name: user.name });
  }
  const event: BoardPresenceEvent = {
    boardId,
    viewers: [...viewers.values()].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.id - b.id),
  };
  realtime.toRooms([boardRoomName(boardId)], TASK_SERVER_EVENTS.boardPresence, event);
};

/**
 * The boards' socket protocol: `board:join` (tasks.view, staff, a board in the caller's scope) puts the socket
 * in room `board:{id}`, where the board's live events and presence go; `board:leave` takes it out. Each join,
 * leave and disconnect tells the room who is viewing. Bad payloads are dropped, logged and acknowledged with
 * the contract's error.
 */
export const boardSocket =
  ({
    db,
    presence,
  }: {
    db: Database;
    presence: (boardId: number) => Promise<void>;
  }): ConnectionHandler<SocketUser> =>
  ({ socket, user, on, drop, onDisconnect }) => {
    const joined = new Set<number>();
    const tellPresence = (boardId: number) =>
      presence(boardId).catch((err: unknown) =>
        drop('board:presence', 'presence failed', { boardId, err: String(err) }),
      );

    onDisconnect(() => {
      // The socket has left its rooms by now: the others see it gone.
      for (const boardId of joined) setImmediate(() => void tellPresence(boardId));
      joined.clear();
    });

    on([TASK_CLIENT_EVENTS.boardJoin], async (payload, ack) => {
      const parsed = roomSchema.safeParse(payload);
      if (!parsed.success) {
        drop('board:join', 'invalid payload');
        ack?.({ ok: false, error: validationFailedBody(parsed.error.issues) });
        return;
      }
      const { boardId } = parsed.data;
      const auth = authUserOf(user);
      if (!auth || isClientRole(auth.role) || !hasPermissions(auth, [TASKS_VIEW])) {
        drop('board:join', 'no permission', { boardId });
        ack?.({ ok: false, error: forbidden });
        return;
      }
      try {
        await loadBoardBasics(db, companyScopeOf(auth), boardId);
      } catch {
        drop('board:join', 'board not found', { boardId });
        ack?.({ ok: false, error: notFound });
        return;
      }
      await socket.join(boardRoomName(boardId));
      joined.add(boardId);
      ack?.({ ok: true, boardId });
      await tellPresence(boardId);
    });

    on([TASK_CLIENT_EVENTS.boardLeave], async (payload, ack) => {
      const parsed = roomSchema.safeParse(payload);
      if (!parsed.success) {
        drop('board:leave', 'invalid payload');
        ack?.({ ok: false, error: validationFailedBody(parsed.error.issues) });
        return;
      }
      const { boardId } = parsed.data;
      await socket.leave(boardRoomName(boardId));
      const was = joined.delete(boardId);
      ack?.({ ok: true, boardId });
      if (was) await tellPresence(boardId);
    });
  };
