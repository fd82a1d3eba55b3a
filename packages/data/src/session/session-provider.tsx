import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  type ReactNode,
} from 'react';
import { isLoginPath } from '../access/paths';
import { isLoginChallenge } from '../contract/security-constants';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../http/api-error';
import { useApiClient } from '../http/api-client-context';
import { AUTH_REFRESH_EVENT } from '../http/session-refresh';
import { sessionKeys } from './keys';
import { normalizeUser, type SessionUser } from './normalize-user';
import { profileQueryOptions } from './profile-query';
import {
  clearSession,
  markMustChangePassword,
  readStoredToken,
  markTwoFactorSetupRequired,
  readStoredUser,
  sessionStorageKeys,
  storeTheme,
  writeSession,
} from './storage';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  token: string | null;
  /** Signs in; resolves to the user, rejects with an Error whose message is ready to show. */
  login(identifier: string, password: string): Promise<SessionUser>;
  /**
   * The sign-in's second step when `login` threw TwoFactorRequiredError: its challenge and a code from the app
   * or a recovery code. Resolves to the user; rejects with an Error whose message is ready to show.
   */
  verifyTwoFactor(challenge: string, code: string): Promise<SessionUser>;
  /** Signs out on the server (errors ignored), then forgets the user, the token and all cached data. */
  logout(): Promise<void>;
  /** Refetches the profile; a failure signs out. Resolves to the user, or null when signed out. */
  refresh(): Promise<SessionUser | null>;
}

export const LOGIN_URL = '/api/auth/login';
export const LOGOUT_URL = '/api/auth/logout';
export const LOGIN_FAILED_MESSAGE = 'Falha no login';
export const LOGIN_MISSING_FIELDS_MESSAGE = 'Informe o login e a senha';
export const LOGIN_TWO_FACTOR_URL = '/api/auth/login/2fa';
export const TWO_FACTOR_MISSING_CODE_MESSAGE = 'Informe o código';

/** `login` found an account with two-factor sign-in: ask for the code, then call `verifyTwoFactor`. */
export class TwoFactorRequiredError extends Error {
  constructor(
    readonly challenge: string,
    readonly expiresAt: string,
  ) {
    super('Informe o código de verificação');
    this.name = 'TwoFactorRequiredError';
  }
}

const NOT_FETCHED = Symbol('not-fetched');

interface State {
  status: SessionStatus;
  user: SessionUser | null;
  token: string | null;
  /** The token the profile was last fetched with (spec §4: a token is checked once). */
  fetchedFor: string | null | typeof NOT_FETCHED;
}

type Action =
  | { type: 'profile-start'; token: string | null }
  | { type: 'profile-ok'; user: SessionUser }
  | { type: 'profile-update'; user: SessionUser }
  | { type: 'profile-failed' }
  | { type: 'login'; user: SessionUser; token: string }
  | { type: 'logout' }
  | { type: 'storage'; user: SessionUser | null; token: string | null };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'profile-start':
      return { ...state, fetchedFor: action.token };
    case 'profile-ok':
      return { ...state, status: 'authenticated', user: action.user };
    case 'profile-update':
      return state.status === 'authenticated' ? { ...state, user: action.user } : state;
    case 'profile-failed':
    case 'logout':
      return { ...state, status: 'anonymous', user: null, token: null, fetchedFor: null };
    case 'login':
      return { status: 'authenticated', user: action.user, token: action.token, fetchedFor: action.token };
    case 'storage':
      return {
        ...state,
        user: action.user,
        token: action.token,
        status: action.user ? 'authenticated' : 'anonymous',
      };
  }
}

function initialState(onLoginPage: boolean): State {
  const user = readStoredUser();
  const token = readStoredToken();
  // On the login pages nothing is fetched, so the stored session decides; elsewhere the profile does.
  const status: SessionStatus = onLoginPage ? (user && token ? 'authenticated' : 'anonymous') : 'loading';
  return { status, user, token, fetchedFor: NOT_FETCHED };
}

function currentPathname(): string {
  return typeof window !== 'undefined' ? window.location.pathname : '/';
}

/** The login failure text (spec §8): the server's text, else 'Falha no login'. */
function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return NETWORK_ERROR_MESSAGE;
    return serverText(error.body) ?? LOGIN_FAILED_MESSAGE;
  }
  return LOGIN_FAILED_MESSAGE;
}

function serverText(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message.trim()) return message;
  if (typeof error === 'string' && error.trim()) return error;
  return null;
}

const SessionContext = createContext<Session | null>(null);

export interface SessionProviderProps {
  children?: ReactNode;
  /** The current path; defaults to window.location.pathname. Pass the router's path so changes are seen. */
  pathname?: string;
}

export function SessionProvider({ children, pathname }: SessionProviderProps) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const onLoginPage = isLoginPath(pathname ?? currentPathname());
  const [state, dispatch] = useReducer(reducer, onLoginPage, initialState);
  // Bumped by login and logout so a profile answer from before cannot resurrect an old session.
  const generation = useRef(0);

  const loadProfile = useCallback(async (): Promise<SessionUser | null> => {
    const started = generation.current;
    try {
      const user = await queryClient.fetchQuery({ ...profileQueryOptions(api), staleTime: 0 });
      if (started !== generation.current) return null;
      writeSession({ user });
      storeTheme(user.theme);
      dispatch({ type: 'profile-ok', user });
      return user;
    } catch {
      if (started !== generation.current) return null;
      clearSession();
      queryClient.removeQueries({ queryKey: sessionKeys.profile(), exact: true });
      dispatch({ type: 'profile-failed' });
      return null;
    }
  }, [api, queryClient]);

  // Spec §4: fetch the profile once when a token has not been checked yet, or when there is no token.
  const needsProfile =
    !onLoginPage &&
    (state.token === null ? state.fetchedFor === NOT_FETCHED : state.fetchedFor !== state.token);
  useEffect(() => {
    if (!needsProfile) return;
    dispatch({ type: 'profile-start', token: state.token });
    void loadProfile();
  }, [needsProfile, state.token, loadProfile]);

  // A profile changed elsewhere (PUT /api/profile invalidates sessionKeys) flows into the session.
  const { data: liveProfile } = useQuery({
    ...profileQueryOptions(api),
    enabled: state.status === 'authenticated' && !onLoginPage,
  });
  useEffect(() => {
    if (!liveProfile) return;
    writeSession({ user: liveProfile });
    dispatch({ type: 'profile-update', user: liveProfile });
  }, [liveProfile]);

  // Another tab signed in, switched user or signed out.
  useEffect(() => {
    if (typeof window === 'undefined') return;
    const onStorage = (event: StorageEvent) => {
      if (
        event.key !== null &&
        event.key !== sessionStorageKeys.user &&
        event.key !== sessionStorageKeys.token
      ) {
        return;
      }
      const user = readStoredUser();
      const token = readStoredToken();
      generation.current += 1;
      dispatch({ type: 'storage', user, token });
      if (!user) queryClient.clear();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  // Someone got a 401 (requestSessionRefresh): re-check the profile while there is a session to check.
  const hasSession = state.user !== null || state.token !== null;
  useEffect(() => {
    if (typeof window === 'undefined' || onLoginPage || !hasSession) return;
    const onRefresh = () => void loadProfile();
    window.addEventListener(AUTH_REFRESH_EVENT, onRefresh);
    return () => window.removeEventListener(AUTH_REFRESH_EVENT, onRefresh);
  }, [onLoginPage, hasSession, loadProfile]);

  // Sends a sign-in step and, when it answers a session, starts it.
  const signIn = useCallback(
    async (send: () => Promise<unknown>): Promise<SessionUser> => {
      let answer: unknown;
      try {
        answer = await send();
      } catch (error) {
        throw new Error(loginErrorMessage(error), { cause: error });
      }
      // The account has two-factor sign-in: the page asks for the code (issue 13).
      if (isLoginChallenge(answer)) throw new TwoFactorRequiredError(answer.challenge, answer.expires_at);
      const record = answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : {};
      const user = normalizeUser(record.user);
      const token = typeof record.token === 'string' && record.token ? record.token : null;
      // Some servers answer 200 with {error}: that is a failure too.
      if (!user || !token || record.error) throw new Error(serverText(record) ?? LOGIN_FAILED_MESSAGE);

      generation.current += 1;
      writeSession({ user, token });
      markMustChangePassword(record.must_change_password === true);
      markTwoFactorSetupRequired(record.two_factor_setup_required === true);
      storeTheme(user.theme);
      dispatch({ type: 'login', user, token });
      // Everything cached was fetched as somebody else (or nobody).
      void queryClient.invalidateQueries();
      const fresh = await loadProfile();
      if (!fresh) throw new Error(LOGIN_FAILED_MESSAGE);
      return fresh;
    },
    [queryClient, loadProfile],
  );

  const login = useCallback(
    async (identifier: string, password: string): Promise<SessionUser> => {
      const id = identifier.trim();
      if (!id || !password) throw new Error(LOGIN_MISSING_FIELDS_MESSAGE);
      return signIn(() => api.post<unknown>(LOGIN_URL, { login: id, email: id, password }));
    },
    [api, signIn],
  );

  const verifyTwoFactor = useCallback(
    async (challenge: string, code: string): Promise<SessionUser> => {
      const typed = code.trim();
      if (!typed) throw new Error(TWO_FACTOR_MISSING_CODE_MESSAGE);
      return signIn(() => api.post<unknown>(LOGIN_TWO_FACTOR_URL, { challenge, code: typed }));
    },
    [api, signIn],
  );

  const logout = useCallback(async (): Promise<void> => {
    generation.current += 1;
    try {
      await api.post(LOGOUT_URL);
    } catch {
      // The local session ends whatever the server says.
    }
    clearSession();
    dispatch({ type: 'logout' });
    queryClient.clear();
  }, [api, queryClient]);

  const value = useMemo<Session>(
    () => ({
      status: state.status,
      user: state.user,
      token: state.token,
      login,
      verifyTwoFactor,
      logout,
      refresh: loadProfile,
    }),
    [state.status, state.user, state.token, login, verifyTwoFactor, logout, loadProfile],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>.');
  return session;
}
