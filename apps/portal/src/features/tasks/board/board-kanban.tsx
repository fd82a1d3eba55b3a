import type { Task, TaskBoardView, TaskLabel } from '@farol/data';
import { boardLanes, isClosedStateGroup, laneKeyOf, wipRefusal, type TaskSwimlane } from '@farol/data/tasks';
import { Board, type BoardCanDrop, type BoardMoveEvent, type BoardQuickAddEvent } from '@farol/ui/tasks';
import { useCallback, useMemo } from 'react';
import { toCardView, toColumnView } from '../shared/task-format';
import type { MoveRequest } from './use-board-actions';

export interface BoardKanbanProps {
  view: TaskBoardView;
  /** The cards the filters let through, in board order. */
  tasks: readonly Task[];
  lanes: TaskSwimlane;
  today: Date;
  onMove: (request: MoveRequest) => void;
  onOpen: (taskId: number) => void;
  /** Quick add at the top of a column (tasks.manage only): the lane's field comes along. */
  onQuickAdd?: (columnId: number, title: string, laneKey: string | null) => void;
}

const id = (value: string | null | undefined) => (value ? Number(value) : null);

/** The kanban: the contract's board mapped onto the kit's Board, moves and refusals mapped back. */
export function BoardKanban({ view, tasks, lanes, today, onMove, onOpen, onQuickAdd }: BoardKanbanProps) {
  const labels = useMemo(
    () => new Map<number, TaskLabel>(view.labels.map((label) => [label.id, label])),
    [view.labels],
  );
  const closed = useMemo(
    () =>
      new Set(
        view.columns.filter((column) => isClosedStateGroup(column.state_group)).map((column) => column.id),
      ),
    [view.columns],
  );
  const columns = useMemo(() => view.columns.map(toColumnView), [view.columns]);
  const cards = useMemo(
    () => tasks.map((task) => toCardView(task, labels, closed, laneKeyOf(task, lanes))),
    [tasks, labels, closed, lanes],
  );
  const laneViews = useMemo(
    () => (lanes === 'nenhuma' ? undefined : boardLanes(view.tasks, lanes)),
    [lanes, view.tasks],
  );

  // WIP counts across swimlanes and filters: the column's whole task_count, as the server counts it.
  const canDrop = useCallback<BoardCanDrop>(
    (card, toColumn) => {
      const column = view.columns.find((item) => String(item.id) === toColumn.id);
      return (column && wipRefusal(column, Number(card.columnId))) ?? true;
    },
    [view.columns],
  );

  return (
    <Board
      label={`Quadro ${view.board.name}`}
      columns={columns}
      tasks={cards}
      lanes={laneViews}
      today={today}
      canDrop={canDrop}
      onOpen={(taskId) => onOpen(Number(taskId))}
      onMove={(event: BoardMoveEvent) =>
        onMove({
          taskId: Number(event.taskId),
          toColumnId: Number(event.toColumnId),
          beforeId: id(event.beforeId),
          afterId: id(event.afterId),
          laneKey: lanes === 'nenhuma' ? null : (event.toLaneKey ?? null),
        })
      }
      onQuickAdd={
        onQuickAdd
          ? (event: BoardQuickAddEvent) =>
              onQuickAdd(Number(event.columnId), event.title, event.laneKey ?? null)
          : undefined
      }
    />
  );
}
