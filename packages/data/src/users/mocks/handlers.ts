import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { hasPermission, isClient, PERMISSIONS } from '../../access/permissions';
import type { AuditEvent } from '../../contract/audit';
import {
  CLIENT_ROLES,
  userAuditQuerySchema,
  userDirectoryQuerySchema,
  type UserDirectoryEntry,
  type UserPresenceEvent,
  type UserPresenceStatus,
} from '../../contract';
import {
  api,
  forbidden,
  notFound,
  parseOr400,
  serverError,
  unauthorized,
  userFromRequest,
} from '../../mocks/http';
import { createMockStore, type MockStore } from '../../mocks/store';
import { directoryAudit, directoryPeople, type StoredPerson } from './fixtures';

export interface UserDirectoryMockState {
  people: StoredPerson[];
  audit: AuditEvent[];
}

export interface UserDirectoryMockOptions {
  /** Every read answers 500. */
  failing?: boolean;
  /** Every call answers 403, as for a user without users.view. */
  forbidden?: boolean;
  /** Reads never answer, so a story can show the loading state. */
  loading?: boolean;
  /** Nobody in the directory. */
  empty?: boolean;
  /** The people to start from instead of the fixtures. */
  people?: () => StoredPerson[];
}

export interface UserDirectoryDatabase extends MockStore<UserDirectoryMockState> {
  /** A live presence change for a story: stored, and the event to push with `emitServerEvent('user:presence', …)`. */
  presence(userId: number, status: UserPresenceStatus): UserPresenceEvent;
}

/** One directory mock: its handlers and its data, so a story holds its own handle on both. */
export interface UserDirectoryMock {
  handlers: HttpHandler[];
  database: UserDirectoryDatabase;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const roleKey = (role: string) => {
  const key = role.trim().toLowerCase();
  return CLIENT_ROLES.includes(key) ? 'cliente' : key;
};

const toEntry = (person: StoredPerson): UserDirectoryEntry => ({
  id: person.id,
  email: person.email,
  name: person.name,
  role: person.role,
  profile_picture: person.profile_picture,
  company_id: person.company_id,
  company_name: person.company_name,
  phone: person.phone,
  presence: person.presence,
});

/**
 * The directory API as the reference server answers it: GET /api/users (users.view, staff: search ignoring
 * accents and case, empresa, função, status, pages), /options, /:id (clients: their own company only, else 404)
 * and /:id/audit (users.manage).
 */
export function createUserDirectoryMock(options: UserDirectoryMockOptions = {}): UserDirectoryMock {
  const store = createMockStore<UserDirectoryMockState>(() => ({
    people: options.empty ? [] : (options.people?.() ?? directoryPeople()),
    audit: options.empty ? [] : directoryAudit(),
  }));
  const database: UserDirectoryDatabase = Object.assign(store, {
    presence(userId: number, status: UserPresenceStatus): UserPresenceEvent {
      const state = store.get();
      store.set({
        ...state,
        people: state.people.map((person) =>
          person.id === userId ? { ...person, presence: status } : person,
        ),
      });
      return { userId, status };
    },
  });

  const reader = async (request: Request, key: string = PERMISSIONS.USERS_VIEW) => {
    if (options.loading) await delay('infinite');
    if (options.failing) return serverError();
    if (options.forbidden) return forbidden();
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    if (isClient(user) || !hasPermission(user, key)) return forbidden();
    return user;
  };

  const handlers: HttpHandler[] = [
    http.get(api('/users'), async ({ request }) => {
      const user = await reader(request);
      if (user instanceof Response) return user;
      const parsed = parseOr400(
        userDirectoryQuerySchema,
        Object.fromEntries(new URL(request.url).searchParams),
      );
      if (parsed.error) return parsed.error;
      const { q, company_id, role, status, page, limit } = parsed.data;
      const wanted = q ? fold(q) : null;
      const matches = store
        .get()
        .people.filter(
          (person) =>
            (!wanted ||
              fold(`${person.name} ${person.email} ${person.username ?? ''} ${person.phone ?? ''}`).includes(
                wanted,
              )) &&
            (company_id === undefined ||
              (company_id === 'none' ? person.company_id === null : person.company_id === company_id)) &&
            (!role || roleKey(person.role) === roleKey(role)) &&
            (!status || person.presence === status),
        )
        .sort((a, b) => fold(a.name).localeCompare(fold(b.name)) || a.id - b.id);
      return HttpResponse.json({
        items: matches.slice((page - 1) * limit, page * limit).map(toEntry),
        total: matches.length,
      });
    }),
    http.get(api('/users/options'), async ({ request }) => {
      const user = await reader(request);
      if (user instanceof Response) return user;
      const people = store.get().people;
      const companies = new Map<number, string>();
      for (const person of people) {
        if (person.company_id !== null) companies.set(person.company_id, person.company_name ?? '');
      }
      return HttpResponse.json({
        roles: [...new Set(people.map((person) => roleKey(person.role)))].sort(),
        companies: [...companies]
          .map(([id, name]) => ({ id, name }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      });
    }),
    http.get(api('/users/:id'), async ({ request, params }) => {
      if (options.loading) await delay('infinite');
      if (options.failing) return serverError();
      const user = userFromRequest(request);
      if (!user) return unauthorized();
      const id = Number(params.id);
      const person = store.get().people.find((item) => item.id === id);
      const visible =
        person &&
        (person.id === user.id ||
          (isClient(user)
            ? person.company_id !== null && person.company_id === user.company_id
            : hasPermission(user, PERMISSIONS.USERS_VIEW)));
      return visible ? HttpResponse.json(person) : notFound('Usuário não encontrado');
    }),
    http.get(api('/users/:id/audit'), async ({ request, params }) => {
      const user = await reader(request, PERMISSIONS.USERS_MANAGE);
      if (user instanceof Response) return user;
      const parsed = parseOr400(userAuditQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
      if (parsed.error) return parsed.error;
      const id = Number(params.id);
      if (!store.get().people.some((person) => person.id === id)) return notFound('Usuário não encontrado');
      const { page, limit } = parsed.data;
      const events = store.get().audit.filter((event) => event.target_id === String(id));
      return HttpResponse.json({
        items: events.slice((page - 1) * limit, page * limit),
        total: events.length,
      });
    }),
  ];
  return { handlers, database };
}

/** The handlers alone, for a story that never changes the data live. */
export const createUserDirectoryHandlers = (options: UserDirectoryMockOptions = {}) =>
  createUserDirectoryMock(options).handlers;

export const userDirectoryHandlers = {
  default: () => createUserDirectoryHandlers(),
  empty: () => createUserDirectoryHandlers({ empty: true }),
  failing: () => createUserDirectoryHandlers({ failing: true }),
  forbidden: () => createUserDirectoryHandlers({ forbidden: true }),
  loading: () => createUserDirectoryHandlers({ loading: true }),
};
