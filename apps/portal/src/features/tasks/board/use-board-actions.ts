import type { Task, TaskBoardView, TaskColumn } from '@farol/data';
import {
  blockerNumbers,
  laneChange,
  needsBlockedConfirmation,
  orderKeyBetween,
  taskConflictOf,
  useCreateTask,
  useMoveTask,
  useUpdateTask,
  type TaskSwimlane,
} from '@farol/data/tasks';
import { toast } from '@farol/ui';
import { useCallback, useState } from 'react';
import { failureMessage } from '../../../lib/form-errors';
import { taskNumber } from '../shared/task-format';

/** A move the person must confirm: a blocked task into a concluído column. */
export interface PendingMove {
  task: Task;
  column: TaskColumn;
  position: string;
  laneKey: string | null;
  blockers: string;
}

export interface MoveRequest {
  taskId: number;
  toColumnId: number;
  /** The cards right above and below where it was dropped (null at the top or the end). */
  beforeId: number | null;
  afterId: number | null;
  laneKey?: string | null;
}

/** The toast after a refused write of a task: a conflict says what happened, anything else the server's words. */
export function toastTaskFailure(error: unknown, fallback: string): void {
  const conflict = taskConflictOf(error);
  if (conflict?.reason === 'version') toast.info(conflict.message, { id: 'task-conflict' });
  else toast.error(failureMessage(error, fallback), { id: 'task-failure' });
}

/**
 * What the board does with a move, a quick add and a lane change: the new order key between the neighbours,
 * the blocked guard (asked before sending), the server's WIP warning, a recurring task's next occurrence,
 * and every refusal told in a toast (a version conflict: the card is already where the server has it).
 */
export function useBoardActions(view: TaskBoardView | undefined, lanes: TaskSwimlane) {
  const boardId = view?.board.id ?? 0;
  const move = useMoveTask(boardId);
  const create = useCreateTask();
  const [pending, setPending] = useState<PendingMove | null>(null);
  const update = useUpdateTask(boardId);

  const send = useCallback(
    (task: Task, column: TaskColumn, position: string, laneKey: string | null, confirm = false) =>
      new Promise<void>((resolve, reject) => {
        move.mutate(
          { taskId: task.id, columnId: column.id, position, version: task.version, confirm },
          {
            onSuccess: (result) => {
              if (result.warning) toast.warning(result.warning, { id: `wip-${column.id}` });
              if (result.next)
                toast.success(
                  `Próxima ocorrência criada: ${taskNumber(result.next.number)}, prazo ${result.next.due_date ?? 'sem data'}.`,
                  { id: `recurring-${result.next.id}` },
                );
              const change = laneKey ? laneChange(lanes, laneKey, result.task) : null;
              if (change) {
                update.mutate(
                  { taskId: result.task.id, changes: { ...change, version: result.task.version } },
                  { onError: (error) => toastTaskFailure(error, 'Não foi possível mudar a tarefa de raia.') },
                );
              }
              resolve();
            },
            onError: (error) => {
              const conflict = taskConflictOf(error);
              if (conflict?.reason === 'blocked' && !confirm) {
                setPending({
                  task,
                  column,
                  position,
                  laneKey,
                  blockers: blockerNumbers(conflict.blockers ?? task.blocked_by),
                });
              } else toastTaskFailure(error, 'Não foi possível mover a tarefa.');
              reject(error instanceof Error ? error : new Error(String(error)));
            },
          },
        );
      }),
    [lanes, move, update],
  );

  const requestMove = useCallback(
    ({ taskId, toColumnId, beforeId, afterId, laneKey = null }: MoveRequest) => {
      if (!view) return;
      const task = view.tasks.find((item) => item.id === taskId);
      const column = view.columns.find((item) => item.id === toColumnId);
      if (!task || !column) return;
      const before = beforeId === null ? null : view.tasks.find((item) => item.id === beforeId);
      const after = afterId === null ? null : view.tasks.find((item) => item.id === afterId);
      const position = orderKeyBetween(before?.position ?? null, after?.position ?? null);
      if (task.column_id !== column.id && needsBlockedConfirmation(task, column.state_group)) {
        setPending({ task, column, position, laneKey, blockers: blockerNumbers(task.blocked_by) });
        return;
      }
      if (task.column_id === column.id && task.position === position && !laneKey) return;
      send(task, column, position, laneKey).catch(() => undefined);
    },
    [send, view],
  );

  const confirmPending = useCallback(async () => {
    if (!pending) return;
    await send(pending.task, pending.column, pending.position, pending.laneKey, true);
    setPending(null);
  }, [pending, send]);

  const quickAdd = useCallback(
    (columnId: number, title: string, defaults: Partial<Parameters<typeof create.mutate>[0]> = {}) => {
      if (!view) return;
      create.mutate(
        { board_id: view.board.id, column_id: columnId, title, ...defaults },
        {
          onSuccess: (task) =>
            toast.success(`Tarefa ${taskNumber(task.number)} criada.`, { id: `task-${task.id}` }),
          onError: (error) => toast.error(failureMessage(error, 'Não foi possível criar a tarefa.')),
        },
      );
    },
    [create, view],
  );

  return { requestMove, pending, cancelPending: () => setPending(null), confirmPending, quickAdd };
}
