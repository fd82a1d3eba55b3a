import type {
  BoardPresenceEvent,
  BoardUpdatedEvent,
  Task,
  TaskCommentedEvent,
  TaskDeletedEvent,
  TaskEvent,
  TaskMovedEvent,
  TaskPerson,
} from '../contract/task';
import { TASK_PRIORITIES } from '../contract/task-constants';
import { isRecord } from '../lib/values';

// The tasks module's board events (contract/task.ts), checked by hand as the other live payloads are (the
// realtime entry carries no zod). A payload that fails is dropped and logged by the caller.

const MAX_VIEWERS = 500;

const int = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown) => value === null || typeof value === 'string';

function person(raw: unknown): TaskPerson | null {
  if (!isRecord(raw)) return null;
  const id = int(raw.id);
  return id !== null && isText(raw.name) ? { id, name: raw.name } : null;
}

const personOrNull = (raw: unknown): TaskPerson | null | undefined =>
  raw === null || raw === undefined ? null : (person(raw) ?? undefined);

/** A whole card: the fields a board draws and orders by, each of its type. */
export function parseTaskCard(raw: unknown): Task | null {
  if (!isRecord(raw)) return null;
  for (const key of [
    'id',
    'number',
    'board_id',
    'column_id',
    'version',
    'checklist_done',
    'checklist_total',
    'comment_count',
  ])
    if (int(raw[key]) === null) return null;
  if (!isText(raw.title) || !isText(raw.position)) return null;
  if (!TASK_PRIORITIES.includes(raw.priority as never)) return null;
  if (!isTextOrNull(raw.due_date) || !isTextOrNull(raw.start_date)) return null;
  if (!Array.isArray(raw.assignees) || raw.assignees.some((item) => person(item) === null)) return null;
  if (!Array.isArray(raw.label_ids) || raw.label_ids.some((id) => int(id) === null)) return null;
  if (
    !Array.isArray(raw.blocked_by) ||
    raw.blocked_by.some((ref) => !isRecord(ref) || int(ref.number) === null)
  )
    return null;
  if (raw.company !== null && person(raw.company) === null) return null;
  if (raw.ticket !== null && !(isRecord(raw.ticket) && int(raw.ticket.id) !== null)) return null;
  return raw as unknown as Task;
}

export function parseTaskEvent(raw: unknown): TaskEvent | null {
  if (!isRecord(raw)) return null;
  const boardId = int(raw.boardId);
  const task = parseTaskCard(raw.task);
  const actor = personOrNull(raw.actor);
  if (boardId === null || !task || task.board_id !== boardId || actor === undefined) return null;
  return { boardId, task, actor };
}

export function parseTaskMovedEvent(raw: unknown): TaskMovedEvent | null {
  const event = parseTaskEvent(raw);
  const fromColumnId = isRecord(raw) ? int(raw.fromColumnId) : null;
  return event && fromColumnId !== null ? { ...event, fromColumnId } : null;
}

export function parseTaskDeletedEvent(raw: unknown): TaskDeletedEvent | null {
  if (!isRecord(raw)) return null;
  const boardId = int(raw.boardId);
  const taskId = int(raw.taskId);
  const actor = personOrNull(raw.actor);
  return boardId !== null && taskId !== null && actor !== undefined ? { boardId, taskId, actor } : null;
}

export function parseTaskCommentedEvent(raw: unknown): TaskCommentedEvent | null {
  if (!isRecord(raw) || !isRecord(raw.comment)) return null;
  const boardId = int(raw.boardId);
  const taskId = int(raw.taskId);
  const { comment } = raw;
  if (boardId === null || taskId === null || int(comment.id) === null || int(comment.task_id) !== taskId)
    return null;
  if (!person(comment.author) || !isText(comment.body) || !isText(comment.created_at)) return null;
  if (!Array.isArray(comment.mentions)) return null;
  return { boardId, taskId, comment: comment as unknown as TaskCommentedEvent['comment'] };
}

export function parseBoardUpdatedEvent(raw: unknown): BoardUpdatedEvent | null {
  if (!isRecord(raw) || !isRecord(raw.board)) return null;
  const boardId = int(raw.boardId);
  if (boardId === null || int(raw.board.id) !== boardId || !isText(raw.board.name)) return null;
  if (
    !Array.isArray(raw.columns) ||
    raw.columns.some((column) => !isRecord(column) || int(column.id) === null || !isText(column.position))
  )
    return null;
  if (!Array.isArray(raw.labels) || raw.labels.some((label) => !isRecord(label) || int(label.id) === null))
    return null;
  return raw as unknown as BoardUpdatedEvent;
}

export function parseBoardPresenceEvent(raw: unknown): BoardPresenceEvent | null {
  if (!isRecord(raw) || !Array.isArray(raw.viewers) || raw.viewers.length > MAX_VIEWERS) return null;
  const boardId = int(raw.boardId);
  const viewers = raw.viewers.map(person);
  if (boardId === null || viewers.some((viewer) => viewer === null)) return null;
  return { boardId, viewers: viewers as TaskPerson[] };
}
