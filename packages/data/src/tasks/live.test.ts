import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskBoardView, TaskCommentList } from '../contract/task';
import { createFakeRealtime, type FakeRealtime } from '../realtime/fake-realtime';
import { routeRealtimeEvents } from '../realtime/route-events';
import { taskKeys } from './keys';
import { createTaskDatabase } from './mocks/database';

describe('tasksLive', () => {
  let queryClient: QueryClient;
  let realtime: FakeRealtime;
  let fetches: Record<string, number>;
  let stops: Array<() => void>;
  const db = createTaskDatabase();
  const warn = vi.fn();

  const observe = (key: readonly unknown[], name: string, data: unknown) => {
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: () => {
        fetches[name] = (fetches[name] ?? 0) + 1;
        return data;
      },
      staleTime: Infinity,
    });
    stops.push(observer.subscribe(() => {}));
  };

  beforeEach(async () => {
    vi.useFakeTimers();
    db.reset();
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    fetches = {};
    stops = [];
    observe(taskKeys.board(1), 'board', db.boardView(1));
    observe(taskKeys.mine(), 'mine', { overdue: [], today: [], this_week: [], total_open: 0 });
    observe(taskKeys.comments(4), 'comments', { items: [], total: 0 });
    await vi.advanceTimersByTimeAsync(0);
    fetches = {};
    realtime = createFakeRealtime({ logger: { warn } });
    realtime.connect();
    stops.push(routeRealtimeEvents(realtime, queryClient, { lists: { delayMs: 100, maxWaitMs: 500 } }));
  });
  afterEach(() => {
    for (const stop of stops) stop();
    vi.useRealTimers();
  });

  it("writes another person's move into the open board at once and refreshes the lists once", async () => {
    realtime.emitServerEvent('task:moved', db.moved(1, 14));
    realtime.emitServerEvent('task:updated', db.updated(5, { title: 'Regras revisadas' }));
    await vi.advanceTimersByTimeAsync(0);
    const view = queryClient.getQueryData<TaskBoardView>(taskKeys.board(1))!;
    expect(view.tasks.find((task) => task.id === 1)).toMatchObject({ column_id: 14, version: 2 });
    expect(view.tasks.find((task) => task.id === 5)?.title).toBe('Regras revisadas');
    expect(view.columns.find((column) => column.id === 14)?.task_count).toBe(2);
    expect(fetches).toEqual({});
    await vi.advanceTimersByTimeAsync(150);
    expect(fetches).toEqual({ mine: 1 });
  });

  it('adds a comment to the open thread once, and drops a card it cannot read', async () => {
    const comment = {
      id: 9,
      task_id: 4,
      author: { id: 2, name: 'Bruno Lima' },
      body: 'Feito',
      mentions: [],
      created_at: new Date().toISOString(),
      edited_at: null,
    };
    realtime.emitServerEvent('task:commented', { boardId: 1, taskId: 4, comment });
    realtime.emitServerEvent('task:commented', { boardId: 1, taskId: 4, comment });
    expect(queryClient.getQueryData<TaskCommentList>(taskKeys.comments(4))?.items).toHaveLength(1);
    expect(realtime.emitServerEvent('task:moved', { boardId: 1, task: { id: 1 }, fromColumnId: 11 })).toBe(
      false,
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("'task:moved' dropped"));
  });

  it('joins the board room again after a reconnect', () => {
    realtime.clearEmits();
    realtime.joinBoard(1);
    realtime.disconnect();
    realtime.connect();
    expect(realtime.emits.filter((emit) => emit.event === 'board:join')).toEqual([
      { event: 'board:join', payload: { boardId: 1 } },
      { event: 'board:join', payload: { boardId: 1 } },
    ]);
  });
});
