import type { Task, TaskBoardView, TaskLabel } from '@farol/data';
import { isClosedStateGroup } from '@farol/data/tasks';
import { TaskListTable, type TaskListRowView } from '@farol/ui/tasks';
import { useMemo } from 'react';
import { TASK_COLOR_CSS, toCardView } from '../shared/task-format';

export interface BoardListViewProps {
  view: TaskBoardView;
  tasks: readonly Task[];
  today: Date;
  onOpen: (taskId: number) => void;
}

/** The board as a sortable table (the kit's, virtualised: thousands of rows draw only those in view). */
export function BoardListView({ view, tasks, today, onOpen }: BoardListViewProps) {
  const rows = useMemo<TaskListRowView[]>(() => {
    const labels = new Map<number, TaskLabel>(view.labels.map((label) => [label.id, label]));
    const columns = new Map(view.columns.map((column) => [column.id, column]));
    const closed = new Set(
      view.columns.filter((column) => isClosedStateGroup(column.state_group)).map((column) => column.id),
    );
    return tasks.map((task) => {
      const column = columns.get(task.column_id);
      return {
        ...toCardView(task, labels, closed),
        columnName: column?.name,
        columnColor: column ? TASK_COLOR_CSS[column.color] : null,
      };
    });
  }, [tasks, view.labels, view.columns]);
  return (
    <TaskListTable
      label={`Tarefas de ${view.board.name}`}
      rows={rows}
      today={today}
      onOpen={(taskId) => onOpen(Number(taskId))}
    />
  );
}
