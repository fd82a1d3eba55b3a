import type { Task, TaskBoardView } from '@farol/data';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@farol/ui';
import { useMemo } from 'react';
import { formatDay, priorityLabel, taskNumber } from '../shared/task-format';

/** Rows drawn at once; beyond them the person narrows the filters (a board holds a few thousand at most). */
export const LIST_ROW_CAP = 500;

export interface BoardListViewProps {
  view: TaskBoardView;
  tasks: readonly Task[];
  today: string;
  onOpen: (taskId: number) => void;
}

/** The board as a table: number, title, column, people, priority, due day and labels. */
export function BoardListView({ view, tasks, today, onOpen }: BoardListViewProps) {
  const columns = useMemo(() => new Map(view.columns.map((column) => [column.id, column])), [view.columns]);
  const labels = useMemo(() => new Map(view.labels.map((label) => [label.id, label.name])), [view.labels]);
  const shown = tasks.slice(0, LIST_ROW_CAP);
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto rounded-lg border">
        <Table label={`Tarefas de ${view.board.name}`}>
          <TableHeader>
            <TableRow>
              <TableHead className="w-16">Nº</TableHead>
              <TableHead>Título</TableHead>
              <TableHead>Coluna</TableHead>
              <TableHead>Responsáveis</TableHead>
              <TableHead>Prioridade</TableHead>
              <TableHead>Prazo</TableHead>
              <TableHead>Etiquetas</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((task) => {
              const column = columns.get(task.column_id);
              const overdue =
                !!task.due_date &&
                task.due_date < today &&
                column?.state_group !== 'concluido' &&
                column?.state_group !== 'cancelado';
              return (
                <TableRow key={task.id}>
                  <TableCell className="text-muted-foreground tabular-nums">
                    {taskNumber(task.number)}
                  </TableCell>
                  <TableCell className="max-w-md">
                    <button
                      type="button"
                      onClick={() => onOpen(task.id)}
                      className="text-left font-medium break-words underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring rounded-sm"
                    >
                      {task.title}
                    </button>
                    {task.blocked_by.length ? (
                      <span className="ml-2 text-xs font-medium text-destructive">
                        Bloqueada por {task.blocked_by.map((ref) => taskNumber(ref.number)).join(', ')}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell>{column?.name}</TableCell>
                  <TableCell>{task.assignees.map((person) => person.name).join(', ') || '—'}</TableCell>
                  <TableCell>{task.priority === 'nenhuma' ? '—' : priorityLabel(task.priority)}</TableCell>
                  <TableCell className={overdue ? 'font-medium text-destructive' : undefined}>
                    {formatDay(task.due_date)}
                    {overdue ? <span className="sr-only"> (atrasada)</span> : null}
                  </TableCell>
                  <TableCell>
                    {task.label_ids
                      .map((id) => labels.get(id))
                      .filter(Boolean)
                      .join(', ') || '—'}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      {tasks.length > shown.length ? (
        <p className="text-sm text-muted-foreground">
          Mostrando {shown.length} de {tasks.length} tarefas: use os filtros para encontrar as outras.
        </p>
      ) : null}
    </div>
  );
}
