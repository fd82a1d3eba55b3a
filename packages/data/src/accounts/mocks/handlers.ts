import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import {
  PASSWORD_RESET_SENT,
  PASSWORD_TOO_COMMON,
  accountListQuerySchema,
  bulkAccountActionSchema,
  createAccountSchema,
  setPasswordSchema,
  type Account,
  type AccountAction,
} from '../../contract';
import {
  api,
  errorResponse,
  forbidden,
  jsonBody,
  notFound,
  parseOr400,
  serverError,
  unauthorized,
  userFromRequest,
  validationFailed,
} from '../../mocks/http';
import { FIXTURE_PASSWORD } from '../../mocks/fixtures';
import { accountFixtures } from './seed';

const STATUS: Record<AccountAction, Account['status']> = {
  suspend: 'suspenso',
  reactivate: 'ativo',
  deactivate: 'desativado',
};
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
const COMMON = new Set(['senha12345', 'senha123456', '1234567890', 'qwertyuiop']);

/** The links the mocks know: 'valido' opens, 'expirado' answers 410, anything else 410 too. */
export const MOCK_LINK_TOKENS = {
  valid: 'valido-abcdefghijklmnopqrstu',
  expired: 'expirado-abcdefghijklmnopqrs',
};

export interface AccountMockOptions {
  accounts?: Account[];
  empty?: boolean;
  loading?: boolean;
  failing?: boolean;
  forbidden?: boolean;
  /** Invitations are e-mailed (SMTP configured) instead of only shown. */
  emailed?: boolean;
}

/** A database of accounts and the handlers answering over it, as the server does. */
export function createAccountMock(options: AccountMockOptions = {}) {
  const rows: Account[] = options.empty ? [] : structuredClone(options.accounts ?? accountFixtures());
  let nextId = 1000;

  const guard = async (request: Request): Promise<Response | null> => {
    if (options.loading) await delay('infinite');
    if (options.failing) return serverError();
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    if (options.forbidden) return forbidden();
    return null;
  };
  const find = (id: number) => rows.find((row) => row.id === id);

  const handlers: HttpHandler[] = [
    http.post(api('/accounts/me/password'), async ({ request }) => {
      if (!userFromRequest(request)) return unauthorized();
      const body = await jsonBody(request);
      // The temporary password of the stories' new account, or the fixtures' own.
      if (body.current_password !== 'Temporaria-2026' && body.current_password !== FIXTURE_PASSWORD)
        return validationFailed({ current_password: 'Senha atual incorreta' });
      const password = typeof body.password === 'string' ? body.password : '';
      if (password === body.current_password)
        return validationFailed({ password: 'A nova senha deve ser diferente da atual' });
      if (COMMON.has(password.toLowerCase())) return validationFailed({ password: PASSWORD_TOO_COMMON });
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(api('/accounts/me'), ({ request }) => {
      const user = userFromRequest(request);
      if (!user) return unauthorized();
      const own = rows.find((row) => row.email === user.email);
      return HttpResponse.json({
        must_change_password: own?.must_change_password ?? false,
        company_manager: own?.company_manager ?? false,
      });
    }),
    http.get(api('/accounts'), async ({ request }) => {
      const refused = await guard(request);
      if (refused) return refused;
      const query = parseOr400(accountListQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
      if (query.error) return query.error;
      const { q, status, role, sort = 'name', order = 'asc', page, limit } = query.data;
      let items = rows.filter(
        (row) =>
          (!q || fold(`${row.name} ${row.email} ${row.company_name ?? ''}`).includes(fold(q))) &&
          (!status || row.status === status) &&
          (!role || row.role === role),
      );
      const key = (row: Account) =>
        sort === 'company'
          ? (row.company_name ?? '')
          : sort === 'last_access'
            ? (row.last_access_at ?? '')
            : sort === 'name'
              ? row.name
              : String(row[sort]);
      items = [...items].sort((a, b) => key(a).localeCompare(key(b), 'pt-BR') * (order === 'desc' ? -1 : 1));
      return HttpResponse.json({ items: items.slice((page - 1) * limit, page * limit), total: items.length });
    }),
    http.post(api('/accounts'), async ({ request }) => {
      const refused = await guard(request);
      if (refused) return refused;
      const body = parseOr400(createAccountSchema, await jsonBody(request));
      if (body.error) return body.error;
      const input = body.data;
      if (rows.some((row) => row.email === input.email))
        return errorResponse(409, 'conflict', 'Já existe uma conta com este e-mail', {
          email: 'Já existe uma conta com este e-mail',
        });
      const account: Account = {
        id: (nextId += 1),
        email: input.email,
        first_name: input.first_name,
        last_name: input.last_name,
        name: `${input.first_name} ${input.last_name}`.trim(),
        role: input.role,
        permissions: input.permissions,
        company_id: input.company_id,
        company_name: input.company_id === null ? null : 'Acme',
        company_manager: input.company_manager,
        status: 'ativo',
        last_access_at: null,
        two_factor_enabled: false,
        must_change_password: input.delivery === 'temporary_password',
        invitation_expires_at:
          input.delivery === 'invite' ? new Date(Date.now() + 72 * 3_600_000).toISOString() : null,
        profile_picture: null,
        created_at: new Date().toISOString(),
      };
      rows.push(account);
      const invitation =
        input.delivery === 'invite'
          ? {
              url: `${location.origin}/convite/${MOCK_LINK_TOKENS.valid}`,
              expires_at: account.invitation_expires_at!,
              emailed: options.emailed ?? false,
            }
          : null;
      return HttpResponse.json({ account, invitation }, { status: 201 });
    }),
    http.post(api('/accounts/bulk'), async ({ request }) => {
      const refused = await guard(request);
      if (refused) return refused;
      const body = parseOr400(bulkAccountActionSchema, await jsonBody(request));
      if (body.error) return body.error;
      const result = { updated: [] as number[], refused: [] as { id: number; message: string }[] };
      for (const id of body.data.ids) {
        const row = find(id);
        if (!row) result.refused.push({ id, message: 'Usuário não encontrado' });
        else if (row.role === 'admin' && body.data.action !== 'reactivate')
          result.refused.push({
            id,
            message: 'Não é possível: esta é a última conta de administrador ativa.',
          });
        else {
          row.status = STATUS[body.data.action];
          result.updated.push(id);
        }
      }
      return HttpResponse.json(result);
    }),
    http.post(api('/accounts/:id/invitation'), async ({ request, params }) => {
      const refused = await guard(request);
      if (refused) return refused;
      const row = find(Number(params.id));
      if (!row) return notFound('Usuário não encontrado');
      row.invitation_expires_at = new Date(Date.now() + 72 * 3_600_000).toISOString();
      return HttpResponse.json({
        url: `${location.origin}/convite/${MOCK_LINK_TOKENS.valid}`,
        expires_at: row.invitation_expires_at,
        emailed: options.emailed ?? false,
      });
    }),
    http.get(api('/accounts/:id/offboarding'), async ({ request, params }) => {
      const refused = await guard(request);
      if (refused) return refused;
      const row = find(Number(params.id));
      if (!row) return notFound('Usuário não encontrado');
      return HttpResponse.json({
        account: row,
        access: {
          role: row.role,
          permissions: row.permissions.map((key) => ({
            key,
            label: key === 'tickets.view' ? 'Ver chamados' : key,
          })),
          company: row.company_name,
          sessions: 2,
        },
        steps: [
          {
            id: 'chamados',
            label: 'Chamados abertos',
            reassigns: true,
            count: 3,
            summary: '3 chamados abertos serão transferidos para quem você escolher.',
          },
          {
            id: 'tarefas',
            label: 'Tarefas abertas',
            reassigns: true,
            count: 0,
            summary: 'Nenhuma tarefa aberta atribuída.',
          },
        ],
      });
    }),
    http.post(api('/accounts/:id/offboarding'), async ({ request, params }) => {
      const refused = await guard(request);
      if (refused) return refused;
      const row = find(Number(params.id));
      if (!row) return notFound('Usuário não encontrado');
      const body = await jsonBody(request);
      const heir = find(Number(body.assignee_id));
      if (!heir)
        return validationFailed({ assignee_id: 'Escolha quem recebe os chamados e as tarefas abertas' });
      row.status = 'desativado';
      return HttpResponse.json({
        account: row,
        steps: [
          { id: 'conta', label: 'Conta', done: 'Conta desativada; o histórico fica guardado.' },
          { id: 'sessoes', label: 'Sessões', done: '2 sessões encerradas.' },
          { id: 'chamados', label: 'Chamados abertos', done: `3 chamados transferidos para ${heir.name}.` },
          { id: 'tarefas', label: 'Tarefas abertas', done: 'Nenhuma tarefa aberta para transferir.' },
        ],
      });
    }),
    http.post(api('/accounts/:id/:action'), async ({ request, params }) => {
      const refused = await guard(request);
      if (refused) return refused;
      const row = find(Number(params.id));
      if (!row) return notFound('Usuário não encontrado');
      const action = params.action as AccountAction;
      if (!(action in STATUS)) return validationFailed({ action: 'Ação inválida' });
      row.status = STATUS[action];
      return HttpResponse.json(row);
    }),
    ...(['invitations', 'password-resets'] as const).flatMap((kind) => [
      http.get(api(`/${kind}/:token`), ({ params }) =>
        params.token === MOCK_LINK_TOKENS.valid
          ? HttpResponse.json({
              email: 'iara@acme.com.br',
              name: 'Iara Convidada',
              expires_at: '2099-01-01T12:00:00.000Z',
            })
          : errorResponse(
              410,
              'link_expired',
              'Este link expirou ou já foi usado. Peça um novo ao administrador ou use "Esqueci minha senha".',
            ),
      ),
      http.post(
        api(kind === 'invitations' ? `/${kind}/:token/accept` : `/${kind}/:token`),
        async ({ request, params }) => {
          if (params.token !== MOCK_LINK_TOKENS.valid)
            return errorResponse(410, 'link_expired', 'Este link expirou.');
          const body = parseOr400(setPasswordSchema, await jsonBody(request));
          if (body.error) return body.error;
          if (COMMON.has(body.data.password.toLowerCase()))
            return validationFailed({ password: PASSWORD_TOO_COMMON });
          return new HttpResponse(null, { status: 204 });
        },
      ),
    ]),
    http.post(api('/password-resets'), async () =>
      HttpResponse.json({ message: PASSWORD_RESET_SENT }, { status: 202 }),
    ),
  ];
  return { handlers, database: rows };
}

export const accountHandlers = {
  default: () => createAccountMock().handlers,
  empty: () => createAccountMock({ empty: true }).handlers,
  failing: () => createAccountMock({ failing: true }).handlers,
  forbidden: () => createAccountMock({ forbidden: true }).handlers,
  loading: () => createAccountMock({ loading: true }).handlers,
  emailed: () => createAccountMock({ emailed: true }).handlers,
};
