import {
  TASK_DUE_FILTERS,
  TASK_PRIORITIES,
  TASK_SWIMLANES,
  type TaskBoardFilters,
  type TaskSwimlane,
} from '@farol/data/tasks';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export const BOARD_VIEWS = ['quadro', 'lista', 'calendario'] as const;
export type BoardViewMode = (typeof BOARD_VIEWS)[number];

/** What the URL of a board says: the filters, the view, the swimlanes and the open task. */
export interface BoardUrlState {
  filters: TaskBoardFilters;
  view: BoardViewMode;
  lanes: TaskSwimlane;
  /** The task whose side panel is open. */
  task: number | null;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((item) => item === value);

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
}

/**
 * `?responsavel=me|nenhum|12&etiqueta=3&prioridade=alta&prazo=atrasadas&q=toner&visao=lista&raias=responsavel&tarefa=4`.
 * Unknown or malformed values are dropped: the board then shows what it would without them.
 */
export function readBoardUrl(search: URLSearchParams): BoardUrlState {
  const assignee = search.get('responsavel');
  const filters: TaskBoardFilters = {};
  if (assignee === 'me') filters.assignee = 'me';
  else if (assignee === 'nenhum') filters.assignee = 'none';
  else if (positiveInt(assignee)) filters.assignee = positiveInt(assignee);
  const label = positiveInt(search.get('etiqueta'));
  if (label) filters.label = label;
  const priority = oneOf(TASK_PRIORITIES, search.get('prioridade'));
  if (priority) filters.priority = priority;
  const due = oneOf(TASK_DUE_FILTERS, search.get('prazo'));
  if (due) filters.due = due;
  const q = search.get('q')?.trim();
  if (q) filters.q = q.slice(0, 200);
  return {
    filters,
    view: oneOf(BOARD_VIEWS, search.get('visao')) ?? 'quadro',
    lanes: oneOf(TASK_SWIMLANES, search.get('raias')) ?? 'nenhuma',
    task: positiveInt(search.get('tarefa')) ?? null,
  };
}

/** The search string of a board state (defaults left out). */
export function boardSearch(state: BoardUrlState): string {
  const search = new URLSearchParams();
  const { filters } = state;
  if (filters.assignee !== undefined)
    search.set('responsavel', filters.assignee === 'none' ? 'nenhum' : String(filters.assignee));
  if (filters.label) search.set('etiqueta', String(filters.label));
  if (filters.priority) search.set('prioridade', filters.priority);
  if (filters.due) search.set('prazo', filters.due);
  if (filters.q?.trim()) search.set('q', filters.q.trim());
  if (state.view !== 'quadro') search.set('visao', state.view);
  if (state.lanes !== 'nenhuma') search.set('raias', state.lanes);
  if (state.task) search.set('tarefa', String(state.task));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface BoardUrlChange {
  filters?: Partial<TaskBoardFilters>;
  view?: BoardViewMode;
  lanes?: TaskSwimlane;
  task?: number | null;
}

export function withBoardChanges(state: BoardUrlState, change: BoardUrlChange): BoardUrlState {
  const filters = { ...state.filters, ...change.filters };
  for (const key of Object.keys(filters) as (keyof TaskBoardFilters)[])
    if (filters[key] === undefined || filters[key] === '') delete filters[key];
  return {
    filters,
    view: change.view ?? state.view,
    lanes: change.lanes ?? state.lanes,
    task: change.task === undefined ? state.task : change.task,
  };
}

/** The board page's state, read from and written to the URL (typing in the search replaces the entry). */
export function useBoardParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readBoardUrl(searchParams), [searchParams]);
  const update = useCallback(
    (change: BoardUrlChange, { replace = false }: { replace?: boolean } = {}) =>
      setSearchParams(new URLSearchParams(boardSearch(withBoardChanges(state, change))), { replace }),
    [setSearchParams, state],
  );
  const clearFilters = useCallback(
    () => setSearchParams(new URLSearchParams(boardSearch({ ...state, filters: {} }))),
    [setSearchParams, state],
  );
  return { ...state, update, clearFilters };
}
