import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { Conversation } from '../contract/conversation';
import type { Notification } from '../contract/notification';
import { profileUpdateSchema, type UserWire } from '../contract/user';
import {
  FIXTURE_PASSWORD,
  conversationFixtures,
  fixtureTokens,
  fixtures,
  notificationFixtures,
  userForToken,
  type FixtureUserName,
} from './fixtures';
import { api, bearer, errorResponse, jsonBody, notFound, serverError, unauthorized } from './http';
import { createMockStore } from './store';
import { ticketHandlers } from './ticket-handlers';

export { errorResponse } from './http';

// ---------------------------------------------------------------- auth

export interface AuthMockOptions {
  /** When set, every login fails with this text as `{error}` (spec §7). */
  loginFails?: string;
}

export function createAuthHandlers({ loginFails }: AuthMockOptions = {}): HttpHandler[] {
  return [
    http.post(api('/auth/login'), async ({ request }) => {
      const body = await jsonBody(request);
      const identifier = String(body.login ?? body.email ?? '')
        .trim()
        .toLowerCase();
      const password = typeof body.password === 'string' ? body.password : '';
      if (!identifier || !password) {
        return errorResponse(400, 'validation_failed', 'Informe o login e a senha', {
          ...(identifier ? {} : { login: 'Informe o login' }),
          ...(password ? {} : { password: 'Informe a senha' }),
        });
      }
      const entry = (Object.entries(fixtures.users) as Array<[FixtureUserName, UserWire]>).find(
        ([, user]) => user.email === identifier || user.username === identifier,
      );
      if (loginFails || !entry || password !== FIXTURE_PASSWORD) {
        return HttpResponse.json({ error: loginFails ?? 'Credenciais inválidas' }, { status: 401 });
      }
      return HttpResponse.json({ user: entry[1], token: fixtureTokens[entry[0]] });
    }),
    http.post(api('/auth/logout'), () => new HttpResponse(null, { status: 204 })),
  ];
}

export const authHandlers = {
  default: () => createAuthHandlers(),
  loginFails: (message = 'Credenciais inválidas') => createAuthHandlers({ loginFails: message }),
};

// ---------------------------------------------------------------- profile

export interface ProfileMockOptions {
  /** Answered when the bearer token is not a fixture token (e.g. cookie-only sessions). */
  fallbackUser?: UserWire | null;
  failWith?: 401 | 500;
}

export function createProfileHandlers({
  fallbackUser = null,
  failWith,
}: ProfileMockOptions = {}): HttpHandler[] {
  // Theme and name changes persist per user for the life of this handler set.
  const edits = createMockStore<Record<number, Partial<UserWire>>>(() => ({}));
  const current = (request: Request): UserWire | null => {
    const user = userForToken(bearer(request)) ?? fallbackUser;
    return user ? { ...user, ...edits.get()[user.id] } : null;
  };
  return [
    http.get(api('/profile'), ({ request }) => {
      if (failWith === 500) return serverError();
      const user = failWith ? null : current(request);
      return user ? HttpResponse.json(user) : unauthorized();
    }),
    http.put(api('/profile'), async ({ request }) => {
      if (failWith === 500) return serverError();
      const user = failWith ? null : current(request);
      if (!user) return unauthorized();
      const parsed = profileUpdateSchema.safeParse(await jsonBody(request));
      if (!parsed.success) {
        const details = Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
        );
        return errorResponse(400, 'validation_failed', 'Dados inválidos', details);
      }
      const next = { ...user, ...parsed.data };
      next.name = `${next.first_name} ${next.last_name}`;
      edits.set({ ...edits.get(), [user.id]: next });
      return HttpResponse.json(next);
    }),
  ];
}

export const profileHandlers = {
  default: () => createProfileHandlers(),
  as: (name: FixtureUserName) => createProfileHandlers({ fallbackUser: fixtures.users[name] }),
  unauthorized: () => createProfileHandlers({ failWith: 401 }),
  serverError: () => createProfileHandlers({ failWith: 500 }),
};

// ---------------------------------------------------------------- notifications

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

// ---------------------------------------------------------------- messages and conversations

export interface MessagesMockOptions {
  unreadCount?: number;
  failing?: boolean;
  conversations?: () => Conversation[];
}

export function createMessagesHandlers({
  unreadCount = 3,
  failing = false,
  conversations = conversationFixtures.list,
}: MessagesMockOptions = {}): HttpHandler[] {
  return [
    http.get(api('/messages/unread-count'), () =>
      failing ? serverError() : HttpResponse.json({ count: unreadCount }),
    ),
    http.get(api('/messages'), () => {
      if (failing) return serverError();
      const items = conversations();
      return HttpResponse.json({ items, total: items.length });
    }),
    http.get(api('/messages/conversations/:id'), ({ params }) => {
      if (failing) return serverError();
      const page = conversationFixtures.page(Number(params.id));
      return page ? HttpResponse.json(page) : errorResponse(404, 'not_found', 'Conversa não encontrada');
    }),
  ];
}

export const messagesHandlers = {
  default: () => createMessagesHandlers(),
  unreadCount: (count: number) => createMessagesHandlers({ unreadCount: count }),
  failing: () => createMessagesHandlers({ failing: true }),
};

// ---------------------------------------------------------------- all of them

export interface HandlerGroups {
  auth: HttpHandler[];
  profile: HttpHandler[];
  notifications: HttpHandler[];
  messages: HttpHandler[];
  tickets: HttpHandler[];
}

/** A fresh set of every handler, keyed so a story can override one key (`msw.handlers.notifications`). */
export function createHandlers(): HandlerGroups {
  return {
    auth: authHandlers.default(),
    profile: profileHandlers.default(),
    notifications: notificationHandlers.default(),
    messages: messagesHandlers.default(),
    tickets: ticketHandlers.default(),
  };
}

export const handlers: HandlerGroups = createHandlers();

/** The groups flattened for `setupServer(...)` / `setupWorker(...)`. */
export function flattenHandlers(groups: Partial<HandlerGroups> = handlers): HttpHandler[] {
  return Object.values(groups).flat();
}
