// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { StrictMode, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientProvider } from '../http/api-client-context';
import { createApiClient } from '../http/api-client';
import { requestSessionRefresh } from '../http/session-refresh';
import { sessionKeys } from './keys';
import { ticketKeys } from '../tickets/keys';
import { SessionProvider, useSession } from './session-provider';
import { readStoredToken, readStoredUser, sessionStorageKeys } from './storage';

const BASE = 'http://api.farol.test';
const server = setupServer();

const ANA = {
  id: 1,
  email: 'ana@farol.dev',
  username: 'ana',
  first_name: 'Ana',
  last_name: 'Souza',
  name: 'Ana Souza',
  role: 'admin',
  permissions: [],
  theme: 'ocean',
  profile_picture: null,
  company_id: null,
};
const BRUNO = {
  id: 2,
  firstName: 'Bruno',
  lastName: 'Lima',
  role: 'cliente',
  permissionKeys: ['tickets.view'],
};

interface Seen {
  profileCalls: Array<string | null>;
  loginBodies: unknown[];
  logoutCalls: number;
}

/** Profile answers with `profile(authorization)`; records every call. */
function serve(profile: (auth: string | null) => Response): Seen {
  const seen: Seen = { profileCalls: [], loginBodies: [], logoutCalls: 0 };
  server.use(
    http.get(`${BASE}/api/profile`, ({ request }) => {
      const auth = request.headers.get('authorization');
      seen.profileCalls.push(auth);
      return profile(auth);
    }),
    http.post(`${BASE}/api/auth/logout`, () => {
      seen.logoutCalls += 1;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return seen;
}

const unauthorized = () =>
  HttpResponse.json({ error: 'unauthorized', message: 'Sessão expirada' }, { status: 401 });

function setup(pathname?: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const api = createApiClient({
    baseUrl: BASE,
    getToken: readStoredToken,
    onUnauthorized: requestSessionRefresh,
    queryClient,
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={api}>
        <SessionProvider pathname={pathname}>{children}</SessionProvider>
      </ApiClientProvider>
    </QueryClientProvider>
  );
  const hook = renderHook(() => useSession(), { wrapper });
  return { ...hook, queryClient, api };
}

function storeSession(user: object, token: string) {
  localStorage.setItem(sessionStorageKeys.user, JSON.stringify(user));
  localStorage.setItem(sessionStorageKeys.token, token);
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

describe('SessionProvider on load', () => {
  it('with a stored token: loading, then the profile once with the bearer → authenticated', async () => {
    storeSession({ id: 1, name: 'stale' }, 'tok-a');
    const seen = serve(() => HttpResponse.json(ANA));
    const { result, queryClient } = setup('/dashboard');
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(result.current.user).toMatchObject({ id: 1, name: 'Ana Souza', theme: 'ocean' });
    expect(result.current.token).toBe('tok-a');
    expect(seen.profileCalls).toEqual(['Bearer tok-a']);
    expect(readStoredUser()?.name).toBe('Ana Souza');
    expect(queryClient.getQueryData(sessionKeys.profile())).toMatchObject({ id: 1, name: 'Ana Souza' });
    expect(localStorage.getItem('farol:theme')).toBe('ocean');
    expect(localStorage.getItem('theme')).toBe('ocean');
  });

  it('fetches the profile once under React StrictMode too', async () => {
    storeSession(ANA, 'tok');
    const seen = serve(() => HttpResponse.json(ANA));
    const queryClient = new QueryClient();
    const api = createApiClient({ baseUrl: BASE, getToken: readStoredToken, queryClient });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <ApiClientProvider client={api}>
            <SessionProvider pathname="/dashboard">{children}</SessionProvider>
          </ApiClientProvider>
        </QueryClientProvider>
      </StrictMode>
    );
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.profileCalls).toHaveLength(1);
  });

  it('without a token: fetches the profile once (cookie session) and becomes authenticated', async () => {
    const seen = serve((auth) => (auth ? unauthorized() : HttpResponse.json(ANA)));
    const { result } = setup('/dashboard');
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(result.current.token).toBeNull();
    expect(seen.profileCalls).toEqual([null]);
  });

  it('without a token and no cookie session: anonymous after one call', async () => {
    const seen = serve(unauthorized);
    const { result } = setup('/tasks');
    await waitFor(() => expect(result.current.status).toBe('anonymous'));
    expect(result.current.user).toBeNull();
    expect(seen.profileCalls).toHaveLength(1);
  });

  it('a profile failure clears user and token, in memory and in storage', async () => {
    storeSession(ANA, 'expired');
    const seen = serve(unauthorized);
    const { result } = setup('/support');
    await waitFor(() => expect(result.current.status).toBe('anonymous'));
    expect(result.current).toMatchObject({ user: null, token: null });
    expect(readStoredToken()).toBeNull();
    expect(readStoredUser()).toBeNull();
    // The 401 asked for a refresh, but there is no session left to refresh: no loop.
    expect(seen.profileCalls).toHaveLength(1);
  });

  it('a server error on the profile also clears the session', async () => {
    storeSession(ANA, 'tok');
    serve(() => HttpResponse.json({ error: 'internal_error' }, { status: 500 }));
    const { result } = setup('/dashboard');
    await waitFor(() => expect(result.current.status).toBe('anonymous'), { timeout: 4000 });
    expect(readStoredToken()).toBeNull();
  });

  it.each(['/login', '/portal/login', '/login/'])(
    'never fetches on %s; a stored user+token is authenticated',
    async (path) => {
      storeSession(ANA, 'tok');
      const seen = serve(() => HttpResponse.json(ANA));
      const { result } = setup(path);
      expect(result.current.status).toBe('authenticated');
      expect(result.current.user?.name).toBe('Ana Souza');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen.profileCalls).toHaveLength(0);
    },
  );

  it.each([
    ['nothing stored', null, null],
    ['a token without user', null, 'tok'],
    ['a user without token', ANA, null],
  ])('on /login with %s the status is anonymous', async (_label, user, token) => {
    if (user) localStorage.setItem('farol:user', JSON.stringify(user));
    if (token) localStorage.setItem('farol:token', token);
    const seen = serve(() => HttpResponse.json(ANA));
    const { result } = setup('/login');
    expect(result.current.status).toBe('anonymous');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.profileCalls).toHaveLength(0);
  });

  it('leaving /login with an unchecked stored token checks it once', async () => {
    storeSession(ANA, 'tok');
    const seen = serve(() => HttpResponse.json({ ...ANA, first_name: 'Ana Maria' }));
    const queryClient = new QueryClient();
    const api = createApiClient({ baseUrl: BASE, getToken: readStoredToken, queryClient });
    let path = '/login';
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={api}>
          <SessionProvider pathname={path}>{children}</SessionProvider>
        </ApiClientProvider>
      </QueryClientProvider>
    );
    const { result, rerender } = renderHook(() => useSession(), { wrapper });
    expect(seen.profileCalls).toHaveLength(0);
    path = '/dashboard';
    rerender();
    await waitFor(() => expect(result.current.user?.name).toBe('Ana Maria Souza'));
    path = '/tasks';
    rerender();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.profileCalls).toHaveLength(1);
  });

  it('reads window.location.pathname when no pathname is given', async () => {
    window.history.replaceState(null, '', '/portal/login');
    storeSession(ANA, 'tok');
    const seen = serve(() => HttpResponse.json(ANA));
    const { result } = setup();
    expect(result.current.status).toBe('authenticated');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.profileCalls).toHaveLength(0);
    window.history.replaceState(null, '', '/');
  });
});

describe('login', () => {
  function serveLogin(reply: () => Response, seen: Seen) {
    server.use(
      http.post(`${BASE}/api/auth/login`, async ({ request }) => {
        seen.loginBodies.push(await request.json());
        return reply();
      }),
    );
  }

  it('sends {login, email, password}, saves user and token, refreshes the profile, invalidates everything', async () => {
    const seen = serve((auth) => (auth === 'Bearer new-token' ? HttpResponse.json(ANA) : unauthorized()));
    serveLogin(() => HttpResponse.json({ user: ANA, token: 'new-token' }), seen);
    const { result, queryClient } = setup('/login');
    queryClient.setQueryData(ticketKeys.list(), [{ id: 1 }]);

    let returned: unknown;
    await act(async () => {
      returned = await result.current.login('  ana@farol.dev ', 's3nha');
    });
    expect(seen.loginBodies).toEqual([{ login: 'ana@farol.dev', email: 'ana@farol.dev', password: 's3nha' }]);
    expect(returned).toMatchObject({ id: 1, name: 'Ana Souza' });
    expect(result.current).toMatchObject({ status: 'authenticated', token: 'new-token' });
    expect(readStoredToken()).toBe('new-token');
    expect(readStoredUser()?.id).toBe(1);
    expect(seen.profileCalls).toEqual(['Bearer new-token']);
    expect(queryClient.getQueryState(ticketKeys.list())?.isInvalidated).toBe(true);
  });

  const failures: Array<[string, () => Response, string]> = [
    [
      '401 with message',
      () =>
        HttpResponse.json(
          { error: 'invalid_credentials', message: 'Login ou senha inválidos' },
          { status: 401 },
        ),
      'Login ou senha inválidos',
    ],
    [
      '401 with only error text',
      () => HttpResponse.json({ error: 'Usuário bloqueado' }, { status: 401 }),
      'Usuário bloqueado',
    ],
    ['200 with {error}', () => HttpResponse.json({ error: 'Senha expirada' }), 'Senha expirada'],
    ['500 without body', () => new HttpResponse(null, { status: 500 }), 'Falha no login'],
    ['200 without token', () => HttpResponse.json({ user: ANA }), 'Falha no login'],
    ['200 without user', () => HttpResponse.json({ token: 't' }), 'Falha no login'],
    ['non-JSON answer', () => HttpResponse.text('oops'), 'Falha no login'],
    ['network failure', () => HttpResponse.error(), 'Não foi possível conectar ao servidor'],
  ];
  it.each(failures)('fails with a readable message: %s', async (_label, reply, message) => {
    const seen = serve(unauthorized);
    serveLogin(reply, seen);
    const { result } = setup('/login');
    await expect(result.current.login('ana', 'x')).rejects.toThrow(message);
    expect(result.current.status).toBe('anonymous');
    expect(readStoredToken()).toBeNull();
    expect(seen.profileCalls).toHaveLength(0);
  });

  it('refuses a blank identifier or password without calling the server', async () => {
    const seen = serve(unauthorized);
    serveLogin(() => HttpResponse.json({ user: ANA, token: 't' }), seen);
    const { result } = setup('/login');
    await expect(result.current.login('   ', 'x')).rejects.toThrow('Informe o login e a senha');
    await expect(result.current.login('ana', '')).rejects.toThrow('Informe o login e a senha');
    expect(seen.loginBodies).toHaveLength(0);
  });
});

describe('logout', () => {
  it('calls the server, clears the cache, user and token', async () => {
    storeSession(ANA, 'tok');
    const seen = serve(() => HttpResponse.json(ANA));
    const { result, queryClient } = setup('/dashboard');
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    queryClient.setQueryData(ticketKeys.list(), [{ id: 1 }]);
    await act(() => result.current.logout());
    expect(seen.logoutCalls).toBe(1);
    expect(result.current).toMatchObject({ status: 'anonymous', user: null, token: null });
    expect(queryClient.getQueryData(ticketKeys.list())).toBeUndefined();
    expect(readStoredToken()).toBeNull();
    expect(readStoredUser()).toBeNull();
  });

  it('ignores server errors', async () => {
    storeSession(ANA, 'tok');
    serve(() => HttpResponse.json(ANA));
    server.use(http.post(`${BASE}/api/auth/logout`, () => HttpResponse.error()));
    const { result } = setup('/dashboard');
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    await act(() => result.current.logout());
    expect(result.current.status).toBe('anonymous');
  });
});

describe('other tabs and refresh', () => {
  it('picks up a sign-in, a user switch and a sign-out made in another tab', async () => {
    const seen = serve((auth) => (auth === 'Bearer tab-b' ? HttpResponse.json(BRUNO) : unauthorized()));
    const { result, queryClient } = setup('/dashboard');
    await waitFor(() => expect(result.current.status).toBe('anonymous'));

    act(() => {
      storeSession(BRUNO, 'tab-b');
      window.dispatchEvent(new StorageEvent('storage', { key: 'farol:token' }));
    });
    expect(result.current).toMatchObject({ status: 'authenticated', token: 'tab-b' });
    expect(result.current.user?.name).toBe('Bruno Lima');
    // The new token has not been checked yet: the profile is fetched with it.
    await waitFor(() => expect(seen.profileCalls).toContain('Bearer tab-b'));

    queryClient.setQueryData(ticketKeys.list(), [{ id: 1 }]);
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(result.current).toMatchObject({ status: 'anonymous', user: null, token: null });
    expect(queryClient.getQueryData(ticketKeys.list())).toBeUndefined();
  });

  it('ignores storage events for unrelated keys', async () => {
    storeSession(ANA, 'tok');
    serve(() => HttpResponse.json(ANA));
    const { result } = setup('/dashboard');
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    act(() => {
      localStorage.removeItem('farol:user');
      window.dispatchEvent(new StorageEvent('storage', { key: 'farol:sidebar' }));
    });
    expect(result.current.user?.id).toBe(1);
  });

  it("refetches the profile on a window 'auth-refresh' event", async () => {
    storeSession(ANA, 'tok');
    let theme = 'ocean';
    const seen = serve(() => HttpResponse.json({ ...ANA, theme }));
    const { result } = setup('/dashboard');
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    theme = 'forest';
    act(() => requestSessionRefresh());
    await waitFor(() => expect(result.current.user?.theme).toBe('forest'));
    expect(seen.profileCalls).toHaveLength(2);
  });

  it('a 401 elsewhere triggers the refresh, which signs out when the session is gone', async () => {
    storeSession(ANA, 'tok');
    let valid = true;
    serve(() => (valid ? HttpResponse.json(ANA) : unauthorized()));
    server.use(http.get(`${BASE}/api/notifications`, () => unauthorized()));
    const { result, api } = setup('/dashboard');
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    valid = false;
    await expect(api.get('/api/notifications')).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(result.current.status).toBe('anonymous'));
  });

  it('refresh() returns the fresh user', async () => {
    storeSession(ANA, 'tok');
    serve(() => HttpResponse.json(ANA));
    const { result } = setup('/dashboard');
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    let fresh: unknown;
    await act(async () => {
      fresh = await result.current.refresh();
    });
    expect(fresh).toMatchObject({ id: 1 });
  });

  it('a successful PUT /api/profile flows into the session user', async () => {
    storeSession(ANA, 'tok');
    let theme = 'ocean';
    serve(() => HttpResponse.json({ ...ANA, theme }));
    server.use(
      http.put(`${BASE}/api/profile`, async ({ request }) => {
        theme = ((await request.json()) as { theme: string }).theme;
        return HttpResponse.json({ ok: true });
      }),
    );
    const { result, api } = setup('/settings');
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    await api.put('/api/profile', { theme: 'sunset' });
    await waitFor(() => expect(result.current.user?.theme).toBe('sunset'));
    expect(readStoredUser()?.theme).toBe('sunset');
  });
});

describe('useSession', () => {
  it('throws a clear error outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useSession())).toThrow(/inside <SessionProvider>/);
  });
});
