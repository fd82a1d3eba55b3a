import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowRightLeftIcon, LockIcon, PlusIcon, TriangleAlertIcon } from 'lucide-react';
import { createContext, memo, useContext, useEffect, useId, useRef, useState } from 'react';
import type * as React from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../dropdown-menu/dropdown-menu';
import { useTasksMessages } from './messages';
import { cn } from '../lib/cn';
import { Button } from '../primitives/button/button';
import { wipState } from './board-model';
import { MemoTaskCard } from './task-card';
import type { BoardColumnView, BoardTaskView } from './types';

/** A column the phone's "Mover para…" menu offers, with the reason it is refused (if it is). */
export interface MoveTarget {
  column: BoardColumnView;
  refusal: string | null;
}

/** What every card of the board shares; one value per board render, so memoised cards skip re-rendering. */
export interface BoardCardContextValue {
  taskById: ReadonlyMap<string, BoardTaskView>;
  today: Date;
  open: (taskId: string) => void;
  describedBy: string;
  /** Phones: the columns a card may move to through its menu. */
  moveTargets: ((task: BoardTaskView) => MoveTarget[]) | null;
  moveTo: (taskId: string, columnId: string) => void;
  /** Stable props for every card's main button (drag instructions). */
  openerProps: React.ComponentProps<'button'>;
}

export const BoardCardContext = /* @__PURE__ */ createContext<BoardCardContextValue | null>(null);

function useBoardCards(): BoardCardContextValue {
  const value = useContext(BoardCardContext);
  if (!value) throw new Error('Board parts must be used inside <Board>');
  return value;
}

function MoveMenu({ task }: { task: BoardTaskView }) {
  const t = useTasksMessages();
  const { moveTargets, moveTo } = useBoardCards();
  if (!moveTargets) return null;
  const targets = moveTargets(task);
  const label = `${task.number} ${task.title}`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={t.moveTask(label)} title={t.moveTo}>
          <ArrowRightLeftIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t.moveTo}</DropdownMenuLabel>
        {targets.map(({ column, refusal }) => (
          <DropdownMenuItem
            key={column.id}
            disabled={refusal !== null}
            onSelect={() => moveTo(task.id, column.id)}
            className="flex-col items-start gap-0.5"
          >
            <span>{column.name}</span>
            {refusal ? <span className="text-xs text-muted-foreground">{refusal}</span> : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

interface SortableCardProps {
  id: string;
  containerId: string;
}

/**
 * A card on the board. Only this thin wrapper follows the drag (useSortable re-renders on every move); the
 * card inside is memoised on stable props, so a drag never re-renders the cards' content.
 */
export const SortableCard = /* @__PURE__ */ memo(function SortableCard({
  id,
  containerId,
}: SortableCardProps) {
  const cards = useBoardCards();
  const task = cards.taskById.get(id);
  const { setNodeRef, setActivatorNodeRef, listeners, transform, transition, isDragging } = useSortable({
    id,
    data: { containerId },
  });
  if (!task) return null;
  return (
    <div
      ref={setNodeRef}
      data-slot="board-card"
      data-task-id={id}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className="touch-manipulation data-[dragging]:opacity-40"
      {...listeners}
    >
      <MemoTaskCard
        task={task}
        today={cards.today}
        onOpen={cards.open}
        openerRef={setActivatorNodeRef}
        openerProps={cards.openerProps}
        actions={cards.moveTargets ? <MoveMenu task={task} /> : undefined}
      />
    </div>
  );
});

const DROP_DISABLED = { draggable: false, droppable: true };
const DROP_ENABLED = { draggable: false, droppable: false };
const ESTIMATED_CARD_HEIGHT = 124;
const CARD_GAP = 8;

function VirtualCards({
  ids,
  containerId,
  scrollRef,
}: {
  ids: readonly string[];
  containerId: string;
  scrollRef: React.RefObject<HTMLDivElement | null>;
}) {
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    getItemKey: (index) => ids[index] ?? index,
    overscan: 1,
    gap: CARD_GAP,
    initialRect: { width: 280, height: 720 },
  });
  return (
    <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => (
        <div
          key={item.key}
          data-index={item.index}
          ref={virtualizer.measureElement}
          className="absolute top-0 left-0 w-full"
          style={{ transform: `translateY(${item.start}px)` }}
        >
          <SortableCard id={ids[item.index]!} containerId={containerId} />
        </div>
      ))}
    </div>
  );
}

export interface CardCellProps {
  containerId: string;
  ids: readonly string[];
  /** Accessible name of the cell: the column, and the lane when there are lanes. */
  label: string;
  refused: boolean;
  /** A pointer drag from another list is over this one (the card lands here if dropped). */
  targeted?: boolean;
  /**
   * The cards are not drop targets (only a keyboard drag needs them: a pointer drag is over the list, and the
   * board finds where the card lands among them itself, so dnd-kit does not measure them when it starts).
   */
  dropDisabled?: boolean;
  /** Cells with more cards than this draw only the ones in view. */
  virtualizeAt: number;
  className?: string;
}

/** One column's cards (in one lane): a drop target and a sortable list, virtualised when long. */
export const CardCell = /* @__PURE__ */ memo(function CardCell({
  containerId,
  ids,
  label,
  refused,
  targeted = false,
  dropDisabled = false,
  virtualizeAt,
  className,
}: CardCellProps) {
  const t = useTasksMessages();
  const { setNodeRef, isOver } = useDroppable({ id: containerId, data: { type: 'container' } });
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const virtual = ids.length > virtualizeAt;
  return (
    <div
      ref={(node) => {
        setNodeRef(node);
        scrollRef.current = node;
      }}
      role="group"
      aria-label={label}
      data-slot="board-cell"
      data-over={isOver || targeted || undefined}
      data-refused={refused || undefined}
      data-virtual={virtual || undefined}
      className={cn(
        'max-h-(--board-cell-max-height) min-h-24 overflow-y-auto overscroll-contain rounded-b-xl p-2',
        'bg-secondary/25 data-[over]:bg-primary/10 data-[over]:outline-2 data-[over]:outline-primary/60 data-[over]:outline-dashed data-[refused]:bg-destructive/10 data-[refused]:outline-2 data-[refused]:outline-destructive data-[refused]:outline-dashed',
        className,
      )}
    >
      <SortableContext
        id={containerId}
        items={ids as string[]}
        strategy={verticalListSortingStrategy}
        disabled={dropDisabled ? DROP_DISABLED : DROP_ENABLED}
      >
        {ids.length === 0 ? (
          <p
            data-slot="board-empty"
            className="flex h-20 items-center justify-center rounded-lg border border-dashed text-xs text-muted-foreground"
          >
            {t.emptyColumn}
          </p>
        ) : virtual ? (
          <VirtualCards ids={ids} containerId={containerId} scrollRef={scrollRef} />
        ) : (
          <div className="flex flex-col gap-2">
            {ids.map((id) => (
              <SortableCard key={id} id={id} containerId={containerId} />
            ))}
          </div>
        )}
      </SortableContext>
    </div>
  );
});

export interface BoardColumnHeaderProps {
  column: BoardColumnView;
  count: number;
  headingId: string;
  /** The reason a drop here is refused right now (while a card is dragged over it). */
  refusal: string | null;
  onQuickAdd?: ((title: string) => void) | undefined;
}

export function BoardColumnHeader({ column, count, headingId, refusal, onQuickAdd }: BoardColumnHeaderProps) {
  const t = useTasksMessages();
  const wip = wipState(column, count);
  const limit = column.wipLimit ?? null;
  const mode = column.wipMode ?? 'aviso';
  return (
    <div
      data-slot="board-column-header"
      data-wip={wip}
      data-wip-mode={limit === null ? undefined : mode}
      className={cn(
        'flex flex-col gap-2 rounded-t-xl border-b-2 border-transparent bg-secondary/50 px-3 pt-2.5 pb-2',
        'data-[wip=over]:border-warning data-[wip=over]:bg-warning/15',
      )}
    >
      <div className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className="size-2.5 shrink-0 rounded-full bg-muted-foreground"
          style={column.color ? { backgroundColor: column.color } : undefined}
        />
        <h3 id={headingId} className="min-w-0 flex-1 truncate text-sm font-semibold" title={column.name}>
          {column.name}
        </h3>
        {limit !== null && mode === 'bloqueio' ? (
          <LockIcon aria-hidden="true" className="size-3.5 text-muted-foreground" />
        ) : null}
        <span
          data-slot="board-column-count"
          className="rounded-full bg-background/60 px-2 py-0.5 text-xs font-semibold tabular-nums in-data-[wip=over]:text-warning"
        >
          <span aria-hidden="true">{limit === null ? count : `${count}/${limit}`}</span>
          <span className="sr-only">
            {limit === null
              ? t.columnCount(count)
              : `${t.wipCount(count, limit)}, ${mode === 'bloqueio' ? t.wipModeBloqueio : t.wipModeAviso}`}
          </span>
        </span>
      </div>
      {wip === 'over' && limit !== null ? (
        <p data-slot="board-wip-warning" className="flex items-center gap-1 text-xs font-medium text-warning">
          <TriangleAlertIcon aria-hidden="true" className="size-3.5 shrink-0" />
          {t.wipOver(column.name, count, limit)}
        </p>
      ) : null}
      {refusal ? (
        <p data-slot="board-drop-refusal" className="text-xs font-medium text-destructive">
          {refusal}
        </p>
      ) : null}
      {onQuickAdd ? <QuickAdd columnName={column.name} onAdd={onQuickAdd} /> : null}
    </div>
  );
}

function QuickAdd({ columnName, onAdd }: { columnName: string; onAdd: (title: string) => void }) {
  const t = useTasksMessages();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const refocus = useRef(false);
  const hintId = useId();
  useEffect(() => {
    if (open) inputRef.current?.focus();
    else if (refocus.current) {
      refocus.current = false;
      buttonRef.current?.focus();
    }
  }, [open]);
  if (!open) {
    return (
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        data-slot="board-quick-add"
        aria-label={t.quickAddIn(columnName)}
        className="justify-start px-2 text-muted-foreground"
        onClick={() => setOpen(true)}
      >
        <PlusIcon aria-hidden="true" />
        {t.quickAdd}
      </Button>
    );
  }
  return (
    <div data-slot="board-quick-add-form" className="flex flex-col gap-1">
      <input
        ref={inputRef}
        type="text"
        value={value}
        aria-label={t.quickAddIn(columnName)}
        aria-describedby={hintId}
        placeholder={t.quickAddPlaceholder}
        maxLength={500}
        className="h-8 w-full rounded-md border border-input bg-background px-2 text-sm outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring"
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            const title = value.trim();
            if (title) {
              onAdd(title);
              setValue('');
            }
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            setValue('');
            refocus.current = true;
            setOpen(false);
          }
        }}
        onBlur={() => {
          if (!value.trim()) setOpen(false);
        }}
      />
      <span id={hintId} className="text-[0.6875rem] text-muted-foreground">
        {t.quickAddHint}
      </span>
    </div>
  );
}
