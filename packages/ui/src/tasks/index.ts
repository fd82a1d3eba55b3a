// @farol/ui/tasks: the Tarefas module's presentational pieces (a subpath of its own, so the drag-and-drop and
// table code load only with the pages that use them). Props in, events out; the app maps its contract onto
// the `…View` types.
export { Board } from './board';
export type { BoardProps } from './board';
export {
  TaskCard,
  MemoTaskCard,
  TaskPriorityBadge,
  TaskDueChip,
  taskPriorityVariants,
  taskDueVariants,
} from './task-card';
export type { TaskCardProps, TaskPriorityBadgeProps, TaskDueChipProps } from './task-card';
export { TaskListTable } from './task-list-table';
export type { TaskListTableProps, TaskListRowView, TaskListSortKey } from './task-list-table';
export { DueCalendar } from './due-calendar';
export type { DueCalendarProps } from './due-calendar';
export { TaskPanel } from './task-panel';
export type { TaskPanelProps } from './task-panel';
export { PresenceAvatars } from './presence-avatars';
export type { PresenceAvatarsProps } from './presence-avatars';
export { defaultTasksMessages, useTasksMessages } from './messages';
export type { TasksMessages } from './messages';
export { parseDueDate, dueState, dayKey, daysUntil } from './due';
export type { DueState } from './due';
export type {
  TaskPriorityView,
  TaskPersonView,
  TaskLabelView,
  TaskCardView,
  BoardTaskView,
  BoardColumnView,
  BoardLaneView,
  WipMode,
  BoardMoveEvent,
  BoardRefusalEvent,
  BoardQuickAddEvent,
  BoardCanDrop,
} from './types';
