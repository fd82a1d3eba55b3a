import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import {
  securitySettingsUpdateSchema,
  twoFactorCodeRequestSchema,
  twoFactorDisableRequestSchema,
  type ActiveSession,
  type LoginEvent,
  type SecuritySettingsAnswer,
  type TwoFactorStatus,
} from '../../contract/security';
import { FIXTURE_PASSWORD } from '../../mocks/fixtures';
import {
  api,
  errorResponse,
  forbidden,
  jsonBody,
  notFound,
  parseOr400,
  serverError,
  userFromRequest,
} from '../../mocks/http';
import {
  MOCK_RECOVERY_CODES,
  mockLoginEvents,
  mockSecuritySettings,
  mockSessions,
  mockTwoFactorSetup,
  twoFactorOff,
} from './fixtures';

export interface SecurityMockOptions {
  /** One's own 2FA state to start from. */
  twoFactor?: TwoFactorStatus;
  sessions?: ActiveSession[];
  history?: LoginEvent[];
  settings?: SecuritySettingsAnswer;
  /** Reads never answer (the loading state). */
  loading?: boolean;
  /** Every call answers 500. */
  failing?: boolean;
}

/**
 * A security mock that behaves like the server: enrolment (any 6 digits but 000000 confirm), recovery codes,
 * disabling with the fixture password, sessions revoked one or all, paged history, the requirement (admins)
 * and a person's state for who manages users. `database` lets a story look at what changed.
 */
export function createSecurityMock(options: SecurityMockOptions = {}) {
  const database = {
    twoFactor: { ...(options.twoFactor ?? twoFactorOff) },
    pendingSetup: false,
    sessions: [...(options.sessions ?? mockSessions())],
    history: [...(options.history ?? mockLoginEvents())],
    settings: { ...(options.settings ?? mockSecuritySettings()) },
    people: new Map<number, TwoFactorStatus>(),
  };
  const { loading = false, failing = false } = options;
  const gate = async () => {
    if (loading) await delay('infinite');
    return failing ? serverError() : null;
  };
  const wrongCode = () =>
    errorResponse(
      400,
      'validation_failed',
      'Código inválido. Confira o horário do celular e tente de novo.',
      {
        code: 'Código inválido. Confira o horário do celular e tente de novo.',
      },
    );
  const isAdmin = (request: Request) => userFromRequest(request)?.role.toLowerCase() === 'admin';
  const manages = (request: Request) => {
    const user = userFromRequest(request);
    return Boolean(
      user && (user.role.toLowerCase() === 'admin' || user.permissions.includes('users.manage')),
    );
  };
  const page = (request: Request) => {
    const url = new URL(request.url);
    const number = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const limit = Math.max(1, Math.min(100, Number(url.searchParams.get('limit') ?? 25)));
    return {
      items: database.history.slice((number - 1) * limit, number * limit),
      total: database.history.length,
    };
  };

  const handlers: HttpHandler[] = [
    http.get(api('/security/two-factor'), async () => {
      const refused = await gate();
      if (refused) return refused;
      return HttpResponse.json(database.twoFactor);
    }),
    http.post(api('/security/two-factor/setup'), async () => {
      const refused = await gate();
      if (refused) return refused;
      if (database.twoFactor.enabled) {
        return errorResponse(409, 'conflict', 'A verificação em duas etapas já está ativa');
      }
      database.pendingSetup = true;
      return HttpResponse.json(mockTwoFactorSetup());
    }),
    http.post(api('/security/two-factor/confirm'), async ({ request }) => {
      const refused = await gate();
      if (refused) return refused;
      const parsed = parseOr400(twoFactorCodeRequestSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      if (!database.pendingSetup)
        return errorResponse(409, 'conflict', 'A configuração expirou. Comece novamente.');
      if (parsed.data.code.replace(/\s+/g, '') === '000000') return wrongCode();
      database.pendingSetup = false;
      database.twoFactor = {
        ...database.twoFactor,
        enabled: true,
        enabled_at: new Date().toISOString(),
        recovery_codes_left: MOCK_RECOVERY_CODES.length,
      };
      return HttpResponse.json({ codes: MOCK_RECOVERY_CODES });
    }),
    http.post(api('/security/two-factor/recovery-codes'), async ({ request }) => {
      const refused = await gate();
      if (refused) return refused;
      const parsed = parseOr400(twoFactorCodeRequestSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      if (parsed.data.code.replace(/\s+/g, '') === '000000') return wrongCode();
      database.twoFactor = { ...database.twoFactor, recovery_codes_left: MOCK_RECOVERY_CODES.length };
      return HttpResponse.json({ codes: [...MOCK_RECOVERY_CODES].reverse() });
    }),
    http.post(api('/security/two-factor/disable'), async ({ request }) => {
      const refused = await gate();
      if (refused) return refused;
      const parsed = parseOr400(twoFactorDisableRequestSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      if (database.twoFactor.required) {
        return errorResponse(
          409,
          'conflict',
          'A verificação em duas etapas é obrigatória para a sua função e não pode ser desativada',
        );
      }
      if (parsed.data.password !== FIXTURE_PASSWORD) {
        return errorResponse(400, 'validation_failed', 'Senha incorreta', { password: 'Senha incorreta' });
      }
      if (parsed.data.code === '000000') {
        return errorResponse(400, 'validation_failed', 'Código inválido', { code: 'Código inválido' });
      }
      database.twoFactor = { ...twoFactorOff, required: database.twoFactor.required };
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(api('/security/sessions'), async () => {
      const refused = await gate();
      return refused ?? HttpResponse.json({ items: database.sessions });
    }),
    http.delete(api('/security/sessions/:sessionId'), async ({ params }) => {
      const refused = await gate();
      if (refused) return refused;
      const session = database.sessions.find((item) => item.id === Number(params.sessionId));
      if (!session) return notFound('Sessão não encontrada ou já encerrada');
      if (session.current) {
        return errorResponse(
          409,
          'conflict',
          'Esta é a sessão que você está usando: para encerrá-la, use Sair',
        );
      }
      database.sessions = database.sessions.filter((item) => item !== session);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(api('/security/sessions/revoke-others'), async () => {
      const refused = await gate();
      if (refused) return refused;
      const revoked = database.sessions.filter((item) => !item.current).length;
      database.sessions = database.sessions.filter((item) => item.current);
      return HttpResponse.json({ revoked });
    }),
    http.get(api('/security/login-history'), async ({ request }) => {
      const refused = await gate();
      return refused ?? HttpResponse.json(page(request));
    }),
    http.get(api('/security/settings'), async ({ request }) => {
      const refused = await gate();
      if (refused) return refused;
      return isAdmin(request) ? HttpResponse.json(database.settings) : forbidden();
    }),
    http.put(api('/security/settings'), async ({ request }) => {
      const refused = await gate();
      if (refused) return refused;
      if (!isAdmin(request)) return forbidden();
      const parsed = parseOr400(securitySettingsUpdateSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      database.settings = {
        ...database.settings,
        require_two_factor: parsed.data.require_two_factor,
        roles: parsed.data.require_two_factor === 'roles' ? parsed.data.roles : [],
        updated_at: new Date().toISOString(),
      };
      return HttpResponse.json(database.settings);
    }),
    http.get(api('/security/users/:id'), async ({ request, params }) => {
      const refused = await gate();
      if (refused) return refused;
      if (!manages(request)) return forbidden();
      const id = Number(params.id);
      const state = database.people.get(id) ?? { ...database.twoFactor, required: false };
      return HttpResponse.json({ user_id: id, ...state });
    }),
    http.post(api('/security/users/:id/two-factor/reset'), async ({ request, params }) => {
      const refused = await gate();
      if (refused) return refused;
      if (!manages(request)) return forbidden();
      const id = Number(params.id);
      const state = database.people.get(id) ?? database.twoFactor;
      if (!state.enabled)
        return errorResponse(409, 'conflict', 'Esta pessoa não usa verificação em duas etapas');
      database.people.set(id, { ...twoFactorOff, required: state.required });
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(api('/security/users/:id/sessions'), async ({ request }) => {
      const refused = await gate();
      if (refused) return refused;
      if (!manages(request)) return forbidden();
      return HttpResponse.json({ items: database.sessions.map((item) => ({ ...item, current: false })) });
    }),
    http.delete(api('/security/users/:id/sessions/:sessionId'), async ({ request, params }) => {
      const refused = await gate();
      if (refused) return refused;
      if (!manages(request)) return forbidden();
      const before = database.sessions.length;
      database.sessions = database.sessions.filter((item) => item.id !== Number(params.sessionId));
      return database.sessions.length < before
        ? new HttpResponse(null, { status: 204 })
        : notFound('Sessão não encontrada ou já encerrada');
    }),
    http.post(api('/security/users/:id/sessions/revoke-all'), async ({ request }) => {
      const refused = await gate();
      if (refused) return refused;
      if (!manages(request)) return forbidden();
      const revoked = database.sessions.length;
      database.sessions = [];
      return HttpResponse.json({ revoked });
    }),
    http.get(api('/security/users/:id/login-history'), async ({ request }) => {
      const refused = await gate();
      if (refused) return refused;
      if (!manages(request)) return forbidden();
      return HttpResponse.json(page(request));
    }),
  ];
  return { handlers, database };
}

export const securityHandlers = {
  default: () => createSecurityMock().handlers,
  enabled: () =>
    createSecurityMock({
      twoFactor: {
        enabled: true,
        enabled_at: '2026-10-02T13:20:00.000Z',
        recovery_codes_left: 8,
        required: false,
      },
    }).handlers,
  loading: () => createSecurityMock({ loading: true }).handlers,
  failing: () => createSecurityMock({ failing: true }).handlers,
};
