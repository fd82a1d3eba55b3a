// The Tarefas kit's own view types: plain data the app maps its contract onto. The kit never imports
// @farol/data, so these stay minimal and name only what the components draw.

/** A task's priority as the card shows it ('nenhuma' shows no badge). */
export type TaskPriorityView = 'urgente' | 'alta' | 'média' | 'baixa' | 'nenhuma';

export interface TaskPersonView {
  id: string;
  name: string;
  avatarUrl?: string | null;
}

export interface TaskLabelView {
  id: string;
  name: string;
  /** Any CSS colour ('#22c55e'); drawn as a dot beside the name. */
  color: string;
}

/** What a task card draws. Everything but id, number and title is optional. */
export interface TaskCardView {
  id: string;
  /** As the app writes it, e.g. '#T-12'. */
  number: string;
  title: string;
  priority?: TaskPriorityView;
  /** Due date, 'YYYY-MM-DD' (or a full ISO date-time; only its local calendar day counts). */
  dueDate?: string | null;
  assignees?: readonly TaskPersonView[];
  labels?: readonly TaskLabelView[];
  checklist?: { done: number; total: number } | null;
  /** Numbers of the open tasks blocking this one, e.g. ['#T-123']; shows "Bloqueada por #T-123". */
  blockedBy?: readonly string[];
  /** A recurring task; a string describes the rule ('Toda segunda-feira') for the icon's label. */
  recurring?: boolean | string;
  /** The linked chamado, e.g. { number: '#1042' }. */
  ticket?: { number: string; title?: string } | null;
  commentCount?: number;
  /** A concluded task: no overdue warning. */
  completed?: boolean;
}

/** A card on a board: the card plus where it sits. The board keeps the order of the `tasks` array. */
export interface BoardTaskView extends TaskCardView {
  columnId: string;
  /** The swimlane it belongs to (when the board has `lanes`). */
  laneKey?: string | null;
}

export type WipMode = 'aviso' | 'bloqueio';

export interface BoardColumnView {
  id: string;
  name: string;
  /** Any CSS colour; drawn as a dot beside the name. */
  color?: string | null;
  /** Most cards the column should hold, counted across swimlanes; null or undefined for no limit. */
  wipLimit?: number | null;
  /** 'aviso' (default) colours the header when over the limit; 'bloqueio' refuses the drop that would pass it. */
  wipMode?: WipMode | null;
  /**
   * The column's whole card count when the board shows only some of its cards (filters): the header and the
   * WIP limit use it. Default: the cards given in `tasks`.
   */
  count?: number | null;
}

export interface BoardLaneView {
  key: string;
  name: string;
}

/**
 * A card moved. `beforeId` is the card right above it after the move and `afterId` the card right below (null at
 * the top or the end), inside the same column (and lane): the new order key goes between theirs.
 */
export interface BoardMoveEvent {
  taskId: string;
  fromColumnId: string;
  toColumnId: string;
  /** Set when the board has lanes: the lane the card was dropped in. */
  toLaneKey?: string | null;
  fromLaneKey?: string | null;
  beforeId: string | null;
  afterId: string | null;
}

export interface BoardRefusalEvent {
  taskId: string;
  toColumnId: string;
  reason: string;
}

export interface BoardQuickAddEvent {
  columnId: string;
  laneKey?: string | null;
  title: string;
}

/** `true` allows the drop; a string refuses it and is the reason shown and read out. */
export type BoardCanDrop = (task: BoardTaskView, toColumn: BoardColumnView) => true | string;
