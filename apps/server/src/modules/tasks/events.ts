/**
 * What follows a committed task change: the board's room hears it (`task:created`, `task:updated`,
 * `task:moved`, `task:deleted`, `task:commented`, `board:updated`), and the people concerned are notified
 * (assigned to you, mentioned). Called only after the transaction commits. Like the chamados' events, each
 * follows the company scope (issue 13): a staff member limited away from the board's company or the task's own
 * hears nothing of it, live or in a notification, even while their socket sits in the board's room.
 */
import {
  TASK_SERVER_EVENTS,
  boardRoomName,
  type BoardUpdatedEvent,
  type Task,
  type TaskComment,
  type TaskDeletedEvent,
  type TaskEvent,
  type TaskListItem,
  type TaskMovedEvent,
  type TaskPerson,
} from '@farol/data/contract';
import type { Database } from '../../db/database';
import { userRoom, type RoomEmitter } from '../../realtime';
import type { Notify } from '../../shared/notify';
import { reachingCompany, staffNotReaching } from '../../shared/users';
import { loadBoard, loadColumns, loadLabels } from './repository';

/** The wire card (TaskSchema) of a list item: the list's extras left out. */
export const toTask = ({ board_name: _b, column_name: _c, state_group: _s, ...task }: TaskListItem): Task =>
  task;

/** Where a notification about a task opens: its board with the side panel on it. */
export const taskLink = (task: Pick<Task, 'id' | 'board_id'>) =>
  `/tasks/board/${task.board_id}?tarefa=${task.id}`;

export interface TaskEvents {
  created(card: TaskListItem, actor: TaskPerson | null): void;
  updated(card: TaskListItem, actor: TaskPerson | null): void;
  /** `boardCompanyId`: the board's company as the move read it (spares the broadcast looking it up). */
  moved(
    card: TaskListItem,
    fromColumnId: number,
    actor: TaskPerson | null,
    boardCompanyId?: number | null,
  ): void;
  deleted(boardId: number, taskId: number, companyId: number | null, actor: TaskPerson | null): void;
  commented(card: Pick<Task, 'board_id' | 'company'>, comment: TaskComment): void;
  /** The board, its columns or labels changed: everyone viewing gets the new header and columns. */
  boardChanged(boardId: number, today: string): Promise<void>;
  /**
   * A global label changed: every open board (not archived) gets board:updated with its labels now, so the
   * filters, cards and side panels of boards already on screen show the new name, colour or parent live.
   */
  globalLabelsChanged(today: string): Promise<void>;
  /** "Atribuída a você" to each of `userIds` but the actor. */
  assigned(userIds: readonly number[], card: TaskListItem, actor: TaskPerson | null): Promise<void>;
  /** "Mencionou você" to each of `userIds` but the author. */
  mentioned(userIds: readonly number[], card: TaskListItem, comment: TaskComment): Promise<void>;
}

export const createTaskEvents = ({
  db,
  realtime,
  notify,
  log,
}: {
  db: Database;
  realtime: RoomEmitter;
  notify: Notify;
  log: { error(obj: object, msg?: string): void };
}): TaskEvents => {
  /** The companies a task belongs to: its board's and its own (either may be null). */
  const companiesOf = async (boardId: number, companyId: number | null, boardCompanyId?: number | null) => {
    if (boardCompanyId !== undefined) return [boardCompanyId, companyId];
    const { rows } = await db.query<{ company_id: number | null }>(
      'SELECT company_id FROM task_boards WHERE id = $1',
      [boardId],
    );
    return [rows[0]?.company_id ?? null, companyId];
  };
  // Broadcasts leave in the order they were made (each waits for the one before: the scope lookup is async),
  // and one that fails is logged, never thrown at the request that caused it.
  let queue: Promise<void> = Promise.resolve();
  const toRoom = (
    boardId: number,
    companyId: number | null,
    event: string,
    payload: unknown,
    boardCompanyId?: number | null,
  ) => {
    queue = queue
      .then(async () => {
        const away = await staffNotReaching(db, await companiesOf(boardId, companyId, boardCompanyId));
        realtime.toRooms([boardRoomName(boardId)], event, payload, away.map(userRoom));
      })
      .catch((err: unknown) => log.error({ err, boardId, event }, 'tasks: live event failed'));
  };
  /** Of `userIds`, those the task may be told to: who reach its board's company and its own. */
  const reached = async (userIds: Iterable<number>, card: Pick<Task, 'board_id' | 'company'>) =>
    reachingCompany(db, [...new Set(userIds)], await companiesOf(card.board_id, card.company?.id ?? null));
  // A notification that fails (the person was deleted meanwhile) must not fail the write already committed.
  const tell = async (userId: number, input: Parameters<Notify>[1]) => {
    try {
      await notify(userId, input);
    } catch (err) {
      log.error({ err, userId }, 'tasks: notification failed');
    }
  };
  const boardChanged = async (boardId: number, today: string) => {
    const payload: BoardUpdatedEvent = {
      boardId,
      board: await loadBoard(db, boardId, today),
      columns: await loadColumns(db, boardId),
      labels: await loadLabels(db, boardId),
    };
    toRoom(boardId, null, TASK_SERVER_EVENTS.boardUpdated, payload);
  };
  return {
    created(card, actor) {
      const payload: TaskEvent = { boardId: card.board_id, task: toTask(card), actor };
      toRoom(card.board_id, card.company?.id ?? null, TASK_SERVER_EVENTS.taskCreated, payload);
    },
    updated(card, actor) {
      const payload: TaskEvent = { boardId: card.board_id, task: toTask(card), actor };
      toRoom(card.board_id, card.company?.id ?? null, TASK_SERVER_EVENTS.taskUpdated, payload);
    },
    moved(card, fromColumnId, actor, boardCompanyId) {
      const payload: TaskMovedEvent = { boardId: card.board_id, task: toTask(card), actor, fromColumnId };
      toRoom(card.board_id, card.company?.id ?? null, TASK_SERVER_EVENTS.taskMoved, payload, boardCompanyId);
    },
    deleted(boardId, taskId, companyId, actor) {
      const payload: TaskDeletedEvent = { boardId, taskId, actor };
      toRoom(boardId, companyId, TASK_SERVER_EVENTS.taskDeleted, payload);
    },
    commented(card, comment) {
      toRoom(card.board_id, card.company?.id ?? null, TASK_SERVER_EVENTS.taskCommented, {
        boardId: card.board_id,
        taskId: comment.task_id,
        comment,
      });
    },
    boardChanged,
    async globalLabelsChanged(today) {
      const { rows } = await db.query<{ id: number }>(
        'SELECT id FROM task_boards WHERE archived_at IS NULL ORDER BY id',
      );
      for (const { id } of rows) {
        // One board that fails to load (deleted meanwhile) must not keep the others stale.
        try {
          await boardChanged(id, today);
        } catch (err) {
          log.error({ err, boardId: id }, 'tasks: board:updated after a global label change failed');
        }
      }
    },
    async assigned(userIds, card, actor) {
      for (const userId of await reached(userIds, card)) {
        if (userId === actor?.id) continue;
        await tell(userId, {
          type: 'task',
          title: 'Tarefa atribuída a você',
          message: `${actor ? `${actor.name} atribuiu a você` : 'Atribuída a você'}: #${card.number} ${card.title} (${card.board_name})`,
          link: taskLink(card),
          severity: 'info',
        });
      }
    },
    async mentioned(userIds, card, comment) {
      for (const userId of await reached(userIds, card)) {
        if (userId === comment.author.id) continue;
        await tell(userId, {
          type: 'task',
          title: 'Você foi mencionado',
          message: `${comment.author.name} mencionou você em #${card.number} ${card.title}`,
          link: taskLink(card),
          severity: 'info',
        });
      }
    },
  };
};
