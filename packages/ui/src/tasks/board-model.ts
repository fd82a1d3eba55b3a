import type { BoardColumnView, BoardLaneView, BoardTaskView } from './types';

/** Where cards sit: a column, or a column's cell in one swimlane. */
export interface BoardContainer {
  id: string;
  columnId: string;
  laneKey: string | null;
}

/** Card ids per container, in board order. */
export type BoardItems = Readonly<Record<string, readonly string[]>>;

export interface BoardModel {
  containers: ReadonlyMap<string, BoardContainer>;
  items: BoardItems;
  taskById: ReadonlyMap<string, BoardTaskView>;
  lanes: readonly BoardLaneView[] | null;
}

/** Unique and readable back; never equal to a task id, which is what tells a container from a card. */
export const containerIdOf = (columnId: string, laneKey: string | null): string =>
  laneKey === null ? `column:${columnId}` : `column:${columnId}:lane:${JSON.stringify(laneKey)}`;

/** The key of the lane the board adds for cards whose lane is not among `lanes`. */
export const OTHER_LANE_KEY = '\u0000other';

/**
 * Groups the tasks into their containers, keeping the order of `tasks` (the app sorts them by their order
 * keys). Tasks of unknown columns are left out; with lanes, tasks of unknown lanes go to an extra last lane.
 */
export function buildBoardModel(
  columns: readonly BoardColumnView[],
  tasks: readonly BoardTaskView[],
  lanes: readonly BoardLaneView[] | undefined,
  otherLaneName: string,
): BoardModel {
  const knownLanes = lanes ? new Set(lanes.map((lane) => lane.key)) : null;
  const laneOf = (task: BoardTaskView): string | null => {
    if (!knownLanes) return null;
    const key = task.laneKey ?? null;
    return key !== null && knownLanes.has(key) ? key : OTHER_LANE_KEY;
  };
  const resolvedLanes: BoardLaneView[] | null = lanes
    ? tasks.some((task) => laneOf(task) === OTHER_LANE_KEY)
      ? [...lanes, { key: OTHER_LANE_KEY, name: otherLaneName }]
      : [...lanes]
    : null;
  const containers = new Map<string, BoardContainer>();
  const items: Record<string, string[]> = {};
  for (const lane of resolvedLanes ?? [null]) {
    for (const column of columns) {
      const laneKey = lane?.key ?? null;
      const id = containerIdOf(column.id, laneKey);
      containers.set(id, { id, columnId: column.id, laneKey });
      items[id] = [];
    }
  }
  const taskById = new Map<string, BoardTaskView>();
  for (const task of tasks) {
    const list = items[containerIdOf(task.columnId, laneOf(task))];
    if (!list) continue;
    list.push(task.id);
    taskById.set(task.id, task);
  }
  return { containers, items, taskById, lanes: resolvedLanes };
}

/**
 * `next`'s lists, each replaced by `previous`'s list for the same container when that holds the same ids, so a
 * move renews only the two lists it changed and the other columns' cards are not rendered or measured again.
 */
export function shareLists(previous: BoardItems | null, next: BoardItems): BoardItems {
  if (!previous) return next;
  const shared: Record<string, readonly string[]> = {};
  for (const [id, list] of Object.entries(next)) {
    const before = previous[id];
    shared[id] =
      before && before.length === list.length && before.every((item, index) => item === list[index])
        ? before
        : list;
  }
  return shared;
}

/** The container holding `id`: the container itself when `id` is one, else the one listing the card. */
export function findContainer(
  id: string,
  items: BoardItems,
  containers: ReadonlyMap<string, BoardContainer>,
): string | null {
  if (containers.has(id)) return id;
  for (const [containerId, list] of Object.entries(items)) if (list.includes(id)) return containerId;
  return null;
}

/** How many cards each column holds, across its lanes. */
export function columnCounts(
  items: BoardItems,
  containers: ReadonlyMap<string, BoardContainer>,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [id, list] of Object.entries(items)) {
    const columnId = containers.get(id)?.columnId;
    if (columnId !== undefined) counts.set(columnId, (counts.get(columnId) ?? 0) + list.length);
  }
  return counts;
}

/** Moves `id` out of its container and into `to` at `index` (clamped); other lists keep their identity. */
export function moveBetween(
  items: BoardItems,
  id: string,
  from: string,
  to: string,
  index: number,
): BoardItems {
  const source = (items[from] ?? []).filter((item) => item !== id);
  const target = from === to ? source : [...(items[to] ?? [])].filter((item) => item !== id);
  const at = Math.max(0, Math.min(index, target.length));
  const next = [...target.slice(0, at), id, ...target.slice(at)];
  return from === to ? { ...items, [to]: next } : { ...items, [from]: source, [to]: next };
}

/** The neighbours a moved card ends up between, for the app's order key. */
export function neighbours(
  list: readonly string[],
  id: string,
): { beforeId: string | null; afterId: string | null } {
  const index = list.indexOf(id);
  return { beforeId: list[index - 1] ?? null, afterId: list[index + 1] ?? null };
}

export type WipState = 'none' | 'under' | 'full' | 'over';

/** 'over' past the limit, 'full' at it, 'under' below it, 'none' without a limit. */
export function wipState(column: BoardColumnView, count: number): WipState {
  const limit = column.wipLimit;
  if (limit === null || limit === undefined) return 'none';
  if (count > limit) return 'over';
  return count === limit ? 'full' : 'under';
}
