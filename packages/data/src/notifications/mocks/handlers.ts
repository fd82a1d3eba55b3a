import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { Notification } from '../../contract/notification';
import { api, errorResponse, notFound, serverError, unauthorized } from '../../mocks/http';
import { createMockStore } from '../../mocks/store';
import { notificationFixtures } from './fixtures';

/** 'ok' handles the call; a number answers that status (404: the server lacks the route). */
type RouteBehaviour = 'ok' | 404 | 500;

export interface NotificationMockOptions {
  items?: () => Notification[];
  /** The reference server answers `{items, total}`; other servers a bare array (spec §7). */
  listShape?: 'items' | 'array';
  /** Every notification call answers this status. */
  failWith?: 401 | 500;
  /** Delay before list and count answer; 'infinite' never answers. */
  delayMs?: number | 'infinite';
  /** Delay before every write answers, so an optimistic state can be seen. */
  writeDelayMs?: number;
  markRead?: { putRead?: RouteBehaviour; postMarkRead?: RouteBehaviour; putId?: RouteBehaviour };
  readAll?: { putReadAll?: RouteBehaviour; postMarkAllRead?: RouteBehaviour };
  remove?: RouteBehaviour;
}

export function createNotificationHandlers(options: NotificationMockOptions = {}): HttpHandler[] {
  const { items = notificationFixtures.sample, listShape = 'items', failWith, delayMs } = options;
  const store = createMockStore<Notification[]>(() => structuredClone(items()));
  const failure = (behaviour: RouteBehaviour) => (behaviour === 404 ? notFound() : serverError());
  const guard = () => (failWith === 401 ? unauthorized() : failWith === 500 ? serverError() : null);

  const markOne = (id: string | readonly string[] | undefined) => {
    const numeric = Number(id);
    const found = store.get().find((item) => item.id === numeric);
    if (!found) return errorResponse(404, 'not_found', 'Notificação não encontrada');
    const updated = { ...found, read_at: found.read_at ?? new Date().toISOString() };
    store.set(store.get().map((item) => (item.id === numeric ? updated : item)));
    return HttpResponse.json(updated);
  };
  const markAll = () => {
    const now = new Date().toISOString();
    const unread = store.get().filter((item) => item.read_at === null).length;
    store.set(store.get().map((item) => (item.read_at === null ? { ...item, read_at: now } : item)));
    return HttpResponse.json({ updated: unread });
  };
  const route = async (behaviour: RouteBehaviour | undefined, handle: () => Response) => {
    if (options.writeDelayMs) await delay(options.writeDelayMs);
    return guard() ?? (behaviour === undefined || behaviour === 'ok' ? handle() : failure(behaviour));
  };

  return [
    http.get(api('/notifications/unread-count'), async () => {
      if (delayMs !== undefined) await delay(delayMs);
      const unread = store.get().filter((item) => item.read_at === null).length;
      return guard() ?? HttpResponse.json({ unread, count: unread });
    }),
    http.get(api('/notifications'), async ({ request }) => {
      if (delayMs !== undefined) await delay(delayMs);
      const failed = guard();
      if (failed) return failed;
      const limit = Number(new URL(request.url).searchParams.get('limit') ?? 25);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
        return errorResponse(400, 'validation_failed', 'Parâmetros inválidos', {
          limit: 'limit deve estar entre 1 e 100',
        });
      }
      const page = store.get().slice(0, limit);
      return HttpResponse.json(listShape === 'array' ? page : { items: page, total: store.get().length });
    }),
    // Before the `/:id` routes, which would otherwise swallow 'read-all'.
    http.put(api('/notifications/read-all'), () => route(options.readAll?.putReadAll, markAll)),
    http.post(api('/notifications/mark-all-read'), () => route(options.readAll?.postMarkAllRead, markAll)),
    http.put(api('/notifications/:id/read'), ({ params }) =>
      route(options.markRead?.putRead, () => markOne(params.id)),
    ),
    http.post(api('/notifications/:id/mark-read'), ({ params }) =>
      route(options.markRead?.postMarkRead, () => markOne(params.id)),
    ),
    http.put(api('/notifications/:id'), ({ params }) =>
      route(options.markRead?.putId, () => markOne(params.id)),
    ),
    http.delete(api('/notifications/:id'), ({ params }) =>
      route(options.remove, () => {
        const id = Number(params.id);
        if (!store.get().some((item) => item.id === id)) {
          return errorResponse(404, 'not_found', 'Notificação não encontrada');
        }
        store.set(store.get().filter((item) => item.id !== id));
        return new HttpResponse(null, { status: 204 });
      }),
    ),
  ];
}

export const notificationHandlers = {
  default: () => createNotificationHandlers(),
  empty: () => createNotificationHandlers({ items: () => [] }),
  many: (count: number) => createNotificationHandlers({ items: () => notificationFixtures.many(count) }),
  bareArray: () => createNotificationHandlers({ listShape: 'array' }),
  serverError: () => createNotificationHandlers({ failWith: 500 }),
  unauthorized: () => createNotificationHandlers({ failWith: 401 }),
  slow: (ms = 1500) => createNotificationHandlers({ delayMs: ms }),
  loadingForever: () => createNotificationHandlers({ delayMs: 'infinite' }),
  markReadFallsBackToMarkRead: () => createNotificationHandlers({ markRead: { putRead: 404 } }),
  markReadFallsBackToPut: () => createNotificationHandlers({ markRead: { putRead: 404, postMarkRead: 404 } }),
  markReadFailsEverywhere: () =>
    createNotificationHandlers({ markRead: { putRead: 500, postMarkRead: 500, putId: 500 } }),
  readAllFallsBack: () => createNotificationHandlers({ readAll: { putReadAll: 404 } }),
  readAllFails: () => createNotificationHandlers({ readAll: { putReadAll: 500, postMarkAllRead: 500 } }),
  removeFails: () => createNotificationHandlers({ remove: 500 }),
  slowWrites: (ms = 600) => createNotificationHandlers({ writeDelayMs: ms }),
};
