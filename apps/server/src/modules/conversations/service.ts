import {
  SERVER_EVENTS,
  type ChatMessage,
  type Conversation,
  type ConversationParticipant,
  type MessageNewEvent,
  type MessagePage,
  type StartConversation,
  type UserSummary,
} from '@farol/data/contract';
import { CLIENT_ROLES, isClientRole, type AuthUser } from '../../auth/types';
import type { Database } from '../../db/database';
import { escapeLike, iso } from '../../db/sql';
import { companyScopeOf } from '../../http/access';
import { companyScopeSql } from '../../http/company-scope';
import { httpError, notFound } from '../../http/errors';
import { userRoom, type RoomEmitter } from '../../realtime';
import {
  nameSql,
  pictureSql,
  toUserSummary,
  USER_COLUMNS,
  USER_FROM,
  type UserRow,
} from '../../shared/users';

export const conversationRoom = (conversationId: number) => `conversation:${conversationId}`;

export interface ConversationDeps {
  db: Database;
  emitter: RoomEmitter;
}

export interface Sender {
  id: number;
}

/** The caller of a conversation operation (the server's AuthUser satisfies it). */
export interface ConversationCaller {
  id: number;
  role: string;
  companyId: number | null;
  /** A staff account's company scope (issue 13): it talks to clients of the companies it reaches only. */
  reach?: AuthUser['reach'];
}

export interface SendResult {
  message: ChatMessage;
  /** false when the (sender, clientId) pair was already stored: nothing was written or emitted. */
  created: boolean;
}

const conversationNotFound = () => notFound('Conversa não encontrada');

const NAME_SQL = nameSql('u');
const PICTURE_SQL = pictureSql('u');
const MESSAGE_COLUMNS = `m.id, m.conversation_id, m.sender_id, ${NAME_SQL} AS sender_name, m.text, m.client_id, m.created_at`;

interface MessageRow {
  id: number;
  conversation_id: number;
  sender_id: number;
  sender_name: string;
  text: string;
  client_id: string | null;
  created_at: Date | string;
}

const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  conversation_id: row.conversation_id,
  sender_id: row.sender_id,
  sender_name: row.sender_name,
  text: row.text,
  created_at: iso(row.created_at),
  client_id: row.client_id,
});

export async function isParticipant(db: Database, conversationId: number, userId: number): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM conversation_participants WHERE conversation_id = $1 AND user_id = $2',
    [conversationId, userId],
  );
  return rows.length > 0;
}

/**
 * Stores a message once per (sender, clientId) and emits `message:new` to the conversation's room and to every
 * participant's user room in one broadcast (a socket in both gets it once). Serves the socket and REST alike.
 */
export async function sendMessage(
  { db, emitter }: ConversationDeps,
  sender: Sender,
  input: { conversationId: number; text: string; clientId?: string | null | undefined },
): Promise<SendResult> {
  const { conversationId, text } = input;
  const clientId = input.clientId ?? null;
  const result = await db.transaction(async (tx) => {
    const members = await tx.query<{ user_id: number }>(
      'SELECT user_id FROM conversation_participants WHERE conversation_id = $1',
      [conversationId],
    );
    const memberIds = members.rows.map((row) => row.user_id);
    if (!memberIds.includes(sender.id)) throw conversationNotFound();
    const inserted = await tx.query<MessageRow>(
      `WITH m AS (
         INSERT INTO chat_messages (conversation_id, sender_id, text, client_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (sender_id, client_id) DO NOTHING
         RETURNING *)
       SELECT ${MESSAGE_COLUMNS} FROM m JOIN users u ON u.id = m.sender_id`,
      [conversationId, sender.id, text, clientId],
    );
    const row = inserted.rows[0];
    if (row) {
      await tx.query('UPDATE conversations SET updated_at = $2 WHERE id = $1', [
        conversationId,
        row.created_at,
      ]);
      // The sender has read everything up to their own message.
      await tx.query(
        `UPDATE conversation_participants SET last_read_message_id = GREATEST(last_read_message_id, $3)
         WHERE conversation_id = $1 AND user_id = $2`,
        [conversationId, sender.id, row.id],
      );
      return { row, created: true, memberIds };
    }
    const existing = await tx.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM chat_messages m JOIN users u ON u.id = m.sender_id
       WHERE m.sender_id = $1 AND m.client_id = $2`,
      [sender.id, clientId],
    );
    const previous = existing.rows[0];
    if (!previous || previous.conversation_id !== conversationId) {
      throw httpError(409, 'conflict', 'Este identificador de mensagem já foi usado em outra conversa.', {
        client_id: 'Identificador já usado',
      });
    }
    return { row: previous, created: false, memberIds };
  });
  const message = toMessage(result.row);
  if (result.created) {
    const event: MessageNewEvent = { conversationId, message };
    emitter.toRooms(
      [conversationRoom(conversationId), ...result.memberIds.map(userRoom)],
      SERVER_EVENTS.messageNew[0],
      event,
    );
  }
  return { message, created: result.created };
}

interface ConversationRow {
  id: number;
  title: string | null;
  updated_at: Date | string;
  unread_count: number;
}

const UNREAD_SQL = `(SELECT count(*) FROM chat_messages m
   WHERE m.conversation_id = c.id AND m.id > p.last_read_message_id AND m.sender_id <> p.user_id)::int`;

/** Participants and last messages of some conversations, attached in two queries (not one per row). */
async function hydrate(db: Database, rows: ConversationRow[]): Promise<Conversation[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [participants, lastMessages] = await Promise.all([
    db.query<ConversationParticipant & { conversation_id: number }>(
      `SELECT p.conversation_id, u.id, ${NAME_SQL} AS name, u.role, ${PICTURE_SQL} AS profile_picture
       FROM conversation_participants p JOIN users u ON u.id = p.user_id
       WHERE p.conversation_id = ANY($1::int[]) ORDER BY p.conversation_id, p.joined_at, u.id`,
      [ids],
    ),
    db.query<MessageRow>(
      `SELECT DISTINCT ON (m.conversation_id) ${MESSAGE_COLUMNS}
       FROM chat_messages m JOIN users u ON u.id = m.sender_id
       WHERE m.conversation_id = ANY($1::int[]) ORDER BY m.conversation_id, m.id DESC`,
      [ids],
    ),
  ]);
  const byConversation = new Map<number, ConversationParticipant[]>();
  for (const { conversation_id, ...participant } of participants.rows) {
    const list = byConversation.get(conversation_id) ?? [];
    list.push(participant);
    byConversation.set(conversation_id, list);
  }
  const last = new Map(lastMessages.rows.map((row) => [row.conversation_id, toMessage(row)]));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    participants: byConversation.get(row.id) ?? [],
    last_message: last.get(row.id) ?? null,
    unread_count: row.unread_count,
    updated_at: iso(row.updated_at),
  }));
}

/** The caller's conversations, newest activity first. */
export async function listConversations(
  db: Database,
  userId: number,
  { page, limit }: { page: number; limit: number },
): Promise<{ items: Conversation[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.query<ConversationRow>(
      `SELECT c.id, c.title, c.updated_at, ${UNREAD_SQL} AS unread_count
       FROM conversation_participants p JOIN conversations c ON c.id = p.conversation_id
       WHERE p.user_id = $1 ORDER BY c.updated_at DESC, c.id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, (page - 1) * limit],
    ),
    db.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM conversation_participants WHERE user_id = $1',
      [userId],
    ),
  ]);
  return { items: await hydrate(db, rows.rows), total: total.rows[0]?.total ?? 0 };
}

/** One conversation as the caller sees it; 404 when they are not a participant. */
export async function getConversation(db: Database, userId: number, conversationId: number) {
  const { rows } = await db.query<ConversationRow>(
    `SELECT c.id, c.title, c.updated_at, ${UNREAD_SQL} AS unread_count
     FROM conversation_participants p JOIN conversations c ON c.id = p.conversation_id
     WHERE p.user_id = $1 AND c.id = $2`,
    [userId, conversationId],
  );
  const [conversation] = await hydrate(db, rows);
  if (!conversation) throw conversationNotFound();
  return conversation;
}

/** A page of messages in ascending order; `before` (a message id) pages back in time. */
export async function getMessagePage(
  db: Database,
  userId: number,
  conversationId: number,
  { limit, before }: { limit: number; before?: number | undefined },
): Promise<MessagePage> {
  const conversation = await getConversation(db, userId, conversationId);
  const { rows } = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM chat_messages m JOIN users u ON u.id = m.sender_id
     WHERE m.conversation_id = $1 AND ($2::int IS NULL OR m.id < $2)
     ORDER BY m.id DESC LIMIT $3`,
    [conversationId, before ?? null, limit + 1],
  );
  const hasMore = rows.length > limit;
  return { conversation, items: rows.slice(0, limit).reverse().map(toMessage), has_more: hasMore };
}

/**
 * The one rule of who may talk to whom, as a condition on `users u`: staff with anyone; a client with staff
 * and with people of their own company (only staff when they have none). The contact list and
 * startConversation both filter by it. `next` is the first free $-placeholder; NULL counts as no.
 */
export function mayTalkCondition(
  caller: ConversationCaller,
  next: number,
): { sql: string; params: unknown[] } {
  if (!isClientRole(caller.role)) {
    const scope = companyScopeOf({ ...caller, email: '', name: '', permissions: [] });
    if (scope.kind !== 'limited') return { sql: 'TRUE', params: [] };
    // Placeholders continue from `next`: the helper numbers by the array's length.
    const params: unknown[] = new Array<unknown>(next - 1).fill(null);
    params.push(CLIENT_ROLES);
    const clients = `lower(trim(u.role)) = ANY($${params.length}::text[])`;
    const reached = companyScopeSql(scope, params, 'u.company_id');
    return { sql: `COALESCE(NOT (${clients}) OR ${reached}, FALSE)`, params: params.slice(next - 1) };
  }
  return {
    sql: `COALESCE(NOT (lower(trim(u.role)) = ANY($${next}::text[])) OR u.company_id = $${next + 1}::int, FALSE)`,
    params: [CLIENT_ROLES, caller.companyId],
  };
}

const CANNOT_START = 'Você não pode iniciar uma conversa com estes participantes.';

/**
 * Beyond each pair (mayTalkCondition), in one conversation all client participants must belong to one
 * company, so no company ever sees another (a staff member cannot put Acme and Globex together).
 */
function assertMayTalk(others: { role: string; company_id: number | null; may_talk: boolean }[]) {
  const clientCompanies = others.filter((other) => isClientRole(other.role)).map((other) => other.company_id);
  const mixed =
    clientCompanies.length > 1 && (clientCompanies.includes(null) || new Set(clientCompanies).size > 1);
  if (mixed || others.some((other) => !other.may_talk)) {
    throw httpError(403, 'forbidden', CANNOT_START, {
      participant_ids: 'Participantes de empresas diferentes',
    });
  }
}

/**
 * What a client hears about anyone they may not reach, whether that person exists or not: one answer, so
 * user ids cannot be probed through conversations (staff may list every user, so they are told which).
 */
const unreachable = () =>
  httpError(403, 'forbidden', CANNOT_START, { participant_ids: 'Participante indisponível para você' });

/** The people the caller may start a conversation with (never themselves), by name, `q` on name or e-mail. */
export async function listContacts(
  db: Database,
  caller: ConversationCaller,
  { q, limit }: { q?: string | undefined; limit: number },
): Promise<{ items: UserSummary[]; total: number }> {
  const pattern = q ? `%${escapeLike(q.toLowerCase())}%` : null;
  const rule = mayTalkCondition(caller, 3);
  const params = [caller.id, pattern, ...rule.params];
  const where = `WHERE u.id <> $1 AND ${rule.sql}
    AND ($2::text IS NULL OR lower(${NAME_SQL}) LIKE $2 OR lower(u.email) LIKE $2)`;
  const [items, total] = await Promise.all([
    db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM ${USER_FROM} ${where}
       ORDER BY lower(${NAME_SQL}), u.id LIMIT $${params.length + 1}`,
      [...params, limit],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u ${where}`, params),
  ]);
  return { items: items.rows.map(toUserSummary), total: total.rows[0]?.total ?? 0 };
}

/**
 * Starts a conversation (or returns the existing untitled one between the same two people) and sends the
 * optional first message. `created` tells a new conversation (201) from a reused one (200).
 */
export async function startConversation(
  deps: ConversationDeps,
  caller: ConversationCaller,
  input: StartConversation,
): Promise<{ conversation: Conversation; created: boolean }> {
  const { db } = deps;
  const otherIds = [...new Set(input.participant_ids)].filter((id) => id !== caller.id);
  if (otherIds.length === 0) {
    throw httpError(400, 'validation_failed', 'Dados inválidos', {
      participant_ids: 'Escolha ao menos um participante além de você',
    });
  }
  const rule = mayTalkCondition(caller, 2);
  const found = await db.query<{ id: number; role: string; company_id: number | null; may_talk: boolean }>(
    `SELECT u.id, u.role, u.company_id, ${rule.sql} AS may_talk FROM users u WHERE u.id = ANY($1::int[])`,
    [otherIds, ...rule.params],
  );
  if (isClientRole(caller.role)) {
    if (found.rows.length !== otherIds.length || found.rows.some((row) => !row.may_talk)) throw unreachable();
  }
  if (found.rows.length !== otherIds.length) {
    const known = new Set(found.rows.map((row) => row.id));
    const missing = otherIds.filter((id) => !known.has(id));
    throw httpError(404, 'not_found', 'Usuário não encontrado', {
      participant_ids: `Usuário não encontrado: ${missing.join(', ')}`,
    });
  }
  assertMayTalk(found.rows);

  const title = input.title && input.title !== '' ? input.title : null;
  const { conversationId, created } = await db.transaction(async (tx) => {
    if (title === null && otherIds.length === 1) {
      const existing = await tx.query<{ id: number }>(
        `SELECT c.id FROM conversations c
         WHERE c.title IS NULL
           AND EXISTS (SELECT 1 FROM conversation_participants p WHERE p.conversation_id = c.id AND p.user_id = $1)
           AND EXISTS (SELECT 1 FROM conversation_participants p WHERE p.conversation_id = c.id AND p.user_id = $2)
           AND (SELECT count(*) FROM conversation_participants p WHERE p.conversation_id = c.id) = 2
         ORDER BY c.id LIMIT 1`,
        [caller.id, otherIds[0]],
      );
      const reuse = existing.rows[0];
      if (reuse) return { conversationId: reuse.id, created: false };
    }
    const inserted = await tx.query<{ id: number }>(
      'INSERT INTO conversations (title, created_by) VALUES ($1, $2) RETURNING id',
      [title, caller.id],
    );
    const id = inserted.rows[0]!.id;
    await tx.query(
      `INSERT INTO conversation_participants (conversation_id, user_id)
       SELECT $1, unnest($2::int[])`,
      [id, [caller.id, ...otherIds]],
    );
    return { conversationId: id, created: true };
  });

  if (input.text) await sendMessage(deps, caller, { conversationId, text: input.text });
  if (created) {
    deps.emitter.toRooms(otherIds.map(userRoom), SERVER_EVENTS.conversationUpdated[0], { conversationId });
  }
  return { conversation: await getConversation(db, caller.id, conversationId), created };
}

/**
 * Moves the caller's read marker forward to `messageId` (or the newest message) and tells the caller's other
 * tabs through `conversation:updated`.
 */
export async function markConversationRead(
  deps: ConversationDeps,
  userId: number,
  conversationId: number,
  messageId?: number,
): Promise<Conversation> {
  const { rows } = await deps.db.query(
    `UPDATE conversation_participants SET last_read_message_id = GREATEST(last_read_message_id, COALESCE(
       (SELECT max(id) FROM chat_messages WHERE conversation_id = $1 AND ($3::int IS NULL OR id <= $3)), 0))
     WHERE conversation_id = $1 AND user_id = $2 RETURNING user_id`,
    [conversationId, userId, messageId ?? null],
  );
  if (rows.length === 0) throw conversationNotFound();
  const conversation = await getConversation(deps.db, userId, conversationId);
  deps.emitter.toRooms([userRoom(userId)], SERVER_EVENTS.conversationUpdated[0], {
    conversationId,
    unread_count: conversation.unread_count,
  });
  return conversation;
}

/** Messages in the caller's conversations newer than their read marker and not sent by them. */
export async function unreadMessageCount(db: Database, userId: number): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM conversation_participants p
     JOIN chat_messages m ON m.conversation_id = p.conversation_id
       AND m.id > p.last_read_message_id AND m.sender_id <> p.user_id
     WHERE p.user_id = $1`,
    [userId],
  );
  return rows[0]?.count ?? 0;
}
