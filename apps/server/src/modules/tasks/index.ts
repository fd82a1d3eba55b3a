export { taskMigrations } from './migrations';
export { tasksPlugin } from './plugin';
export { createTaskReminders } from './reminders';
export { seedTasks } from './seed';
