import { http, HttpResponse, type HttpHandler } from 'msw';
import {
  TWO_FACTOR_SETUP_REQUIRED_CODE,
  TWO_FACTOR_SETUP_REQUIRED_MESSAGE,
} from '../../contract/security-constants';
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
  /**
   * The account has two-factor sign-in: the login answers a code step, and /auth/login/2fa accepts
   * MOCK_TWO_FACTOR_CODE or a recovery code (each once), anything else with 'Código inválido'.
   */
  twoFactor?: boolean;
  /** The sign-in succeeds but the 2FA requirement covers the person, who has not enrolled. */
  twoFactorSetupRequired?: boolean;
}

/** The code the mocks' second sign-in step accepts. */
export const MOCK_TWO_FACTOR_CODE = '123456';
/** A recovery code the mocks accept once. */
export const MOCK_RECOVERY_CODE = 'K7QXM-4RTPA';

export function createAuthHandlers({
  loginFails,
  twoFactor = false,
  twoFactorSetupRequired = false,
}: AuthMockOptions = {}): HttpHandler[] {
  const challenges = new Map<string, FixtureUserName>();
  const usedRecovery = new Set<string>();
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
      if (twoFactor) {
        const challenge = `mock-challenge-${entry[0]}-${challenges.size + 1}-aaaaaaaaaaaa`;
        challenges.set(challenge, entry[0]);
        return HttpResponse.json({
          two_factor_required: true,
          challenge,
          expires_at: new Date(Date.now() + 5 * 60_000).toISOString(),
        });
      }
      return HttpResponse.json({
        user: entry[1],
        token: fixtureTokens[entry[0]],
        ...(twoFactorSetupRequired ? { two_factor_setup_required: true } : {}),
      });
    }),
    http.post(api('/auth/login/2fa'), async ({ request }) => {
      const body = await jsonBody(request);
      const challenge = typeof body.challenge === 'string' ? body.challenge : '';
      const code = typeof body.code === 'string' ? body.code.trim() : '';
      if (!code)
        return errorResponse(400, 'validation_failed', 'Informe o código', { code: 'Informe o código' });
      const name = challenges.get(challenge);
      if (!name) {
        return errorResponse(
          401,
          'invalid_credentials',
          'A verificação expirou. Entre com sua senha novamente.',
        );
      }
      const recovery = code.toUpperCase() === MOCK_RECOVERY_CODE && !usedRecovery.has(MOCK_RECOVERY_CODE);
      if (code.replace(/\s+/g, '') !== MOCK_TWO_FACTOR_CODE && !recovery) {
        return errorResponse(
          401,
          'invalid_credentials',
          'Código inválido. Confira o aplicativo e tente de novo.',
          {
            code: 'Código inválido',
          },
        );
      }
      if (recovery) usedRecovery.add(MOCK_RECOVERY_CODE);
      challenges.delete(challenge);
      return HttpResponse.json({ user: fixtures.users[name], token: fixtureTokens[name] });
    }),
    http.post(api('/auth/logout'), () => new HttpResponse(null, { status: 204 })),
  ];
}

export const authHandlers = {
  default: () => createAuthHandlers(),
  loginFails: (message = 'Credenciais inválidas') => createAuthHandlers({ loginFails: message }),
  twoFactor: () => createAuthHandlers({ twoFactor: true }),
  twoFactorSetupRequired: () => createAuthHandlers({ twoFactorSetupRequired: true }),
  /** A session already open when the requirement came: every other request answers 403 (put it first). */
  twoFactorGate: () => createTwoFactorGateHandlers(),
};

// ---------------------------------------------------------------- 2FA enrolment gate

/**
 * What a session whose person must still enrol in 2FA may call (the server's `beforeTwoFactor` routes, plus the
 * public ones): the sign-in, the profile, their own 2FA, sessions and sign-in history, their account and its
 * password.
 */
const BEFORE_TWO_FACTOR = [
  /^\/api\/(auth|config|health|profile)(\/|$)/,
  /^\/api\/security\/(two-factor|sessions|login-history)(\/|$)/,
  /^\/api\/accounts\/me(\/|$)/,
];

/**
 * The server's answer to a person the 2FA requirement covers who has not enrolled yet (issue 13): every other
 * request is refused with 403 `two_factor_setup_required`, and the portal sends them to /settings/security.
 * Put it before the other handlers: what it lets through falls to them.
 */
export function createTwoFactorGateHandlers(): HttpHandler[] {
  return [
    http.all(api('/*'), ({ request }) => {
      const path = new URL(request.url).pathname;
      // Only the API: '*/api/*' also matches the dev server's module files under a folder named api.
      if (!path.startsWith('/api/') || BEFORE_TWO_FACTOR.some((allowed) => allowed.test(path)))
        return undefined;
      return errorResponse(403, TWO_FACTOR_SETUP_REQUIRED_CODE, TWO_FACTOR_SETUP_REQUIRED_MESSAGE);
    }),
  ];
}

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
