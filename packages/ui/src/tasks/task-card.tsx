import { cva } from 'class-variance-authority';
import {
  CalendarIcon,
  ListChecksIcon,
  LockIcon,
  MessageSquareIcon,
  RepeatIcon,
  TicketIcon,
} from 'lucide-react';
import { memo } from 'react';
import type * as React from 'react';
import { useTasksMessages } from './messages';
import { cn } from '../lib/cn';
import { Avatar } from '../primitives/avatar/avatar';
import { dueState, formatShortDate, parseDueDate, type DueState } from './due';
import type { TaskCardView, TaskPriorityView } from './types';

export const taskPriorityVariants = /* @__PURE__ */ cva(
  'inline-flex items-center rounded-full px-2 py-0.5 text-[0.6875rem] leading-4 font-semibold whitespace-nowrap',
  {
    variants: {
      priority: {
        urgente: 'bg-destructive text-destructive-foreground',
        alta: 'bg-warning/15 text-warning',
        média: 'bg-secondary text-secondary-foreground',
        baixa: 'border border-border text-muted-foreground',
        nenhuma: 'hidden',
      },
    },
    defaultVariants: { priority: 'média' },
  },
);

export const taskDueVariants = /* @__PURE__ */ cva(
  'inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs whitespace-nowrap [&_svg]:size-3.5',
  {
    variants: {
      state: {
        overdue: 'border border-destructive/60 font-semibold text-destructive',
        today: 'bg-warning/15 font-semibold text-warning',
        tomorrow: 'text-foreground',
        upcoming: 'text-muted-foreground',
        done: 'text-muted-foreground',
      },
    },
    defaultVariants: { state: 'upcoming' },
  },
);

export type TaskPriorityBadgeProps = Omit<React.ComponentProps<'span'>, 'children'> & {
  priority: TaskPriorityView;
};

/** 'Urgente', 'Alta', 'Média', 'Baixa' as a coloured pill; nothing for 'nenhuma'. */
export function TaskPriorityBadge({ priority, className, ...props }: TaskPriorityBadgeProps) {
  const t = useTasksMessages();
  if (priority === 'nenhuma') return null;
  return (
    <span
      data-slot="task-priority"
      data-priority={priority}
      className={cn(taskPriorityVariants({ priority }), className)}
      {...props}
    >
      <span className="sr-only">{t.priorityPrefix} </span>
      {t.priority[priority]}
    </span>
  );
}

export type TaskDueChipProps = Omit<React.ComponentProps<'span'>, 'children'> & {
  dueDate: string;
  /** Today's date; due states are computed against it (default: now). */
  today?: Date;
  completed?: boolean;
};

/** The due date: 'Hoje' (amber), 'Amanhã', '12 de nov.'; red when overdue (unless the task is completed). */
export function TaskDueChip({ dueDate, today, completed = false, className, ...props }: TaskDueChipProps) {
  const t = useTasksMessages();
  const due = parseDueDate(dueDate);
  if (!due) return null;
  const now = today ?? new Date();
  const state: DueState | 'done' = completed ? 'done' : dueState(due, now);
  const date = formatShortDate(due, now);
  const text = state === 'today' ? t.dueToday : state === 'tomorrow' ? t.dueTomorrow : date;
  return (
    <span
      data-slot="task-due"
      data-state={state}
      className={cn(taskDueVariants({ state }), className)}
      {...props}
    >
      <CalendarIcon aria-hidden="true" />
      <span className="sr-only">{state === 'overdue' ? t.overdueLabel(date) : t.dueLabel(text)}</span>
      <span aria-hidden="true">{text}</span>
    </span>
  );
}

const MAX_AVATARS = 3;
const MAX_LABELS = 5;

export type TaskCardProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  task: TaskCardView;
  /** Click, Enter or Space on the card (Space picks the card up instead when it is on a board). */
  onOpen?: (taskId: string) => void;
  /** Today's date for the due chip (default: now); pass one stable Date for a whole board. */
  today?: Date;
  /** Extra controls drawn above the card's click area, e.g. a "Mover para…" menu. */
  actions?: React.ReactNode;
  /** The board's drag handle: the card's main button. */
  openerRef?: React.Ref<HTMLButtonElement>;
  /** Props the board puts on the main button (drag instructions, role description). */
  openerProps?: React.ComponentProps<'button'>;
};

/**
 * A task as a card: number, title, priority, due date, assignees, labels, checklist progress, blockers,
 * recurrence, linked chamado and comment count. The whole card is one button (its title names it) that
 * opens the task; the rest is read as the card's text. Presentational: the app maps its task onto
 * `TaskCardView`.
 */
export function TaskCard({
  task,
  onOpen,
  today,
  actions,
  openerRef,
  openerProps,
  className,
  ...props
}: TaskCardProps) {
  const t = useTasksMessages();
  const assignees = task.assignees ?? [];
  const labels = task.labels ?? [];
  const blocked = (task.blockedBy?.length ?? 0) > 0;
  const recurringLabel = typeof task.recurring === 'string' ? task.recurring : t.recurring;
  const checklist = task.checklist && task.checklist.total > 0 ? task.checklist : null;
  return (
    <div
      data-slot="task-card"
      data-priority={task.priority}
      data-blocked={blocked || undefined}
      data-completed={task.completed || undefined}
      className={cn(
        'relative flex flex-col gap-2 rounded-lg border bg-card p-3 text-card-foreground shadow-sm',
        // Cards are laid out on their own: a board of thousands does not re-lay out every card when one changes.
        'hover:border-ring/60 [contain:layout_style]',
        className,
      )}
      {...props}
    >
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        <span data-slot="task-card-number" className="font-mono tabular-nums">
          {task.number}
        </span>
        {task.recurring ? (
          <span data-slot="task-card-recurring" title={recurringLabel} className="inline-flex">
            <RepeatIcon aria-hidden="true" className="size-3.5" />
            <span className="sr-only">{recurringLabel}</span>
          </span>
        ) : null}
        {task.priority && task.priority !== 'nenhuma' ? (
          <TaskPriorityBadge priority={task.priority} className="ml-auto" />
        ) : null}
      </div>
      <button
        type="button"
        data-slot="task-card-opener"
        ref={openerRef}
        onClick={onOpen ? () => onOpen(task.id) : undefined}
        className={cn(
          'text-left text-sm leading-snug font-medium [overflow-wrap:anywhere] outline-none',
          'after:absolute after:inset-0 after:rounded-lg after:content-[""] focus-visible:after:ring-2 focus-visible:after:ring-ring',
          task.completed && 'text-muted-foreground line-through',
        )}
        {...openerProps}
      >
        <span className="sr-only">{task.number} </span>
        <span className="line-clamp-4">{task.title}</span>
      </button>
      {blocked || task.ticket ? (
        <div className="flex flex-wrap items-center gap-1.5">
          {blocked ? (
            <span
              data-slot="task-card-blocked"
              className="inline-flex items-center gap-1 rounded-md border border-destructive/60 px-1.5 py-0.5 text-xs font-medium text-destructive [overflow-wrap:anywhere]"
            >
              <LockIcon aria-hidden="true" className="size-3.5 shrink-0" />
              {t.blockedBy(task.blockedBy!.join(', '))}
            </span>
          ) : null}
          {task.ticket ? (
            <span
              data-slot="task-card-ticket"
              title={task.ticket.title}
              className="inline-flex items-center gap-1 rounded-md bg-info/15 px-1.5 py-0.5 text-xs font-medium text-info"
            >
              <TicketIcon aria-hidden="true" className="size-3.5 shrink-0" />
              {t.ticket(task.ticket.number)}
            </span>
          ) : null}
        </div>
      ) : null}
      {labels.length > 0 ? (
        <ul data-slot="task-card-labels" aria-label={t.labels} className="flex flex-wrap gap-1">
          {labels.slice(0, MAX_LABELS).map((label) => (
            <li
              key={label.id}
              className="inline-flex max-w-full items-center gap-1 rounded-full border px-1.5 py-px text-[0.6875rem] text-foreground"
            >
              <span
                aria-hidden="true"
                className="size-2 shrink-0 rounded-full"
                style={{ backgroundColor: label.color }}
              />
              <span className="truncate">{label.name}</span>
            </li>
          ))}
          {labels.length > MAX_LABELS ? (
            <li
              className="px-1 text-[0.6875rem] text-muted-foreground"
              title={labels
                .slice(MAX_LABELS)
                .map((l) => l.name)
                .join(', ')}
            >
              <span aria-hidden="true">+{labels.length - MAX_LABELS}</span>
              <span className="sr-only">
                {labels
                  .slice(MAX_LABELS)
                  .map((l) => l.name)
                  .join(', ')}
              </span>
            </li>
          ) : null}
        </ul>
      ) : null}
      {task.dueDate || checklist || task.commentCount || assignees.length > 0 || actions ? (
        <div className="flex min-h-6 items-center gap-2 text-xs text-muted-foreground">
          {task.dueDate ? (
            <TaskDueChip dueDate={task.dueDate} today={today} completed={task.completed} />
          ) : null}
          {checklist ? (
            <span
              data-slot="task-card-checklist"
              data-state={checklist.done >= checklist.total ? 'complete' : 'open'}
              className="inline-flex items-center gap-1 tabular-nums data-[state=complete]:text-success"
            >
              <ListChecksIcon aria-hidden="true" className="size-3.5" />
              <span aria-hidden="true">
                {checklist.done}/{checklist.total}
              </span>
              <span className="sr-only">{t.checklist(checklist.done, checklist.total)}</span>
            </span>
          ) : null}
          {task.commentCount ? (
            <span data-slot="task-card-comments" className="inline-flex items-center gap-1 tabular-nums">
              <MessageSquareIcon aria-hidden="true" className="size-3.5" />
              <span aria-hidden="true">{task.commentCount}</span>
              <span className="sr-only">{t.comments(task.commentCount)}</span>
            </span>
          ) : null}
          {assignees.length > 0 ? (
            <span
              data-slot="task-card-assignees"
              className="pointer-events-none ml-auto flex items-center -space-x-1.5"
            >
              <span className="sr-only">
                {t.assignees(assignees.map((person) => person.name).join(', '))}
              </span>
              {assignees.slice(0, MAX_AVATARS).map((person) => (
                <Avatar
                  key={person.id}
                  name={person.name}
                  src={person.avatarUrl}
                  decorative
                  title={person.name}
                  className="size-6 text-[0.625rem] ring-2 ring-card"
                />
              ))}
              {assignees.length > MAX_AVATARS ? (
                <span
                  aria-hidden="true"
                  className="z-0 inline-flex size-6 items-center justify-center rounded-full bg-secondary text-[0.625rem] font-semibold text-secondary-foreground ring-2 ring-card"
                >
                  {t.moreAssignees(assignees.length - MAX_AVATARS)}
                </span>
              ) : null}
            </span>
          ) : null}
          {actions ? (
            <span
              data-slot="task-card-actions"
              className={cn('relative z-10 flex items-center', assignees.length === 0 && 'ml-auto')}
            >
              {actions}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** TaskCard that renders again only when its props change (boards with thousands of cards). */
export const MemoTaskCard = /* @__PURE__ */ memo(TaskCard);
