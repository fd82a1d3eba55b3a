import type { Migration } from '../../../db/migration';
import { migration014Tasks } from './014-tasks';
import { migration015TaskDetails } from './015-task-details';
import { migration016TaskReminders } from './016-task-reminders';
import { migration028TaskMoveTurns } from './028-task-move-turns';

export const taskMigrations: Migration[] = [
  migration014Tasks,
  migration015TaskDetails,
  migration016TaskReminders,
  migration028TaskMoveTurns,
];
