import type { Task, TaskBoardView, TaskLabel } from '@farol/data';
import { isClosedStateGroup } from '@farol/data/tasks';
import { DueCalendar } from '@farol/ui/tasks';
import { useMemo } from 'react';
import { toCardView } from '../shared/task-format';

export interface BoardCalendarViewProps {
  view: TaskBoardView;
  tasks: readonly Task[];
  today: Date;
  onOpen: (taskId: number) => void;
}

/** The due days of a month (the kit's calendar); tasks without a due day are counted below it. */
export function BoardCalendarView({ view, tasks, today, onOpen }: BoardCalendarViewProps) {
  const cards = useMemo(() => {
    const labels = new Map<number, TaskLabel>(view.labels.map((label) => [label.id, label]));
    const closed = new Set(
      view.columns.filter((column) => isClosedStateGroup(column.state_group)).map((column) => column.id),
    );
    return tasks.map((task) => toCardView(task, labels, closed));
  }, [tasks, view.labels, view.columns]);
  const undated = tasks.filter((task) => !task.due_date).length;
  return (
    <div className="flex flex-col gap-3">
      <DueCalendar tasks={cards} today={today} onOpen={(taskId) => onOpen(Number(taskId))} />
      <p className="text-sm text-muted-foreground">
        {undated === 0
          ? 'Todas as tarefas têm prazo.'
          : undated === 1
            ? '1 tarefa sem prazo.'
            : `${undated} tarefas sem prazo.`}
      </p>
    </div>
  );
}
