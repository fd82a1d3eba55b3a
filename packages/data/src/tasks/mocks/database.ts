import type {
  Task,
  TaskBoard,
  TaskBoardView,
  TaskColumn,
  TaskDetail,
  TaskEvent,
  TaskListItem,
  TaskMovedEvent,
  TaskPerson,
  TaskRef,
} from '../../contract/task';
import { compareOrderKeys, orderKeyBetween } from '../../contract/task-order';
import { isClosedStateGroup, relationOf } from '../../contract/task-constants';
import { createMockStore, type MockStore } from '../../mocks/store';
import { todayInBrazil } from '../rules';
import { TASK_MEMBERS, hoursAgo, makeStoredTask, type StoredTask } from './factories';
import { taskFixtures, type TaskMockState } from './seed';

export interface TaskDatabaseOptions {
  /** Start with no boards. */
  empty?: boolean;
  /** Add this many extra cards to board 1 (long content, the 2,000-card board). */
  extraTasks?: number;
  /** The state to start from instead of the fixtures. */
  state?: () => TaskMockState;
}

/** The tasks mock's data and the answers built from it, as the server computes them. */
export interface TaskDatabase extends MockStore<TaskMockState> {
  column(id: number): TaskColumn | undefined;
  /** The card as answered: blockers, checklist and comment counts computed. */
  toTask(stored: StoredTask): Task;
  toListItem(stored: StoredTask): TaskListItem;
  toDetail(stored: StoredTask, viewerId: number): TaskDetail;
  toBoard(boardId: number): TaskBoard;
  boardView(boardId: number): TaskBoardView;
  findTask(id: number): StoredTask | undefined;
  /** Writes a task (its version and updated_at raised) and answers the stored copy. */
  saveTask(next: StoredTask): StoredTask;
  /**
   * A live change for a story, as another person would make it: moves task `id` to the top of `columnId`
   * (or applies `patch`) and answers the payload to push with `realtime.emitServerEvent('task:moved', …)`.
   */
  moved(id: number, columnId: number, actor?: TaskPerson): TaskMovedEvent;
  updated(id: number, patch: Partial<StoredTask>, actor?: TaskPerson): TaskEvent;
}

const isOpen = (state: TaskMockState, task: StoredTask) => {
  const column = state.columns.find((item) => item.id === task.column_id);
  return !task.archived && !!column && !isClosedStateGroup(column.state_group);
};

/** `extra` generated cards on board 1, spread over its columns, for the long-content stories. */
function withExtraTasks(state: TaskMockState, extra: number): TaskMockState {
  if (!extra) return state;
  const columns = state.columns.filter((column) => column.board_id === 1);
  const titles = ['Verificar', 'Atualizar', 'Configurar', 'Revisar', 'Instalar', 'Documentar'];
  const things = [
    'o servidor de arquivos',
    'a impressora do 2º andar',
    'o antivírus',
    'o switch do rack',
    'a VPN',
  ];
  const lastKey = new Map<number, string | null>();
  const generated: StoredTask[] = [];
  for (let index = 0; index < extra; index += 1) {
    const column = columns[index % columns.length]!;
    const position = orderKeyBetween(lastKey.get(column.id) ?? 'a5', null);
    lastKey.set(column.id, position);
    const member = TASK_MEMBERS[index % TASK_MEMBERS.length]!;
    generated.push(
      makeStoredTask({
        id: 1000 + index,
        number: 1000 + index,
        board_id: 1,
        column_id: column.id,
        position,
        title: `${titles[index % titles.length]} ${things[index % things.length]} (${index + 1})`,
        priority: (['urgente', 'alta', 'media', 'baixa', 'nenhuma'] as const)[index % 5],
        assignees: [{ id: member.id, name: member.name }],
        label_ids: index % 3 === 0 ? [1] : [],
        due_date: null,
      }),
    );
  }
  return { ...state, tasks: [...state.tasks, ...generated] };
}

export function createTaskDatabase(options: TaskDatabaseOptions = {}): TaskDatabase {
  const store = createMockStore<TaskMockState>(() => {
    const base = options.state
      ? options.state()
      : options.empty
        ? taskFixtures.empty()
        : taskFixtures.state();
    return withExtraTasks(base, options.extraTasks ?? 0);
  });

  const ref = (state: TaskMockState, task: StoredTask): TaskRef => ({
    id: task.id,
    number: task.number,
    title: task.title,
    board_id: task.board_id,
    state_group: state.columns.find((column) => column.id === task.column_id)?.state_group ?? 'a_fazer',
  });

  const database: TaskDatabase = {
    ...store,
    column: (id) => store.get().columns.find((column) => column.id === id),
    findTask: (id) => store.get().tasks.find((task) => task.id === id && !task.archived),
    toTask(stored) {
      const state = store.get();
      const {
        description: _description,
        watcher_ids: _watchers,
        created_by: _createdBy,
        archived: _archived,
        attachments: _attachments,
        ...card
      } = stored;
      const items = state.checklist.filter((item) => item.task_id === stored.id);
      const blockers = state.links
        .filter((link) => link.kind === 'bloqueia' && link.target_id === stored.id)
        .flatMap((link) => {
          const blocker = state.tasks.find((task) => task.id === link.source_id);
          return blocker && isOpen(state, blocker) ? [ref(state, blocker)] : [];
        });
      return {
        ...card,
        checklist_done: items.filter((item) => item.done).length,
        checklist_total: items.length,
        comment_count: state.comments.filter((comment) => comment.task_id === stored.id).length,
        attachment_count: stored.attachments?.length ?? 0,
        blocked_by: blockers,
      };
    },
    toListItem(stored) {
      const state = store.get();
      const column = state.columns.find((item) => item.id === stored.column_id);
      const board = state.boards.find((item) => item.id === stored.board_id);
      return {
        ...database.toTask(stored),
        board_name: board?.name ?? '',
        column_name: column?.name ?? '',
        state_group: column?.state_group ?? 'a_fazer',
      };
    },
    toDetail(stored, viewerId) {
      const state = store.get();
      const people = TASK_MEMBERS.map(({ id, name }) => ({ id, name }));
      return {
        ...database.toListItem(stored),
        description: stored.description,
        watchers: people.filter((person) => stored.watcher_ids.includes(person.id)),
        watching: stored.watcher_ids.includes(viewerId),
        checklist: state.checklist
          .filter((item) => item.task_id === stored.id)
          .sort((a, b) => compareOrderKeys(a.position, b.position)),
        links: state.links.flatMap((link) => {
          if (link.source_id !== stored.id && link.target_id !== stored.id) return [];
          const otherId = link.source_id === stored.id ? link.target_id : link.source_id;
          const other = state.tasks.find((task) => task.id === otherId);
          return other
            ? [
                {
                  id: link.id,
                  relation: relationOf(link.kind, link.source_id, stored.id),
                  task: ref(state, other),
                },
              ]
            : [];
        }),
        attachments: stored.attachments ?? [],
        activity: state.activity
          .filter((entry) => entry.task_id === stored.id)
          .sort((a, b) => b.at.localeCompare(a.at))
          .map(({ task_id: _taskId, ...entry }) => entry),
        created_by: stored.created_by,
      };
    },
    toBoard(boardId) {
      const state = store.get();
      const board = state.boards.find((item) => item.id === boardId)!;
      const today = todayInBrazil();
      const live = state.tasks.filter((task) => task.board_id === boardId && !task.archived);
      const open = live.filter((task) => isOpen(state, task));
      const { member_ids: _members, ...fields } = board;
      return {
        ...fields,
        task_count: live.length,
        open_count: open.length,
        overdue_count: open.filter((task) => task.due_date !== null && task.due_date < today).length,
      };
    },
    boardView(boardId) {
      const state = store.get();
      const columns = state.columns
        .filter((column) => column.board_id === boardId)
        .sort((a, b) => compareOrderKeys(a.position, b.position));
      const order = new Map(columns.map((column, index) => [column.id, index]));
      const tasks = state.tasks
        .filter((task) => task.board_id === boardId && !task.archived)
        .sort(
          (a, b) =>
            (order.get(a.column_id) ?? 0) - (order.get(b.column_id) ?? 0) ||
            compareOrderKeys(a.position, b.position) ||
            a.id - b.id,
        );
      return {
        board: database.toBoard(boardId),
        columns: columns.map((column) => ({
          ...column,
          task_count: tasks.filter((task) => task.column_id === column.id).length,
        })),
        labels: state.labels.filter((label) => label.board_id === null || label.board_id === boardId),
        tasks: tasks.map((task) => database.toTask(task)),
        members: TASK_MEMBERS.map(({ id, name }) => ({ id, name })),
      };
    },
    saveTask(next) {
      const state = store.get();
      const saved = { ...next, version: next.version + 1, updated_at: new Date().toISOString() };
      store.set({ ...state, tasks: state.tasks.map((task) => (task.id === saved.id ? saved : task)) });
      return saved;
    },
    moved(id, columnId, actor = TASK_MEMBERS[1]!) {
      const task = database.findTask(id);
      if (!task) throw new Error(`tasks mock: no task ${id}`);
      const first = store
        .get()
        .tasks.filter((item) => item.column_id === columnId && item.id !== id && !item.archived)
        .sort((a, b) => compareOrderKeys(a.position, b.position))[0];
      const saved = database.saveTask({
        ...task,
        column_id: columnId,
        position: orderKeyBetween(null, first?.position ?? null),
      });
      return {
        boardId: saved.board_id,
        task: database.toTask(saved),
        actor: { id: actor.id, name: actor.name },
        fromColumnId: task.column_id,
      };
    },
    updated(id, patch, actor = TASK_MEMBERS[1]!) {
      const task = database.findTask(id);
      if (!task) throw new Error(`tasks mock: no task ${id}`);
      const saved = database.saveTask({ ...task, ...patch });
      return {
        boardId: saved.board_id,
        task: database.toTask(saved),
        actor: { id: actor.id, name: actor.name },
      };
    },
  };
  return database;
}

export { hoursAgo };
