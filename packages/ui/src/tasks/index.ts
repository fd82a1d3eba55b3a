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
export { parseDueDate, dueState, dayKey } from './due';
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
