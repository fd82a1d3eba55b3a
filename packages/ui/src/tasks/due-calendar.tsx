import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type * as React from 'react';
import { useTasksMessages } from './messages';
import { cn } from '../lib/cn';
import { useControllableState } from '../lib/use-controllable-state';
import { Button } from '../primitives/button/button';
import { IconButton } from '../primitives/icon-button/icon-button';
import { Popover, PopoverContent, PopoverTrigger } from '../primitives/popover/popover';
import { addDays, monthGrid, sameMonth, shiftMonthClamped } from './calendar-grid';
import { dayKey, formatLongDate, parseDueDate } from './due';
import type { TaskCardView } from './types';

export type DueCalendarProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Tasks with a `dueDate`; the others are ignored. */
  tasks: readonly TaskCardView[];
  /** Any day of the month shown (controlled); with `defaultMonth` or neither, the calendar owns it. */
  month?: Date;
  defaultMonth?: Date;
  onMonthChange?: (month: Date) => void;
  /** Today (default: now); marked on the grid. */
  today?: Date;
  onOpen?: (taskId: string) => void;
  /** Enter or a click on a day's number, e.g. to create a task due that day ('YYYY-MM-DD'). */
  onSelectDay?: (day: string) => void;
  /** Tasks listed per day before "+N" (default 3). */
  maxPerDay?: number;
};

const weekdayShort = /* @__PURE__ */ new Intl.DateTimeFormat('pt-BR', { weekday: 'short' });
const weekdayLong = /* @__PURE__ */ new Intl.DateTimeFormat('pt-BR', { weekday: 'long' });
const monthTitle = /* @__PURE__ */ new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric' });
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A month of due dates: pt-BR weekday and month names, weeks from Sunday, today marked, each day listing its
 * tasks (and "+N" opening the rest). Arrow keys move between days (Home/End to the week's ends, PageUp/PageDown
 * a month), crossing into the next or previous month; Tab goes from the focused day into its tasks.
 */
export function DueCalendar({
  tasks,
  month: monthProp,
  defaultMonth,
  onMonthChange,
  today: todayProp,
  onOpen,
  onSelectDay,
  maxPerDay = 3,
  className,
  ...props
}: DueCalendarProps) {
  const t = useTasksMessages().calendar;
  const [firstRender] = useState(() => new Date());
  const today = todayProp ?? firstRender;
  const [month, setMonth] = useControllableState<Date>({
    prop: monthProp,
    defaultProp: defaultMonth ?? today,
    onChange: onMonthChange,
  });
  const [focused, setFocused] = useState<Date>(() => (sameMonth(month, today) ? today : month));
  const focusedInMonth = sameMonth(focused, month)
    ? focused
    : new Date(month.getFullYear(), month.getMonth(), 1);
  const shouldFocus = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);
  const titleId = useId();

  const byDay = useMemo(() => {
    const map = new Map<string, TaskCardView[]>();
    for (const task of tasks) {
      const due = task.dueDate ? parseDueDate(task.dueDate) : null;
      if (!due) continue;
      const key = dayKey(due);
      const list = map.get(key);
      if (list) list.push(task);
      else map.set(key, [task]);
    }
    return map;
  }, [tasks]);

  const weeks = useMemo(() => monthGrid(month.getFullYear(), month.getMonth()), [month]);
  const todayKey = dayKey(today);
  const focusedKey = dayKey(focusedInMonth);

  useEffect(() => {
    if (!shouldFocus.current) return;
    shouldFocus.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-day="${focusedKey}"]`)?.focus();
  }, [focusedKey]);

  const moveFocus = (next: Date) => {
    shouldFocus.current = true;
    setFocused(next);
    if (!sameMonth(next, month)) setMonth(new Date(next.getFullYear(), next.getMonth(), 1));
  };
  const changeMonth = (months: number) => {
    const next = shiftMonthClamped(focusedInMonth, months);
    setFocused(next);
    setMonth(new Date(next.getFullYear(), next.getMonth(), 1));
  };

  const onDayKeyDown = (event: React.KeyboardEvent<HTMLButtonElement>, day: Date) => {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      Home: () => addDays(day, -day.getDay()),
      End: () => addDays(day, 6 - day.getDay()),
      PageUp: () => shiftMonthClamped(day, -1),
      PageDown: () => shiftMonthClamped(day, 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveFocus(move());
  };

  const title = capitalise(monthTitle.format(month));

  return (
    <div data-slot="due-calendar" className={cn('flex flex-col gap-3', className)} {...props}>
      <div className="flex items-center gap-2">
        <h2 id={titleId} className="text-lg font-semibold" aria-live="polite">
          {title}
        </h2>
        <div className="ml-auto flex items-center gap-1">
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setFocused(today);
              setMonth(new Date(today.getFullYear(), today.getMonth(), 1));
            }}
          >
            {t.today}
          </Button>
          <IconButton label={t.previous} onClick={() => changeMonth(-1)}>
            <ChevronLeftIcon aria-hidden="true" />
          </IconButton>
          <IconButton label={t.next} onClick={() => changeMonth(1)}>
            <ChevronRightIcon aria-hidden="true" />
          </IconButton>
        </div>
      </div>
      <div className="overflow-x-auto">
        <table
          ref={gridRef}
          aria-labelledby={titleId}
          className="w-full min-w-[42rem] table-fixed border-collapse text-sm"
        >
          <caption className="sr-only">{t.label}</caption>
          <thead>
            <tr>
              {weeks[0]!.map((day) => (
                <th
                  key={day.getDay()}
                  scope="col"
                  abbr={weekdayLong.format(day)}
                  className="pb-1 text-xs font-medium text-muted-foreground"
                >
                  {capitalise(weekdayShort.format(day).replace('.', ''))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={dayKey(week[0]!)}>
                {week.map((day) => {
                  const key = dayKey(day);
                  const dayTasks = byDay.get(key) ?? [];
                  const shown = dayTasks.length > maxPerDay ? dayTasks.slice(0, maxPerDay - 1) : dayTasks;
                  const hidden = dayTasks.slice(shown.length);
                  const isToday = key === todayKey;
                  const outside = !sameMonth(day, month);
                  const isFocused = key === focusedKey;
                  const longDate = formatLongDate(day);
                  return (
                    <td
                      key={key}
                      data-today={isToday || undefined}
                      data-outside={outside || undefined}
                      className={cn(
                        'h-28 border border-border p-1 align-top',
                        outside ? 'bg-background' : 'bg-card',
                        isToday && 'bg-primary/10',
                      )}
                    >
                      <div className="flex flex-col gap-1">
                        <button
                          type="button"
                          data-day={key}
                          tabIndex={isFocused ? 0 : -1}
                          aria-current={isToday ? 'date' : undefined}
                          aria-label={t.dayLabel(longDate, dayTasks.length)}
                          onKeyDown={(event) => onDayKeyDown(event, day)}
                          onFocus={() => {
                            if (!isFocused) setFocused(day);
                          }}
                          onClick={() => onSelectDay?.(key)}
                          className={cn(
                            'inline-flex size-7 items-center justify-center self-start rounded-full text-xs tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring',
                            outside ? 'text-muted-foreground' : 'text-foreground',
                            isToday && 'bg-primary font-semibold text-primary-foreground',
                          )}
                        >
                          {day.getDate()}
                        </button>
                        <ul className="flex flex-col gap-0.5">
                          {shown.map((task) => (
                            <li key={task.id}>
                              <CalendarTask task={task} tabbable={isFocused} onOpen={onOpen} />
                            </li>
                          ))}
                          {hidden.length > 0 ? (
                            <li>
                              <Popover>
                                <PopoverTrigger
                                  tabIndex={isFocused ? 0 : -1}
                                  aria-label={t.moreLabel(hidden.length, longDate)}
                                  className="rounded px-1 text-xs font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                                >
                                  {t.more(hidden.length)}
                                </PopoverTrigger>
                                <PopoverContent className="w-72" aria-label={longDate}>
                                  <p className="mb-2 text-sm font-semibold">{capitalise(longDate)}</p>
                                  <ul className="flex flex-col gap-1">
                                    {dayTasks.map((task) => (
                                      <li key={task.id}>
                                        <CalendarTask task={task} tabbable onOpen={onOpen} />
                                      </li>
                                    ))}
                                  </ul>
                                </PopoverContent>
                              </Popover>
                            </li>
                          ) : null}
                        </ul>
                      </div>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function CalendarTask({
  task,
  tabbable,
  onOpen,
}: {
  task: TaskCardView;
  tabbable: boolean;
  onOpen: ((taskId: string) => void) | undefined;
}) {
  return (
    <button
      type="button"
      tabIndex={tabbable ? 0 : -1}
      title={`${task.number} ${task.title}`}
      data-priority={task.priority}
      data-completed={task.completed || undefined}
      onClick={onOpen ? () => onOpen(task.id) : undefined}
      className={cn(
        'block w-full truncate rounded border-l-2 border-primary bg-secondary/60 px-1.5 py-0.5 text-left text-xs outline-none',
        'hover:bg-secondary focus-visible:ring-2 focus-visible:ring-ring',
        'data-[priority=urgente]:border-destructive data-[priority=alta]:border-warning',
        'data-[completed]:text-muted-foreground data-[completed]:line-through',
      )}
    >
      <span className="sr-only">{task.number} </span>
      {task.title}
    </button>
  );
}
