import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { hasPermission, isClient, PERMISSIONS, type PermissionKey } from '../../access/permissions';
import {
  REQUEST_LINK_MESSAGES,
  answerVaultRequestSchema,
  clientRevealRequestSchema,
  createVaultRequestSchema,
  type ClientPasswordItem,
  type CompanyPasswordFigures,
  type VaultRequest,
  type VaultRequestState,
} from '../../contract/password-request';
import { VAULT_REQUEST_TTL_HOURS } from '../../contract/password-constants';
import { FIXTURE_NOW } from '../../mocks/fixtures';
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
} from '../../mocks/http';

/** The vault's client side in mocks: credential requests, the public link, the portal's items, the figures. */
export interface VaultRequestMockOptions {
  /** No requests, no client items. */
  empty?: boolean;
  failing?: boolean;
  forbidden?: boolean;
  loading?: boolean;
  /** What the public link answers: pendente (the form), recebido, expirado, cancelado, or invalido (404). */
  link?: VaultRequestState | 'invalido';
  /** Extra requests (long lists). */
  extra?: number;
}

export interface VaultRequestDatabase {
  requests: VaultRequest[];
  clientItems: ClientPasswordItem[];
  /** Secret values of the client items, by `<id>:<field>`. */
  secrets: Map<string, string>;
  /** What the public link and the portal received. */
  answers: { requestId: number | null; input: Record<string, unknown> }[];
  reveals: { itemId: number; field: string; purpose: string; reason: string | null }[];
  figures: Map<number, CompanyPasswordFigures>;
  link: VaultRequestState | 'invalido';
}

export interface VaultRequestMock {
  handlers: HttpHandler[];
  database: VaultRequestDatabase;
}

const hoursFrom = (base: Date, hours: number) => new Date(base.getTime() + hours * 3_600_000).toISOString();
const acme = { id: 100, name: 'Acme Logística Ltda.' };
const globex = { id: 101, name: 'Globex Comércio S.A.' };
const ana = { id: 1, name: 'Ana Souza' };

export const vaultRequestFixtures = (): VaultRequest[] => [
  {
    id: 3,
    company: acme,
    folder: null,
    kind: 'wifi',
    title: 'Wi-Fi da recepção',
    message: 'Precisamos da senha nova da rede de visitantes para configurar o ponto de acesso.',
    requested_by: ana,
    created_at: hoursFrom(FIXTURE_NOW, -2),
    expires_at: hoursFrom(FIXTURE_NOW, VAULT_REQUEST_TTL_HOURS - 2),
    state: 'pendente',
    used_at: null,
    item: null,
  },
  {
    id: 2,
    company: globex,
    folder: { id: 4, name: 'Infraestrutura Globex' },
    kind: 'banco',
    title: 'Banco do ERP',
    message: null,
    requested_by: ana,
    created_at: hoursFrom(FIXTURE_NOW, -30),
    expires_at: hoursFrom(FIXTURE_NOW, VAULT_REQUEST_TTL_HOURS - 30),
    state: 'recebido',
    used_at: hoursFrom(FIXTURE_NOW, -26),
    item: { id: 5, name: 'Banco do ERP' },
  },
  {
    id: 1,
    company: acme,
    folder: null,
    kind: 'login',
    title: 'Painel do provedor de internet',
    message: null,
    requested_by: ana,
    created_at: hoursFrom(FIXTURE_NOW, -100),
    expires_at: hoursFrom(FIXTURE_NOW, VAULT_REQUEST_TTL_HOURS - 100),
    state: 'expirado',
    used_at: null,
    item: null,
  },
];

export const clientPasswordFixtures = (): ClientPasswordItem[] => [
  {
    id: 11,
    kind: 'wifi',
    name: 'Wi-Fi Visitantes',
    url: null,
    username: 'ACME-VISITANTES',
    description: 'Rede para visitantes da recepção; troca todo mês.',
    secret_fields: ['password'],
    field_labels: {},
    updated_at: hoursFrom(FIXTURE_NOW, -48),
  },
  {
    id: 12,
    kind: 'login',
    name: 'Portal da nota fiscal',
    url: 'https://nfe.acme.example',
    username: 'financeiro@acmelogistica.com.br',
    description: null,
    secret_fields: ['custom:pin', 'password'],
    field_labels: { 'custom:pin': 'PIN do certificado' },
    updated_at: hoursFrom(FIXTURE_NOW, -200),
  },
];

const createDatabase = (options: VaultRequestMockOptions): VaultRequestDatabase => {
  const requests = options.empty ? [] : vaultRequestFixtures();
  for (let n = 0; n < (options.extra ?? 0); n += 1) {
    requests.push({
      ...vaultRequestFixtures()[0]!,
      id: 100 + n,
      title: `Credencial do servidor de arquivos da filial ${String(n + 1).padStart(2, '0')} com um nome bem comprido`,
    });
  }
  return {
    requests,
    clientItems: options.empty ? [] : clientPasswordFixtures(),
    secrets: new Map([
      ['11:password', 'visitantes-2026'],
      ['12:password', 'Nf#2026-acme'],
      ['12:custom:pin', '4821'],
    ]),
    answers: [],
    reveals: [],
    figures: new Map([
      [100, { items: 4, due: 1, overdue: 1 }],
      [101, { items: 2, due: 0, overdue: 0 }],
    ]),
    link: options.link ?? 'pendente',
  };
};

export function createVaultRequestMock(options: VaultRequestMockOptions = {}): VaultRequestMock {
  const database = createDatabase(options);
  return { handlers: vaultRequestRoutes(database, options), database };
}

export function createVaultRequestHandlers(options: VaultRequestMockOptions = {}): HttpHandler[] {
  return createVaultRequestMock(options).handlers;
}

export const vaultRequestHandlers = {
  default: () => createVaultRequestHandlers(),
  empty: () => createVaultRequestHandlers({ empty: true }),
  failing: () => createVaultRequestHandlers({ failing: true }),
  forbidden: () => createVaultRequestHandlers({ forbidden: true }),
  loading: () => createVaultRequestHandlers({ loading: true }),
  long: () => createVaultRequestHandlers({ extra: 30 }),
  linkUsed: () => createVaultRequestHandlers({ link: 'recebido' }),
  linkExpired: () => createVaultRequestHandlers({ link: 'expirado' }),
  linkCancelled: () => createVaultRequestHandlers({ link: 'cancelado' }),
  linkInvalid: () => createVaultRequestHandlers({ link: 'invalido' }),
};

const goneMessage = (state: Exclude<VaultRequestState, 'pendente'>) =>
  state === 'recebido'
    ? REQUEST_LINK_MESSAGES.used
    : state === 'cancelado'
      ? REQUEST_LINK_MESSAGES.cancelled
      : REQUEST_LINK_MESSAGES.expired;

function vaultRequestRoutes(db: VaultRequestDatabase, options: VaultRequestMockOptions): HttpHandler[] {
  const { failing = false, loading = false } = options;
  const staff = async (request: Request, key: PermissionKey = PERMISSIONS.PASSWORDS_MANAGE) => {
    if (loading) await delay('infinite');
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    if (options.forbidden || isClient(user) || !hasPermission(user, key)) return forbidden();
    if (failing) return serverError();
    return user;
  };
  const client = async (request: Request) => {
    if (loading) await delay('infinite');
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    if (!isClient(user) || user.company_id === null) return notFound('Esta área é do portal do cliente');
    if (failing) return serverError();
    return user;
  };
  const publicGate = async () => {
    if (loading) await delay('infinite');
    if (failing) return serverError();
    if (db.link === 'invalido') return notFound(REQUEST_LINK_MESSAGES.invalid);
    if (db.link !== 'pendente')
      return errorResponse(410, 'link_expired', goneMessage(db.link), { state: db.link });
    return null;
  };
  const noStore = { headers: { 'cache-control': 'no-store' } };
  const linkRequest = () =>
    db.requests.find((entry) => entry.state === 'pendente') ?? vaultRequestFixtures()[0]!;
  const info = (entry: VaultRequest) => ({
    company: entry.company.name,
    kind: entry.kind,
    title: entry.title,
    message: entry.message,
    requested_by: entry.requested_by?.name ?? null,
    expires_at: entry.expires_at,
  });

  return [
    http.get(api('/passwords/requests'), async ({ request }) => {
      const user = await staff(request);
      if (user instanceof Response) return user;
      const url = new URL(request.url);
      const company = url.searchParams.get('company_id');
      const state = url.searchParams.get('state');
      const items = db.requests.filter(
        (entry) => (!company || entry.company.id === Number(company)) && (!state || entry.state === state),
      );
      return HttpResponse.json({ items, total: items.length });
    }),

    http.post(api('/passwords/requests'), async ({ request }) => {
      const user = await staff(request);
      if (user instanceof Response) return user;
      const parsed = parseOr400(createVaultRequestSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const company = [acme, globex].find((entry) => entry.id === parsed.data.company_id);
      if (!company)
        return errorResponse(400, 'validation_failed', 'Dados inválidos', {
          company_id: 'Empresa não encontrada',
        });
      const now = new Date();
      const created: VaultRequest = {
        id: Math.max(0, ...db.requests.map((entry) => entry.id)) + 1,
        company,
        folder: null,
        kind: parsed.data.kind,
        title: parsed.data.title,
        message: parsed.data.message ?? null,
        requested_by: { id: user.id, name: `${user.first_name} ${user.last_name}`.trim() },
        created_at: now.toISOString(),
        expires_at: hoursFrom(now, VAULT_REQUEST_TTL_HOURS),
        state: 'pendente',
        used_at: null,
        item: null,
      };
      db.requests.unshift(created);
      return HttpResponse.json(
        { request: created, link: `${new URL(request.url).origin}/credencial/mock-token-${created.id}` },
        { status: 201, ...noStore },
      );
    }),

    http.delete(api('/passwords/requests/:id'), async ({ request, params }) => {
      const user = await staff(request);
      if (user instanceof Response) return user;
      const entry = db.requests.find((candidate) => candidate.id === Number(params.id));
      if (!entry) return notFound('Pedido de credencial não encontrado');
      if (entry.state !== 'pendente')
        return errorResponse(409, 'conflict', 'Só um pedido aguardando o cliente pode ser cancelado.');
      entry.state = 'cancelado';
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(api('/passwords/requests/link/:token'), async () => {
      const refused = await publicGate();
      if (refused) return refused;
      return HttpResponse.json(info(linkRequest()), noStore);
    }),

    http.post(api('/passwords/requests/link/:token'), async ({ request }) => {
      const refused = await publicGate();
      if (refused) return refused;
      const parsed = parseOr400(answerVaultRequestSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const entry = linkRequest();
      db.answers.push({ requestId: entry.id, input: parsed.data });
      entry.state = 'recebido';
      db.link = 'recebido';
      return HttpResponse.json({ message: REQUEST_LINK_MESSAGES.received }, { status: 201 });
    }),

    http.get(api('/passwords/portal/requests'), async ({ request }) => {
      const user = await client(request);
      if (user instanceof Response) return user;
      const items = db.requests
        .filter((entry) => entry.company.id === user.company_id && entry.state === 'pendente')
        .map((entry) => ({ id: entry.id, ...info(entry) }));
      return HttpResponse.json({ items });
    }),

    http.post(api('/passwords/portal/requests/:id'), async ({ request, params }) => {
      const user = await client(request);
      if (user instanceof Response) return user;
      const entry = db.requests.find(
        (candidate) => candidate.id === Number(params.id) && candidate.company.id === user.company_id,
      );
      if (!entry) return notFound('Pedido de credencial não encontrado');
      if (entry.state !== 'pendente')
        return errorResponse(410, 'link_expired', goneMessage(entry.state), { state: entry.state });
      const parsed = parseOr400(answerVaultRequestSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      db.answers.push({ requestId: entry.id, input: parsed.data });
      entry.state = 'recebido';
      return HttpResponse.json({ message: REQUEST_LINK_MESSAGES.received }, { status: 201 });
    }),

    http.get(api('/passwords/portal/items'), async ({ request }) => {
      const user = await client(request);
      if (user instanceof Response) return user;
      // The fixtures are Acme's: another company's client sees none of them.
      return HttpResponse.json({ items: user.company_id === acme.id ? db.clientItems : [] });
    }),

    http.post(api('/passwords/portal/items/:id/reveal'), async ({ request, params }) => {
      const user = await client(request);
      if (user instanceof Response) return user;
      const item = db.clientItems.find((entry) => entry.id === Number(params.id));
      if (!item || user.company_id !== acme.id) return notFound('Item do cofre não encontrado');
      const parsed = parseOr400(clientRevealRequestSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const value = db.secrets.get(`${item.id}:${parsed.data.field}`);
      if (value === undefined) return notFound('Este item não tem esse campo');
      db.reveals.push({
        itemId: item.id,
        field: parsed.data.field,
        purpose: parsed.data.purpose,
        reason: parsed.data.reason ?? null,
      });
      return HttpResponse.json({ field: parsed.data.field, value }, noStore);
    }),

    http.get(api('/passwords/companies/:companyId/figures'), async ({ request, params }) => {
      const user = await staff(request, PERMISSIONS.PASSWORDS_VIEW);
      if (user instanceof Response) return user;
      const figures = db.figures.get(Number(params.companyId));
      return HttpResponse.json(figures ?? { items: 0, due: 0, overdue: 0 });
    }),
  ];
}
