import { addDays } from '../../contract/brazil-holidays';
import type {
  TaskAttachment,
  Task,
  TaskBoard,
  TaskChecklistItem,
  TaskColumn,
  TaskComment,
  TaskLabel,
  TaskPerson,
} from '../../contract/task';
import type { TaskLinkKind } from '../../contract/task-constants';
import { fixtures } from '../../mocks/fixtures';
import { todayInBrazil } from '../rules';

const person = (user: { id: number; name: string }): TaskPerson => ({ id: user.id, name: user.name });

/** The staff who hold tasks.view in the fixtures, as the forms offer them (with their @login). */
export const taskPeople = {
  ana: person(fixtures.users.admin),
  bruno: person(fixtures.users.gestor),
  carla: person(fixtures.users.tecnico),
};
const loginOf = (user: { username: string | null; email: string }) =>
  user.username ?? user.email.split('@')[0]!;
export const TASK_MEMBERS = [
  { ...taskPeople.ana, login: loginOf(fixtures.users.admin) },
  { ...taskPeople.bruno, login: loginOf(fixtures.users.gestor) },
  { ...taskPeople.carla, login: loginOf(fixtures.users.tecnico) },
];

export const TASK_COMPANIES = {
  acme: { id: 100, name: 'Acme Logística' },
  globex: { id: 101, name: 'Globex' },
};

/** A day counted from today in Brazil ('YYYY-MM-DD'), so due states read the same on any day. */
export const dayFromToday = (days: number): string => addDays(todayInBrazil(), days);

/** An instant `hours` before now. */
export const hoursAgo = (hours: number): string => new Date(Date.now() - hours * 3_600_000).toISOString();

export interface StoredBoard extends Omit<TaskBoard, 'task_count' | 'open_count' | 'overdue_count'> {
  /** Who may see it beyond tasks.view holders: nobody in the mock (clients do not see boards). */
  readonly member_ids?: readonly number[];
}

/** A task as the mock keeps it: the card's own fields (counts and blockers are computed when answered). */
export interface StoredTask extends Omit<
  Task,
  'blocked_by' | 'checklist_done' | 'checklist_total' | 'comment_count' | 'attachment_count'
> {
  description: string;
  watcher_ids: number[];
  created_by: TaskPerson | null;
  archived: boolean;
  /** Files sent to the task (their bytes are kept by the handlers, by attachment id). */
  attachments?: TaskAttachment[];
}

export interface StoredLink {
  id: number;
  kind: TaskLinkKind;
  source_id: number;
  target_id: number;
}

export function makeBoard(fields: Partial<StoredBoard> & Pick<StoredBoard, 'id' | 'name'>): StoredBoard {
  return {
    description: null,
    company: null,
    kind: 'interna',
    archived_at: null,
    created_by: taskPeople.ana,
    created_at: hoursAgo(24 * 30),
    updated_at: hoursAgo(24),
    ...fields,
  };
}

export function makeColumn(
  fields: Partial<TaskColumn> & Pick<TaskColumn, 'id' | 'board_id' | 'name' | 'position'>,
): TaskColumn {
  return {
    color: 'gray',
    state_group: 'a_fazer',
    wip_limit: null,
    wip_mode: 'aviso',
    task_count: 0,
    created_at: hoursAgo(24 * 30),
    updated_at: hoursAgo(24 * 30),
    ...fields,
  };
}

export function makeLabel(fields: Partial<TaskLabel> & Pick<TaskLabel, 'id' | 'name'>): TaskLabel {
  return { board_id: null, parent_id: null, color: 'gray', ...fields };
}

export function makeStoredTask(
  fields: Partial<StoredTask> & Pick<StoredTask, 'id' | 'board_id' | 'column_id' | 'title' | 'position'>,
): StoredTask {
  return {
    number: fields.id,
    priority: 'nenhuma',
    start_date: null,
    due_date: null,
    estimate_minutes: null,
    assignees: [],
    label_ids: [],
    company: null,
    ticket: null,
    recurrence: null,
    completed_at: null,
    version: 1,
    created_at: hoursAgo(72),
    updated_at: hoursAgo(2),
    description: '',
    watcher_ids: [],
    created_by: taskPeople.ana,
    archived: false,
    ...fields,
  };
}

export function makeChecklistItem(
  fields: Partial<TaskChecklistItem> & Pick<TaskChecklistItem, 'id' | 'task_id' | 'text' | 'position'>,
): TaskChecklistItem {
  return {
    done: false,
    assignee: null,
    due_date: null,
    done_at: fields.done ? hoursAgo(5) : null,
    done_by: fields.done ? taskPeople.carla : null,
    ...fields,
  };
}

export function makeComment(
  fields: Partial<TaskComment> & Pick<TaskComment, 'id' | 'task_id' | 'body'>,
): TaskComment {
  return { author: taskPeople.bruno, mentions: [], created_at: hoursAgo(3), edited_at: null, ...fields };
}
