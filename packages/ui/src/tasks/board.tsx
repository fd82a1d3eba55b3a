import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type Over,
} from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { XIcon } from 'lucide-react';
import { Fragment, startTransition, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type * as React from 'react';
import { useTasksMessages } from './messages';
import { cn } from '../lib/cn';
import { useControllableState } from '../lib/use-controllable-state';
import { useIsMobile } from '../lib/use-media-query';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../select/select';
import {
  buildBoardModel,
  columnCounts,
  containerIdOf,
  findContainer,
  moveBetween,
  neighbours,
  shareLists,
  type BoardItems,
  type BoardModel,
} from './board-model';
import {
  BoardCardContext,
  BoardColumnHeader,
  CardCell,
  type BoardCardContextValue,
  type MoveTarget,
} from './board-parts';
import { TaskCard } from './task-card';
import type {
  BoardCanDrop,
  BoardColumnView,
  BoardLaneView,
  BoardMoveEvent,
  BoardQuickAddEvent,
  BoardRefusalEvent,
  BoardTaskView,
} from './types';

export type BoardProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  columns: readonly BoardColumnView[];
  /** Every card, in board order (the app sorts by its order keys); each names its column (and lane). */
  tasks: readonly BoardTaskView[];
  /** Swimlanes, top to bottom; cards whose `laneKey` is not listed go to a last lane, 'Outros'. */
  lanes?: readonly BoardLaneView[];
  /** Accessible name of the board (default 'Quadro de tarefas'). */
  label?: string;
  /** A card was dropped somewhere new (mouse, touch, keyboard or the phone's "Mover para…" menu). */
  onMove?: (event: BoardMoveEvent) => void;
  /** A card was clicked, or Enter was pressed on it. */
  onOpen?: (taskId: string) => void;
  /** Enter in a column's quick-add field; without it the field is not shown. */
  onQuickAdd?: (event: BoardQuickAddEvent) => void;
  /** A drop was refused (WIP limit in 'bloqueio' mode or `canDrop`); the board also shows and announces it. */
  onRefuse?: (event: BoardRefusalEvent) => void;
  /** The app's own rule for a drop into another column: `true`, or the reason it is refused. */
  canDrop?: BoardCanDrop;
  /** Today, for due dates (default: when the board first rendered). */
  today?: Date;
  /** Phones (< 768 px) show one column: the one with this id (controlled). */
  mobileColumnId?: string;
  defaultMobileColumnId?: string;
  onMobileColumnChange?: (columnId: string) => void;
  /** Cells with more cards than this draw only those in view (default 40). */
  virtualizeAt?: number;
};

interface DragState {
  activeId: string;
  /** Where the card was when the drag began. */
  fromContainer: string;
  items: BoardItems;
  refusal: { columnId: string; reason: string } | null;
  /**
   * A keyboard drag moves the card into the list it goes over, so the arrows can walk it through that list. A
   * pointer drag leaves every list as it is (only `overContainer` changes, four or five times across a board):
   * renewing a list would re-render and re-measure its cards on the frame the pointer crosses into it.
   */
  keyboard: boolean;
  /** The list the pointer is over, when it is another than the card's own. */
  overContainer: string | null;
}

type DropResult =
  | { kind: 'outside' }
  | { kind: 'refused'; columnId: string; reason: string }
  | { kind: 'same' }
  | {
      kind: 'move';
      items: BoardItems;
      container: string;
      event: BoardMoveEvent;
      index: number;
      total: number;
    };

const EMPTY: readonly string[] = [];

/**
 * A kanban board: columns (optionally split into swimlanes) of task cards that move by mouse, touch and
 * keyboard (Space picks a card up, arrows move it, Space drops, Escape cancels), each move read out in pt-BR.
 * WIP limits count a column across its lanes: 'aviso' colours the header amber past the limit, 'bloqueio'
 * refuses the drop and says why. Presentational: the app owns the tasks and their order; `onMove` reports the
 * card's new neighbours so the app can compute its order key (the board keeps the moved card in place until
 * `tasks` changes). On phones one column shows at a time, with a column switcher and a "Mover para…" menu
 * on each card.
 */
export function Board({
  columns,
  tasks,
  lanes,
  label,
  onMove,
  onOpen,
  onQuickAdd,
  onRefuse,
  canDrop,
  today: todayProp,
  mobileColumnId,
  defaultMobileColumnId,
  onMobileColumnChange,
  virtualizeAt = 40,
  className,
  style,
  ...props
}: BoardProps) {
  const t = useTasksMessages();
  const isMobile = useIsMobile();
  const [firstRender] = useState(() => new Date());
  const today = todayProp ?? firstRender;
  const instructionsId = useId();
  const headingPrefix = useId();

  const previousItems = useRef<BoardItems | null>(null);
  const model = useMemo(() => {
    const built = buildBoardModel(columns, tasks, lanes, t.otherLane);
    return { ...built, items: shareLists(previousItems.current, built.items) };
  }, [columns, tasks, lanes, t.otherLane]);
  previousItems.current = model.items;
  const modelCounts = useMemo(() => columnCounts(model.items, model.containers), [model]);
  const baseCounts = useMemo(() => withTotals(columns, modelCounts, modelCounts), [columns, modelCounts]);
  const columnById = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);

  const [drag, setDragState] = useState<DragState | null>(null);
  const dragRef = useRef<DragState | null>(null);
  const setDrag = (next: DragState | null, { deferred = false } = {}) => {
    dragRef.current = next;
    if (deferred) startTransition(() => setDragState(next));
    else setDragState(next);
  };
  // After a drop the card stays where it was dropped until the app answers with new tasks.
  const [settled, setSettled] = useState<{ tasks: readonly BoardTaskView[]; items: BoardItems } | null>(null);
  const items = drag?.items ?? (settled && settled.tasks === tasks ? settled.items : model.items);
  const counts = useMemo(
    () =>
      items === model.items
        ? baseCounts
        : withTotals(columns, columnCounts(items, model.containers), modelCounts),
    [items, model, baseCounts, columns, modelCounts],
  );
  const [lastRefusal, setLastRefusal] = useState<string | null>(null);

  // Latest values for the stable callbacks and the announcements, which dnd-kit keeps from the first render.
  const latest = useRef({ model, baseCounts, columnById, canDrop, onMove, onOpen, onRefuse, items, t });
  latest.current = { model, baseCounts, columnById, canDrop, onMove, onOpen, onRefuse, items, t };
  const tasksRef = useRef(tasks);
  tasksRef.current = tasks;
  const lastDropAt = useRef(0);
  const lastResult = useRef<DropResult | null>(null);
  /** Where a pointer drag over another list would land: that list's card nearest the dragged one, and a side. */
  const pointerSpot = useRef<PointerSpot | null>(null);
  /** The line where a pointer drag would drop: one element on the page's body, moved without rendering. */
  const indicator = useRef<HTMLDivElement | null>(null);
  const placeIndicator = useCallback((spot: PointerSpot | null) => {
    let line = indicator.current;
    if (!spot) {
      if (line) line.hidden = true;
      return;
    }
    if (!line) {
      line = document.createElement('div');
      line.dataset.slot = 'board-drop-indicator';
      line.setAttribute('aria-hidden', 'true');
      line.className = 'pointer-events-none fixed z-50 h-0.5 rounded-full bg-primary';
      document.body.append(line);
      indicator.current = line;
    }
    const { box, below } = spot;
    line.style.top = `${(below ? box.bottom + CARD_GAP_HALF : box.top - CARD_GAP_HALF) - 1}px`;
    line.style.left = `${box.left}px`;
    line.style.width = `${box.width}px`;
    line.hidden = false;
  }, []);
  useEffect(() => () => indicator.current?.remove(), []);

  /** Why `taskId` may not go into `columnId` (null when it may); moves inside its own column are free. */
  const refusalFor = useCallback((taskId: string, columnId: string): string | null => {
    const { model: m, baseCounts: c, columnById: byId, canDrop: rule, t: texts } = latest.current;
    const task = m.taskById.get(taskId);
    const column = byId.get(columnId);
    if (!task || !column || task.columnId === columnId) return null;
    const limit = column.wipLimit;
    if (
      column.wipMode === 'bloqueio' &&
      limit !== null &&
      limit !== undefined &&
      (c.get(columnId) ?? 0) >= limit
    )
      return texts.wipBlocked(column.name, limit);
    const verdict = rule ? rule(task, column) : true;
    return verdict === true ? null : verdict;
  }, []);

  const taskLabel = (id: string) => {
    const task = latest.current.model.taskById.get(id);
    return task ? `${task.number} ${task.title}` : id;
  };
  const columnName = (containerId: string | null) => {
    const { model: m, columnById: byId } = latest.current;
    const container = containerId ? m.containers.get(containerId) : undefined;
    const column = container ? byId.get(container.columnId) : undefined;
    if (!column || !container) return '';
    const lane = container.laneKey === null ? null : m.lanes?.find((l) => l.key === container.laneKey);
    return lane ? `${column.name} (${lane.name})` : column.name;
  };

  /** Where the card lands if dropped now. */
  const resolveDrop = (state: DragState, active: Active, over: Over | null): DropResult => {
    const { model: m } = latest.current;
    if (!over) return { kind: 'outside' };
    const activeId = String(active.id);
    const overId = String(over.id);
    const overContainer = findContainer(overId, state.items, m.containers);
    const activeContainer = findContainer(activeId, state.items, m.containers);
    if (!overContainer || !activeContainer) return { kind: 'outside' };
    const toColumnId = m.containers.get(overContainer)!.columnId;
    const reason = refusalFor(activeId, toColumnId);
    if (reason) return { kind: 'refused', columnId: toColumnId, reason };
    let next = state.items;
    if (!state.keyboard) {
      // A pointer drag is over a list; where in it comes from the card it was last held against.
      const spot = pointerSpot.current?.container === overContainer ? pointerSpot.current : null;
      const list = next[overContainer] ?? EMPTY;
      const rest = list.filter((id) => id !== activeId);
      let index = overContainer === activeContainer ? list.indexOf(activeId) : rest.length;
      const at = spot && spot.cardId !== activeId ? rest.indexOf(spot.cardId) : -1;
      if (spot && at >= 0) index = at + (spot.below ? 1 : 0);
      next = moveBetween(next, activeId, activeContainer, overContainer, index);
    } else if (overContainer !== activeContainer) {
      const target = next[overContainer] ?? EMPTY;
      const index = m.containers.has(overId) ? target.length : Math.max(0, target.indexOf(overId));
      next = moveBetween(next, activeId, activeContainer, overContainer, index);
    } else if (overId !== activeId && !m.containers.has(overId)) {
      const list = next[activeContainer] ?? EMPTY;
      next = {
        ...next,
        [activeContainer]: arrayMove([...list], list.indexOf(activeId), list.indexOf(overId)),
      };
    }
    const list = next[overContainer] ?? EMPTY;
    const index = list.indexOf(activeId);
    const original = m.items[state.fromContainer] ?? EMPTY;
    if (overContainer === state.fromContainer && original.indexOf(activeId) === index)
      return { kind: 'same' };
    const from = m.containers.get(state.fromContainer)!;
    const to = m.containers.get(overContainer)!;
    const event: BoardMoveEvent = {
      taskId: activeId,
      fromColumnId: from.columnId,
      toColumnId: to.columnId,
      ...neighbours(list, activeId),
    };
    if (m.lanes) {
      event.fromLaneKey = from.laneKey;
      event.toLaneKey = to.laneKey;
    }
    return { kind: 'move', items: next, container: overContainer, event, index, total: list.length };
  };

  const handleDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    const from = findContainer(String(active.id), items, model.containers);
    if (!from) return;
    pointerSpot.current = null;
    setLastRefusal(null);
    setDrag(
      {
        activeId: String(active.id),
        fromContainer: from,
        items,
        refusal: null,
        keyboard: typeof KeyboardEvent !== 'undefined' && activatorEvent instanceof KeyboardEvent,
        overContainer: null,
      },
      // The pick-up is the heaviest frame of a drag (dnd-kit measures every list in it): the board's own
      // re-render (overlay, counts) goes in a transition React can split, so no single task passes 50 ms.
      // The handlers read dragRef, which is already set.
      { deferred: true },
    );
  };

  const handleDragOver = ({ active, over }: DragOverEvent) => {
    const state = dragRef.current;
    if (!state || !over) {
      if (state?.refusal) setDrag({ ...state, refusal: null });
      return;
    }
    const activeId = String(active.id);
    const overId = String(over.id);
    const overContainer = findContainer(overId, state.items, model.containers);
    const activeContainer = findContainer(activeId, state.items, model.containers);
    if (!overContainer || !activeContainer) return;
    const toColumnId = model.containers.get(overContainer)!.columnId;
    const reason = refusalFor(activeId, toColumnId);
    if (!state.keyboard) {
      // Pointer: only the highlighted list (and the refusal) change; the lists stay as they are until the drop.
      const overOther = overContainer === state.fromContainer ? null : overContainer;
      const refusal = reason ? { columnId: toColumnId, reason } : null;
      if (overOther !== state.overContainer || refusal?.columnId !== state.refusal?.columnId)
        setDrag({ ...state, overContainer: overOther, refusal });
      return;
    }
    if (reason) {
      if (state.refusal?.columnId !== toColumnId)
        setDrag({ ...state, refusal: { columnId: toColumnId, reason } });
      return;
    }
    if (overContainer === activeContainer) {
      if (state.refusal) setDrag({ ...state, refusal: null });
      return;
    }
    // Into another column or lane: the card joins that list now, so its cards make room while dragging.
    const target = state.items[overContainer] ?? EMPTY;
    let index = target.length;
    if (!model.containers.has(overId)) index = target.indexOf(overId) + (isBelow(active, over) ? 1 : 0);
    setDrag({
      ...state,
      refusal: null,
      items: moveBetween(state.items, activeId, activeContainer, overContainer, index),
    });
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    const state = dragRef.current;
    lastDropAt.current = performance.now();
    setDrag(null);
    placeIndicator(null);
    if (!state) return;
    const result = resolveDrop(state, active, over);
    lastResult.current = result;
    if (result.kind === 'refused') {
      setLastRefusal(result.reason);
      onRefuse?.({ taskId: state.activeId, toColumnId: result.columnId, reason: result.reason });
    } else if (result.kind === 'move') {
      setSettled({ tasks, items: result.items });
      onMove?.(result.event);
    }
  };

  const handleDragCancel = () => {
    lastDropAt.current = performance.now();
    setDrag(null);
    placeIndicator(null);
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const state = dragRef.current;
      const id = String(active.id);
      const list = state ? (state.items[state.fromContainer] ?? EMPTY) : EMPTY;
      return t.announce.start(
        taskLabel(id),
        columnName(state?.fromContainer ?? null),
        list.indexOf(id) + 1,
        list.length,
      );
    },
    onDragOver: ({ active, over }) => {
      const state = dragRef.current;
      const id = String(active.id);
      if (!state || !over) return t.announce.outside(taskLabel(id));
      if (state.refusal) {
        return t.announce.overRefused(
          taskLabel(id),
          columnByIdName(state.refusal.columnId),
          state.refusal.reason,
        );
      }
      const result = resolveDrop(state, active, over);
      // Right after pick-up the card is over itself (or, before its list's cards are measured, over its own
      // list): keep the pick-up sentence.
      if (result.kind === 'same' && (String(over.id) === id || String(over.id) === state.fromContainer))
        return undefined;
      if (result.kind !== 'move') {
        const container = findContainer(id, state.items, latest.current.model.containers);
        const list = container ? (state.items[container] ?? EMPTY) : EMPTY;
        return t.announce.over(taskLabel(id), columnName(container), list.indexOf(id) + 1, list.length);
      }
      return t.announce.over(taskLabel(id), columnName(result.container), result.index + 1, result.total);
    },
    onDragEnd: ({ active }) => {
      const id = String(active.id);
      const result = lastResult.current;
      if (!result || result.kind === 'outside' || result.kind === 'same')
        return t.announce.unchanged(taskLabel(id));
      if (result.kind === 'refused') return t.announce.endRefused(taskLabel(id), result.reason);
      return t.announce.end(taskLabel(id), columnName(result.container), result.index + 1, result.total);
    },
    onDragCancel: ({ active }) => {
      const id = String(active.id);
      const from = findContainer(id, latest.current.model.items, latest.current.model.containers);
      return t.announce.cancel(taskLabel(id), columnName(from));
    },
  };
  const columnByIdName = (columnId: string) => latest.current.columnById.get(columnId)?.name ?? '';

  /**
   * closestCorners, but only among the cards of the list under the pointer (or under the dragged card's centre
   * for the keyboard): dnd-kit's rects read every scrollable ancestor's offset on each access, so comparing
   * against every drawn card of every column on each pointer move costs more than a frame on a full board.
   * A pointer drag is over a list, never over a card: the card it would land next to is found among the
   * list's drawn cards in the page, kept aside (`pointerSpot`) and shown by a line (the drop indicator).
   * dnd-kit renders every drawn card again each time `over` changes, so `over` changes once per list crossed
   * instead of once per card the pointer passes; and cards are drop targets only in a keyboard drag (see
   * `dropDisabled`), so a pointer drag's start measures the lists alone, not every drawn card.
   */
  const collisionDetection = useCallback<CollisionDetection>(
    (args) => {
      const { model: m } = latest.current;
      const state = dragRef.current;
      const lists = args.droppableContainers.filter((entry) => m.containers.has(String(entry.id)));
      const rect = args.collisionRect;
      const point = args.pointerCoordinates ?? {
        x: rect.left + rect.width / 2,
        y: rect.top + rect.height / 2,
      };
      const under = lists.find((entry) => {
        const r = args.droppableRects.get(entry.id);
        if (!r) return false;
        const { left, top } = r;
        return point.x >= left && point.x <= left + r.width && point.y >= top && point.y <= top + r.height;
      });
      const pointerDrag = state !== null && !state.keyboard;
      if (!under) {
        if (pointerDrag) {
          pointerSpot.current = null;
          placeIndicator(null);
        }
        return closestCorners({ ...args, droppableContainers: lists });
      }
      const underId = String(under.id);
      const listItself = [{ id: under.id, data: { droppableContainer: under, value: 0 } }];
      if (pointerDrag) {
        const spot = spotIn(under.node.current, underId, rect.top + rect.height / 2);
        pointerSpot.current = spot;
        const refused = refusalFor(String(args.active.id), m.containers.get(underId)?.columnId ?? '');
        placeIndicator(spot && !refused && spot.cardId !== String(args.active.id) ? spot : null);
        return listItself;
      }
      const ids = new Set((state?.items ?? m.items)[underId] ?? EMPTY);
      const cards = args.droppableContainers.filter((entry) => ids.has(String(entry.id)));
      if (cards.length === 0) return listItself;
      return closestCorners({ ...args, droppableContainers: cards });
    },
    [refusalFor, placeIndicator],
  );

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      // Enter opens the card; Space picks it up and drops it.
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  const open = useCallback((taskId: string) => {
    // The click that ends a pointer drag (or the key that ends a keyboard one) is not an "open".
    if (performance.now() - lastDropAt.current < 250) return;
    latest.current.onOpen?.(taskId);
  }, []);

  const moveTo = useCallback(
    (taskId: string, columnId: string) => {
      const { model: m, items: current, onMove: move } = latest.current;
      const task = m.taskById.get(taskId);
      const from = findContainer(taskId, current, m.containers);
      if (!task || !from) return;
      const fromContainer = m.containers.get(from)!;
      const to = [...m.containers.values()].find(
        (c) => c.columnId === columnId && c.laneKey === fromContainer.laneKey,
      );
      if (!to || refusalFor(taskId, columnId)) return;
      const next = moveBetween(current, taskId, from, to.id, (current[to.id] ?? EMPTY).length);
      setSettled({ tasks: tasksRef.current, items: next });
      const event: BoardMoveEvent = {
        taskId,
        fromColumnId: fromContainer.columnId,
        toColumnId: columnId,
        ...neighbours(next[to.id] ?? EMPTY, taskId),
      };
      if (m.lanes) {
        event.fromLaneKey = fromContainer.laneKey;
        event.toLaneKey = to.laneKey;
      }
      move?.(event);
    },
    [refusalFor],
  );
  const moveTargets = useCallback(
    (task: BoardTaskView): MoveTarget[] =>
      latest.current.model.taskById.has(task.id)
        ? [...latest.current.columnById.values()]
            .filter((column) => column.id !== task.columnId)
            .map((column) => ({ column, refusal: refusalFor(task.id, column.id) }))
        : [],
    [refusalFor],
  );

  const openerProps = useMemo<React.ComponentProps<'button'>>(
    () => ({ 'aria-describedby': instructionsId, 'aria-roledescription': t.roleDescription }),
    [instructionsId, t.roleDescription],
  );
  const phoneCounts = isMobile ? counts : null;
  const cardContext = useMemo<BoardCardContextValue>(
    () => ({
      taskById: model.taskById,
      today,
      open,
      describedBy: instructionsId,
      moveTargets: isMobile ? moveTargets : null,
      moveTo,
      openerProps,
    }),
    // On phones `counts` renews the value after every move, so the cards' menus see fresh refusals; on desktop
    // it must not, or every drawn card would render again each time the dragged card changes column.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [model.taskById, today, open, instructionsId, isMobile, moveTargets, moveTo, openerProps, phoneCounts],
  );

  const [mobileColumn, setMobileColumn] = useControllableState({
    prop: mobileColumnId,
    defaultProp: defaultMobileColumnId ?? columns[0]?.id ?? '',
    onChange: onMobileColumnChange,
  });
  const mobileShown = columns.find((column) => column.id === mobileColumn) ?? columns[0];
  const shownColumns = isMobile ? (mobileShown ? [mobileShown] : []) : columns;

  const activeTask = drag ? model.taskById.get(drag.activeId) : undefined;
  const boardLabel = label ?? t.board;
  const laneRows = model.lanes ?? [null];
  // Swimlanes below the first screen are drawn when they come near it (each lane is five or more lists, each
  // measuring its cards), so a board of many lanes mounts what is in view; a lane once drawn stays.
  const [nearLanes, setNearLanes] = useState<ReadonlySet<string>>(() => new Set());
  const drawLane = useCallback(
    (key: string) => setNearLanes((current) => (current.has(key) ? current : new Set(current).add(key))),
    [],
  );
  const eagerLanes = useMemo(() => {
    if (!model.lanes) return 0;
    const budget = (typeof window === 'undefined' ? 900 : window.innerHeight) + LANE_EAGER_MARGIN;
    let height = 0;
    let count = 0;
    for (const lane of model.lanes) {
      if (height > budget) break;
      height += laneHeight(model, model.items, lane.key);
      count += 1;
    }
    return count;
  }, [model]);
  const drawnLane = (key: string, index: number) => index < eagerLanes || nearLanes.has(key);

  return (
    <div
      data-slot="board"
      data-dragging={drag ? true : undefined}
      data-mobile={isMobile || undefined}
      className={cn('flex min-w-0 flex-col gap-3', className)}
      style={
        {
          '--board-cell-max-height': model.lanes ? '28rem' : 'min(72dvh, 56rem)',
          ...style,
        } as React.CSSProperties
      }
      {...props}
    >
      <p id={instructionsId} hidden>
        {t.instructions}
      </p>
      {isMobile && columns.length > 0 ? (
        <div className="flex items-center gap-2">
          <span id={`${headingPrefix}switcher`} className="text-sm font-medium">
            {t.columnSwitcher}
          </span>
          <Select value={shownColumns[0]?.id} onValueChange={setMobileColumn}>
            <SelectTrigger aria-labelledby={`${headingPrefix}switcher`} className="min-w-0 flex-1">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {columns.map((column) => (
                <SelectItem key={column.id} value={column.id}>
                  {column.name} ({counts.get(column.id) ?? 0})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}
      {lastRefusal ? (
        <div
          data-slot="board-refusal"
          className="flex items-start gap-2 rounded-lg border border-destructive/60 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          <span className="flex-1">{t.refused(lastRefusal)}</span>
          <button
            type="button"
            aria-label={t.dismiss}
            className="rounded-sm text-destructive outline-none focus-visible:ring-2 focus-visible:ring-ring"
            onClick={() => setLastRefusal(null)}
          >
            <XIcon aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        onDragStart={handleDragStart}
        onDragOver={handleDragOver}
        onDragEnd={handleDragEnd}
        onDragCancel={handleDragCancel}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t.instructions },
        }}
      >
        <BoardCardContext.Provider value={cardContext}>
          <section
            aria-label={boardLabel}
            data-slot="board-scroller"
            className="min-w-0 overflow-x-auto pb-2"
          >
            <div
              className="grid items-start gap-x-3"
              style={{
                gridTemplateColumns: isMobile
                  ? 'minmax(0, 1fr)'
                  : `repeat(${shownColumns.length}, minmax(16rem, 18rem))`,
              }}
            >
              {shownColumns.map((column) => (
                <BoardColumnHeader
                  key={column.id}
                  column={column}
                  count={counts.get(column.id) ?? 0}
                  headingId={`${headingPrefix}${column.id}`}
                  refusal={drag?.refusal?.columnId === column.id ? drag.refusal.reason : null}
                  onQuickAdd={
                    onQuickAdd
                      ? (title) =>
                          onQuickAdd({ columnId: column.id, laneKey: model.lanes?.[0]?.key ?? null, title })
                      : undefined
                  }
                />
              ))}
              {laneRows.map((lane, laneIndex) => (
                <Fragment key={lane?.key ?? ''}>
                  {lane ? (
                    <h4
                      data-slot="board-lane"
                      className="col-span-full mt-3 flex items-center gap-2 text-sm font-semibold"
                    >
                      {t.lane(lane.name, laneCount(model, items, lane.key))}
                    </h4>
                  ) : null}
                  {lane && !drawnLane(lane.key, laneIndex) ? (
                    <LanePlaceholder
                      laneKey={lane.key}
                      height={laneHeight(model, items, lane.key)}
                      onNear={drawLane}
                    />
                  ) : (
                    shownColumns.map((column) => (
                      <CellFor
                        key={column.id}
                        model={model}
                        items={items}
                        column={column}
                        laneKey={lane?.key ?? null}
                        laneName={lane?.name ?? null}
                        refused={drag?.refusal?.columnId === column.id}
                        targeted={drag?.overContainer ?? null}
                        keyboardDrag={drag?.keyboard === true}
                        virtualizeAt={virtualizeAt}
                        lanes={model.lanes !== null}
                      />
                    ))
                  )}
                </Fragment>
              ))}
            </div>
          </section>
          <DragOverlay>
            {activeTask ? (
              <TaskCard
                task={activeTask}
                today={today}
                className="cursor-grabbing shadow-xl shadow-black/40"
              />
            ) : null}
          </DragOverlay>
        </BoardCardContext.Provider>
      </DndContext>
    </div>
  );
}

/** A pointer drag over another list: the card of that list the dragged card is nearest, and on which side. */
interface PointerSpot {
  container: string;
  cardId: string;
  below: boolean;
  /** The card's box in the viewport when it was found. */
  box: DOMRect;
}

/** Half the gap between two cards (gap-2): the drop indicator sits in the middle of it. */
const CARD_GAP_HALF = 4;

/**
 * Where in a list's drawn cards a card whose middle is at `middle` (viewport y) lands: before the first card
 * whose middle is below it, else after the last drawn card. Null when the list draws no card.
 */
function spotIn(list: HTMLElement | null, container: string, middle: number): PointerSpot | null {
  if (!list) return null;
  let last: PointerSpot | null = null;
  for (const card of list.querySelectorAll<HTMLElement>('[data-slot=board-card]')) {
    const id = card.dataset.taskId;
    if (!id) continue;
    const box = card.getBoundingClientRect();
    if (middle < box.top + box.height / 2) return { container, cardId: id, below: false, box };
    last = { container, cardId: id, below: true, box };
  }
  return last;
}

const LANE_EAGER_MARGIN = 0;
const LANE_HEADING_HEIGHT = 44;
const LANE_CELL_MAX_HEIGHT = 448;
const LANE_CARD_ESTIMATE = 132;

/** A lane's estimated height: its fullest list's cards, up to the lane cell's maximum height. */
function laneHeight(model: BoardModel, items: BoardItems, laneKey: string): number {
  let cards = 0;
  for (const container of model.containers.values())
    if (container.laneKey === laneKey) cards = Math.max(cards, (items[container.id] ?? EMPTY).length);
  return LANE_HEADING_HEIGHT + Math.min(LANE_CELL_MAX_HEIGHT, Math.max(96, cards * LANE_CARD_ESTIMATE + 16));
}

/** Holds a lane's place until it comes within a screen of the view, then asks for it to be drawn. */
function LanePlaceholder({
  laneKey,
  height,
  onNear,
}: {
  laneKey: string;
  height: number;
  onNear: (laneKey: string) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    if (typeof IntersectionObserver === 'undefined') {
      onNear(laneKey);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onNear(laneKey);
        }
      },
      { rootMargin: '50% 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [laneKey, onNear]);
  return (
    <div
      ref={ref}
      aria-hidden="true"
      data-slot="board-lane-placeholder"
      className="col-span-full rounded-xl bg-secondary/15"
      style={{ height }}
    />
  );
}

/** Whether the dragged card's middle is past the middle of the card it is over (it then lands after it). */
function isBelow(active: Active, over: Over): boolean {
  const translated = active.rect.current.translated;
  return translated ? translated.top + translated.height / 2 > over.rect.top + over.rect.height / 2 : false;
}

/** Per column: its given total (`count`) moved by the cards that left or joined it here, else the cards here. */
function withTotals(
  columns: readonly BoardColumnView[],
  here: ReadonlyMap<string, number>,
  given: ReadonlyMap<string, number>,
): Map<string, number> {
  const totals = new Map<string, number>();
  for (const column of columns) {
    const cards = here.get(column.id) ?? 0;
    totals.set(column.id, column.count == null ? cards : column.count + cards - (given.get(column.id) ?? 0));
  }
  return totals;
}

function laneCount(model: BoardModel, items: BoardItems, laneKey: string): number {
  let count = 0;
  for (const container of model.containers.values())
    if (container.laneKey === laneKey) count += (items[container.id] ?? EMPTY).length;
  return count;
}

function CellFor({
  model,
  items,
  column,
  laneKey,
  laneName,
  refused,
  targeted,
  keyboardDrag,
  virtualizeAt,
  lanes,
}: {
  model: BoardModel;
  items: BoardItems;
  column: BoardColumnView;
  laneKey: string | null;
  laneName: string | null;
  refused: boolean;
  targeted: string | null;
  /** A keyboard drag is under way (its arrows walk the cards, so they are drop targets). */
  keyboardDrag: boolean;
  virtualizeAt: number;
  lanes: boolean;
}) {
  const id = containerIdOf(column.id, lanes ? laneKey : null);
  return (
    <CardCell
      containerId={id}
      ids={items[id] ?? model.items[id] ?? EMPTY}
      label={laneName ? `${column.name}, ${laneName}` : column.name}
      refused={refused}
      targeted={targeted === id && !refused}
      dropDisabled={!keyboardDrag}
      virtualizeAt={virtualizeAt}
      className={lanes ? 'rounded-xl' : undefined}
    />
  );
}
