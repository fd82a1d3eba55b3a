import type { Task, TaskBoardView, TaskColor, TaskLabel, TaskPriority } from '@farol/data';
import { describeRecurrence, TASK_PRIORITY_LABELS } from '@farol/data/tasks';
import type { BoardColumnView, BoardTaskView, TaskPriorityView } from '@farol/ui/tasks';

/** The contract's colour tokens as CSS colours the kit draws (mid tones, readable on light and dark themes). */
export const TASK_COLOR_CSS: Record<TaskColor, string> = {
  gray: '#8b93a1',
  red: '#ef4444',
  orange: '#f97316',
  amber: '#f59e0b',
  yellow: '#eab308',
  lime: '#84cc16',
  green: '#22c55e',
  teal: '#14b8a6',
  cyan: '#06b6d4',
  blue: '#3b82f6',
  indigo: '#6366f1',
  violet: '#8b5cf6',
  pink: '#ec4899',
};

const PRIORITY_VIEW: Record<TaskPriority, TaskPriorityView> = {
  urgente: 'urgente',
  alta: 'alta',
  media: 'média',
  baixa: 'baixa',
  nenhuma: 'nenhuma',
};

export const priorityLabel = (priority: TaskPriority) => TASK_PRIORITY_LABELS[priority];

/** '#12' */
export const taskNumber = (number: number) => `#${number}`;

/** A card as the kit draws it, from the contract's task and its board's labels. */
export function toCardView(
  task: Task,
  labels: ReadonlyMap<number, TaskLabel>,
  closedColumns: ReadonlySet<number>,
  laneKey?: string | null,
): BoardTaskView {
  return {
    id: String(task.id),
    number: taskNumber(task.number),
    title: task.title,
    priority: PRIORITY_VIEW[task.priority],
    dueDate: task.due_date,
    assignees: task.assignees.map((person) => ({ id: String(person.id), name: person.name })),
    labels: task.label_ids.flatMap((id) => {
      const label = labels.get(id);
      return label ? [{ id: String(label.id), name: label.name, color: TASK_COLOR_CSS[label.color] }] : [];
    }),
    checklist: task.checklist_total > 0 ? { done: task.checklist_done, total: task.checklist_total } : null,
    blockedBy: task.blocked_by.map((ref) => taskNumber(ref.number)),
    recurring: task.recurrence ? describeRecurrence(task.recurrence) : false,
    ticket: task.ticket ? { number: taskNumber(task.ticket.number), title: task.ticket.subject } : null,
    commentCount: task.comment_count,
    completed: closedColumns.has(task.column_id),
    columnId: String(task.column_id),
    laneKey: laneKey ?? null,
  };
}

export function toColumnView(column: TaskBoardView['columns'][number]): BoardColumnView {
  return {
    id: String(column.id),
    name: column.name,
    color: TASK_COLOR_CSS[column.color],
    wipLimit: column.wip_limit,
    wipMode: column.wip_mode,
  };
}

const DATE = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
const DATE_TIME = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Sao_Paulo',
});

/** 'YYYY-MM-DD' as dd/MM/yyyy. */
export const formatDay = (day: string | null) => (day ? DATE.format(new Date(`${day}T00:00:00Z`)) : '—');
export const formatInstant = (instant: string) => DATE_TIME.format(new Date(instant));

/** 90 → '1h30'. */
export function formatEstimate(minutes: number | null): string {
  if (minutes === null) return '—';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${rest} min`;
  return rest ? `${hours}h${String(rest).padStart(2, '0')}` : `${hours}h`;
}

/** '1 tarefa', '3 tarefas' */
export const tasksCount = (count: number) => (count === 1 ? '1 tarefa' : `${count} tarefas`);

/** Minutes as the person types them: whole hours and minutes ("1h30", "90", "2 h"); null when unreadable. */
export function parseEstimate(text: string): number | null | undefined {
  const value = text.trim().toLowerCase();
  if (value === '') return null;
  const match = /^(?:(\d{1,4})\s*h)?\s*(?:(\d{1,5})\s*(?:min|m)?)?$/.exec(value);
  if (!match || (match[1] === undefined && match[2] === undefined)) return undefined;
  const minutes = Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
  return minutes <= 100_000 ? minutes : undefined;
}

/** The estimate as the field shows it (what parseEstimate reads back). */
export const estimateText = (minutes: number | null): string =>
  minutes === null ? '' : formatEstimate(minutes);
