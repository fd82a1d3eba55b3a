import { http, HttpResponse, type HttpHandler } from 'msw';
import { profileUpdateSchema, type UserWire } from '../../contract/user';
import {
  FIXTURE_PASSWORD,
  fixtureTokens,
  fixtures,
  userForToken,
  type FixtureUserName,
} from '../../mocks/fixtures';
import { api, bearer, errorResponse, jsonBody, serverError, unauthorized } from '../../mocks/http';
import { createMockStore } from '../../mocks/store';

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
