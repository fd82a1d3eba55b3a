// @farol/data/tasks: the tasks domain (Tarefas). The contract's constants and rules without zod (order keys,
// recurrence, Brazilian holidays), its query keys, one file per endpoint (fetcher, queryOptions, hook), the
// board's cache and rules, the board room and the live-event handler. Its MSW handlers are in @farol/data/mocks.
export * from '../contract/task-constants';
export * from '../contract/task-order';
export * from '../contract/task-recurrence';
export * from '../contract/brazil-holidays';
export * from './rules';
export * from './board-cache';
export { taskKeys, taskInvalidation } from './keys';
export { tasksLive } from './live';
export { useBoardRoom } from './board-room';
export * from './api/task-urls';
export * from './api/get-boards';
export * from './api/get-board';
export * from './api/get-my-tasks';
export * from './api/get-tasks';
export * from './api/get-task';
export * from './api/get-task-options';
export * from './api/get-ticket-tasks';
export * from './api/save-board';
export * from './api/save-label';
export * from './api/create-task';
export * from './api/update-task';
export * from './api/move-task';
export * from './api/task-parts';
export * from './api/task-attachments';
