import type { Task } from '@farol/data';
import { dateParts, daysInMonth, makeDate, weekday } from '@farol/data/tasks';
import { Button, cn } from '@farol/ui';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { taskNumber } from '../shared/task-format';

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];
const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];
const WEEKDAY_NAMES = [
  'domingo',
  'segunda-feira',
  'terça-feira',
  'quarta-feira',
  'quinta-feira',
  'sexta-feira',
  'sábado',
];

export interface BoardCalendarViewProps {
  tasks: readonly Task[];
  today: string;
  onOpen: (taskId: number) => void;
}

/** The due days of a month: each day lists its tasks (a button opens one); tasks without a due day are counted. */
export function BoardCalendarView({ tasks, today, onOpen }: BoardCalendarViewProps) {
  const [month, setMonth] = useState(() => today.slice(0, 7));
  const { year, month: monthNumber } = dateParts(`${month}-01`);
  const byDay = useMemo(() => {
    const map = new Map<string, Task[]>();
    for (const task of tasks)
      if (task.due_date) map.set(task.due_date, [...(map.get(task.due_date) ?? []), task]);
    return map;
  }, [tasks]);
  const undated = tasks.filter((task) => !task.due_date).length;
  const first = makeDate(year, monthNumber, 1);
  const lead = weekday(first);
  const days = Array.from({ length: daysInMonth(year, monthNumber) }, (_, index) =>
    makeDate(year, monthNumber, index + 1),
  );
  const shift = (delta: number) => {
    const next = new Date(Date.UTC(year, monthNumber - 1 + delta, 1));
    setMonth(next.toISOString().slice(0, 7));
  };
  const title = `${MONTHS[monthNumber - 1]} de ${year}`;
  return (
    <section aria-label={`Calendário de prazos, ${title}`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold capitalize" aria-live="polite">
          {title}
        </h2>
        <div className="flex items-center gap-1">
          <Button variant="outline" size="sm" onClick={() => shift(-1)} aria-label="Mês anterior">
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
          <Button variant="outline" size="sm" onClick={() => setMonth(today.slice(0, 7))}>
            Hoje
          </Button>
          <Button variant="outline" size="sm" onClick={() => shift(1)} aria-label="Próximo mês">
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </div>
      </div>
      <ol className="grid grid-cols-1 gap-px overflow-hidden rounded-lg border bg-border sm:grid-cols-7">
        {WEEKDAYS.map((name) => (
          <li
            key={name}
            aria-hidden="true"
            className="hidden bg-muted px-2 py-1 text-xs font-medium text-muted-foreground sm:block"
          >
            {name}
          </li>
        ))}
        {Array.from({ length: lead }, (_, index) => (
          <li key={`lead-${index}`} aria-hidden="true" className="hidden bg-card sm:block" />
        ))}
        {days.map((day) => {
          const due = byDay.get(day) ?? [];
          const number = Number(day.slice(8));
          const label = `${number} de ${MONTHS[monthNumber - 1]}, ${WEEKDAY_NAMES[weekday(day)]}`;
          return (
            <li
              key={day}
              aria-label={
                due.length ? `${label}: ${due.length === 1 ? '1 tarefa' : `${due.length} tarefas`}` : label
              }
              className={cn(
                'flex min-h-20 flex-col gap-1 bg-card p-1.5',
                due.length === 0 && 'max-sm:hidden',
              )}
            >
              <span
                className={cn(
                  'w-fit rounded-full px-1.5 text-xs tabular-nums',
                  day === today
                    ? 'bg-primary font-semibold text-primary-foreground'
                    : 'text-muted-foreground',
                )}
              >
                <span className="sm:hidden">{WEEKDAYS[weekday(day)]} </span>
                {number}
                {day === today ? <span className="sr-only"> (hoje)</span> : null}
              </span>
              {due.map((task) => (
                <button
                  key={task.id}
                  type="button"
                  onClick={() => onOpen(task.id)}
                  className={cn(
                    'truncate rounded border-l-2 bg-muted px-1.5 py-0.5 text-left text-xs outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                    task.completed_at
                      ? 'border-success line-through'
                      : day < today
                        ? 'border-destructive'
                        : 'border-primary',
                  )}
                >
                  {taskNumber(task.number)} {task.title}
                </button>
              ))}
            </li>
          );
        })}
      </ol>
      <p className="text-sm text-muted-foreground">
        {undated === 0
          ? 'Todas as tarefas têm prazo.'
          : undated === 1
            ? '1 tarefa sem prazo.'
            : `${undated} tarefas sem prazo.`}
      </p>
    </section>
  );
}
