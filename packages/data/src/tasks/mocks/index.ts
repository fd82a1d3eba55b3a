// The tasks domain's MSW handlers, database and fixtures (gathered by @farol/data/mocks).
export {
  TASK_COMPANIES,
  TASK_MEMBERS,
  dayFromToday,
  makeBoard,
  makeChecklistItem,
  makeColumn,
  makeComment,
  makeLabel,
  makeStoredTask,
  taskPeople,
} from './factories';
export type { StoredBoard, StoredLink, StoredTask } from './factories';
export { taskFixtures } from './seed';
export type { TaskMockState } from './seed';
export { createTaskDatabase } from './database';
export type { TaskDatabase, TaskDatabaseOptions } from './database';
export { createTaskHandlers, createTaskMock, taskHandlers } from './handlers';
export type { TaskMock, TaskMockOptions } from './handlers';
