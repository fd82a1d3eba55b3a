import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { hasPermission, isClient, PERMISSIONS } from '../../access/permissions';
import {
  PASSWORD_PAGE_SIZE,
  REVEAL_LOG_EXPORT_MAX,
  createPasswordSchema,
  revealLogCsvRows,
  normalizeTotpSeed,
  revealRequestSchema,
  setGrantsSchema,
  updatePasswordSchema,
  vaultLevelAtLeast,
  type PasswordItem,
  type PasswordVersion,
  type RevealLogEntry,
  type VaultAccessLevel,
  type VaultFolder,
  type VaultGrant,
} from '../../contract/password';
import { csvFileText } from '../../contract/company-csv';
import type { UserWire } from '../../contract/user';
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
import { folderRoutes } from './folders';
import { folderFixtures, passwordFixtures, type StoredPassword } from './seed';

/** More of the reveal log: other people, items, actions and days (and `extra` more for long lists). */
const logFixtures = (extra: number): RevealLogEntry[] => {
  const hoursAgo = (hours: number) => new Date(FIXTURE_NOW.getTime() - hours * 3_600_000).toISOString();
  const acme = { id: 100, name: 'Acme Logística Ltda.' };
  const base: RevealLogEntry[] = [
    {
      id: 2,
      at: hoursAgo(5),
      actor: { id: 3, name: 'Carla Mendes' },
      item: { id: 3, name: 'Servidor de arquivos Acme (SSH)' },
      company: acme,
      action: 'copy',
      field: 'password',
      reason: null,
      ticket_id: null,
      break_glass: false,
    },
    {
      id: 3,
      at: hoursAgo(30),
      actor: { id: 1, name: 'Ana Souza' },
      item: { id: 5, name: 'Microsoft 365 Farol (admin global)' },
      company: null,
      action: 'break_glass',
      field: 'password',
      reason: 'Conta do administrador bloqueada; suporte da Microsoft pediu verificação',
      ticket_id: null,
      break_glass: true,
    },
    {
      id: 4,
      at: hoursAgo(54),
      actor: { id: 2, name: 'Bruno Lima' },
      item: { id: 2, name: 'Wi-Fi Acme Matriz' },
      company: acme,
      action: 'totp',
      field: 'totp',
      reason: null,
      ticket_id: 1038,
      break_glass: false,
    },
  ];
  const more = Array.from({ length: extra }, (_, index): RevealLogEntry => ({
    id: 100 + index,
    at: hoursAgo(60 + index),
    actor: { id: 3, name: 'Carla Mendes' },
    item: { id: 3, name: 'Servidor de arquivos Acme (SSH)' },
    company: acme,
    action: index % 2 ? 'reveal' : 'copy',
    field: 'password',
    reason: `Manutenção programada número ${index + 1} do servidor de arquivos, combinada com o cliente por e-mail`,
    ticket_id: 2000 + index,
    break_glass: false,
  }));
  return [...base, ...more];
};

const BRAZIL_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

export interface PasswordMockOptions {
  /** No items. */
  empty?: boolean;
  /** Every call answers 500. */
  failing?: boolean;
  /** Every call answers 403. */
  forbidden?: boolean;
  /** Reads never answer. */
  loading?: boolean;
  /** Every item at this level for the caller (e.g. 'usar'). */
  access?: VaultAccessLevel;
  /** The vault's key is missing (503 on secrets). */
  unavailable?: boolean;
  /** Extra items (long lists). */
  extra?: number;
}

export interface PasswordDatabase {
  items: StoredPassword[];
  folders: VaultFolder[];
  log: RevealLogEntry[];
  versions: Map<number, PasswordVersion[]>;
  grants: Map<string, VaultGrant[]>;
  /** When the caller last typed their password again (sensível items). */
  confirmedAt: number | null;
}

export interface PasswordMock {
  handlers: HttpHandler[];
  database: PasswordDatabase;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const createDatabase = (options: PasswordMockOptions): PasswordDatabase => {
  const items = options.empty ? [] : passwordFixtures();
  for (let n = 0; n < (options.extra ?? 0); n += 1) {
    items.push({
      item: {
        ...passwordFixtures()[3]!.item,
        id: 1000 + n,
        name: `Servidor de aplicação ${String(n + 1).padStart(3, '0')} com um nome bem comprido para testar a quebra de linha`,
      },
      secrets: { password: `senha-${n}` },
    });
  }
  if (options.access) for (const stored of items) stored.item = { ...stored.item, access: options.access };
  return {
    items,
    folders: options.empty ? [] : folderFixtures(),
    log: options.empty
      ? []
      : [
          {
            id: 1,
            at: new Date(FIXTURE_NOW.getTime() - 3_600_000).toISOString(),
            actor: { id: 2, name: 'Bruno Lima' },
            item: { id: 1, name: 'Firewall Acme (pfSense)' },
            company: { id: 100, name: 'Acme Logística Ltda.' },
            action: 'reveal',
            field: 'password',
            reason: 'Troca de regra do firewall',
            ticket_id: 1042,
            break_glass: false,
          },
          ...logFixtures(options.extra ?? 0),
        ],
    versions: new Map(),
    grants: new Map(),
    confirmedAt: null,
  };
};

export function createPasswordMock(options: PasswordMockOptions = {}): PasswordMock {
  const database = createDatabase(options);
  return { handlers: passwordRoutes(database, options), database };
}

export function createPasswordHandlers(options: PasswordMockOptions = {}): HttpHandler[] {
  return createPasswordMock(options).handlers;
}

export const passwordHandlers = {
  default: () => createPasswordHandlers(),
  empty: () => createPasswordHandlers({ empty: true }),
  failing: () => createPasswordHandlers({ failing: true }),
  forbidden: () => createPasswordHandlers({ forbidden: true }),
  loading: () => createPasswordHandlers({ loading: true }),
  usar: () => createPasswordHandlers({ access: 'usar' }),
  unavailable: () => createPasswordHandlers({ unavailable: true }),
  long: () => createPasswordHandlers({ extra: 40 }),
};

// RFC 6238 is computed on the server; the mock answers a code that changes with the 30 s window.
const mockCode = (now: number) => String(100000 + (Math.floor(now / 30_000) % 900000)).padStart(6, '0');

function passwordRoutes(db: PasswordDatabase, options: PasswordMockOptions): HttpHandler[] {
  const { failing = false, loading = false } = options;
  const gate = async (request: Request, write = false): Promise<UserWire | Response> => {
    if (loading) await delay('infinite');
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    if (options.forbidden || isClient(user) || !hasPermission(user, PERMISSIONS.PASSWORDS_VIEW))
      return forbidden();
    if (write && !hasPermission(user, PERMISSIONS.PASSWORDS_MANAGE)) return forbidden();
    if (failing) return serverError();
    return user;
  };
  const find = (id: string | readonly string[] | undefined) =>
    db.items.find((stored) => stored.item.id === Number(id));
  const closed = () =>
    errorResponse(
      503,
      'vault_unavailable',
      'Cofre de senhas indisponível: com PostgreSQL, defina FAROL_VAULT_KEY (32 bytes em base64, gere com: openssl rand -base64 32) em todos os servidores.',
    );
  const noStore = { headers: { 'cache-control': 'no-store' } };
  /** The log filtered as the server filters it (days are Brazil's, both ends included). */
  const filteredLog = (url: URL) => {
    const number = (name: string) => {
      const value = url.searchParams.get(name);
      return value === null ? null : Number(value);
    };
    const [itemId, actorId, companyId] = [number('item_id'), number('actor_id'), number('company_id')];
    const action = url.searchParams.get('action');
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    return db.log.filter((entry) => {
      const day = BRAZIL_DAY.format(new Date(entry.at));
      return (
        (itemId === null || entry.item.id === itemId) &&
        (actorId === null || entry.actor?.id === actorId) &&
        (companyId === null || entry.company?.id === companyId) &&
        (!action || entry.action === action) &&
        (!from || day >= from) &&
        (!to || day <= to)
      );
    });
  };

  const admit = (
    user: UserWire,
    stored: StoredPassword,
    needed: VaultAccessLevel,
    body: Record<string, unknown>,
  ) => {
    const level = stored.item.access;
    if (!vaultLevelAtLeast(level, needed)) {
      return errorResponse(
        403,
        'forbidden',
        level === 'usar'
          ? 'Seu acesso a este item é "usar": ele pode ser usado em conexões, mas não revelado.'
          : 'Seu acesso a este item não permite revelar segredos.',
      );
    }
    if (stored.item.require_reason && !body.reason && !body.ticket_id) {
      return errorResponse(400, 'validation_failed', 'Dados inválidos', {
        reason: 'Esta pasta pede um motivo ou um chamado para revelar',
      });
    }
    if (stored.item.sensitive && (db.confirmedAt === null || Date.now() - db.confirmedAt > 10 * 60_000)) {
      return errorResponse(403, 'reconfirm_required', 'Item sensível: confirme sua senha para continuar.');
    }
    void user;
    return null;
  };

  const record = (
    user: UserWire,
    stored: StoredPassword,
    action: string,
    field: string,
    body: Record<string, unknown>,
  ) => {
    db.log.unshift({
      id: db.log.length + 1,
      at: new Date().toISOString(),
      actor: { id: user.id, name: `${user.first_name} ${user.last_name}`.trim() },
      item: { id: stored.item.id, name: stored.item.name },
      company: stored.item.company,
      action,
      field,
      reason: typeof body.reason === 'string' ? body.reason : null,
      ticket_id: typeof body.ticket_id === 'number' ? body.ticket_id : null,
      break_glass: false,
    });
  };

  return [
    // Folders and grants (folders.ts), before '/passwords/:id' would take '/passwords/grantees'.
    ...folderRoutes(db, gate, { seeded: !options.empty }),
    http.get(api('/passwords'), async ({ request }) => {
      const user = await gate(request);
      if (user instanceof Response) return user;
      const url = new URL(request.url);
      const q = fold(url.searchParams.get('q') ?? '');
      const kind = url.searchParams.get('kind');
      const company = url.searchParams.get('company_id');
      const folder = url.searchParams.get('folder_id');
      const tag = url.searchParams.get('tag');
      const rotation = url.searchParams.get('rotation');
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? PASSWORD_PAGE_SIZE);
      const items = db.items
        .map((stored) => stored.item)
        .filter(
          (item) => !q || fold([item.name, item.url, item.username, ...item.tags].join(' ')).includes(q),
        )
        .filter((item) => !kind || item.kind === kind)
        .filter((item) =>
          company === null
            ? true
            : company === 'internal'
              ? item.company === null
              : item.company?.id === Number(company),
        )
        .filter((item) => !folder || item.folder?.id === Number(folder))
        .filter((item) => !tag || item.tags.includes(tag))
        .filter((item) =>
          rotation === 'overdue'
            ? item.rotation_state === 'vencida'
            : rotation === 'due'
              ? item.rotation_state === 'vencida' || item.rotation_state === 'a_vencer'
              : true,
        )
        .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
      return HttpResponse.json({ items: items.slice((page - 1) * limit, page * limit), total: items.length });
    }),

    http.get(api('/passwords/options'), async ({ request }) => {
      const user = await gate(request);
      if (user instanceof Response) return user;
      return HttpResponse.json({
        folders: db.folders,
        companies: [
          { id: 100, name: 'Acme Logística Ltda.' },
          { id: 101, name: 'Globex Comércio S.A.' },
        ],
        tags: [...new Set(db.items.flatMap((stored) => stored.item.tags))].sort(),
        available: !options.unavailable,
        unavailable_message: options.unavailable
          ? 'Cofre de senhas indisponível: defina FAROL_VAULT_KEY.'
          : null,
      });
    }),

    http.get(api('/passwords/reveals'), async ({ request }) => {
      const user = await gate(request, true);
      if (user instanceof Response) return user;
      const url = new URL(request.url);
      const entries = filteredLog(url);
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const page = Number(url.searchParams.get('page') ?? 1);
      return HttpResponse.json({
        items: entries.slice((page - 1) * limit, page * limit),
        total: entries.length,
      });
    }),

    http.get(api('/passwords/reveals/export.csv'), async ({ request }) => {
      const user = await gate(request, true);
      if (user instanceof Response) return user;
      const rows = revealLogCsvRows(filteredLog(new URL(request.url)).slice(0, REVEAL_LOG_EXPORT_MAX));
      return new HttpResponse(csvFileText(rows), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="revelacoes.csv"',
          'cache-control': 'no-store',
        },
      });
    }),

    http.post(api('/passwords/confirm'), async ({ request }) => {
      const user = await gate(request);
      if (user instanceof Response) return user;
      const body = await jsonBody(request);
      if (body.password !== 'farol123') {
        return errorResponse(400, 'validation_failed', 'Senha incorreta', { password: 'Senha incorreta' });
      }
      db.confirmedAt = Date.now();
      return HttpResponse.json({ confirmed_until: new Date(Date.now() + 10 * 60_000).toISOString() });
    }),

    http.post(api('/passwords'), async ({ request }) => {
      const user = await gate(request, true);
      if (user instanceof Response) return user;
      const parsed = parseOr400(createPasswordSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const input = parsed.data;
      const id = Math.max(0, ...db.items.map((stored) => stored.item.id)) + 1;
      const secrets: Record<string, string> = {};
      for (const [field, value] of Object.entries(input.secrets ?? {})) {
        if (value) secrets[field] = field === 'totp' ? (normalizeTotpSeed(value) ?? value) : value;
      }
      const folder = db.folders.find((entry) => entry.id === input.folder_id) ?? null;
      const now = new Date().toISOString();
      const item: PasswordItem = {
        id,
        kind: input.kind,
        name: input.name,
        url: input.url ?? null,
        username: input.username ?? null,
        description: input.description ?? null,
        tags: input.tags ?? [],
        company:
          input.company_id === 100
            ? { id: 100, name: 'Acme Logística Ltda.' }
            : input.company_id === 101
              ? { id: 101, name: 'Globex Comércio S.A.' }
              : null,
        branch: null,
        folder: folder ? { id: folder.id, name: folder.name } : null,
        secret_fields: Object.keys(secrets).sort(),
        custom: (input.custom ?? []).map((field, index) => ({
          key: field.key ?? `c${index}`,
          label: field.label,
          secret: field.secret,
          value: field.secret ? null : (field.value ?? ''),
        })),
        sensitive: input.sensitive ?? false,
        client_visible: input.client_visible ?? false,
        require_reason: folder?.require_reason ?? false,
        rotate_every_days: input.rotate_every_days ?? folder?.rotate_every_days ?? null,
        rotation_due_at: null,
        rotation_state: null,
        password_changed_at: now,
        version: 1,
        owner: { id: user.id, name: `${user.first_name} ${user.last_name}`.trim() },
        access: 'gerenciar',
        break_glass: false,
        created_at: now,
        updated_at: now,
      };
      db.items.push({ item, secrets });
      return HttpResponse.json(item, { status: 201 });
    }),

    http.get(api('/passwords/:id'), async ({ request, params }) => {
      const user = await gate(request);
      if (user instanceof Response) return user;
      const stored = find(params.id);
      return stored ? HttpResponse.json(stored.item) : notFound('Item do cofre não encontrado');
    }),

    http.patch(api('/passwords/:id'), async ({ request, params }) => {
      const user = await gate(request);
      if (user instanceof Response) return user;
      const stored = find(params.id);
      if (!stored) return notFound('Item do cofre não encontrado');
      if (!vaultLevelAtLeast(stored.item.access, 'editar'))
        return errorResponse(403, 'forbidden', 'Você não pode editar este item.');
      const parsed = parseOr400(updatePasswordSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const {
        secrets,
        custom,
        company_id: _company,
        branch_id: _branch,
        folder_id: _folder,
        owner_id: _owner,
        ...rest
      } = parsed.data;
      const versions = db.versions.get(stored.item.id) ?? [];
      versions.unshift({
        version: stored.item.version,
        changed_at: stored.item.updated_at,
        changed_by: { id: user.id, name: `${user.first_name} ${user.last_name}`.trim() },
        name: stored.item.name,
        username: stored.item.username,
        url: stored.item.url,
        secret_fields: stored.item.secret_fields,
      });
      db.versions.set(stored.item.id, versions.slice(0, 10));
      for (const [field, value] of Object.entries(secrets ?? {})) {
        if (value === undefined) continue;
        if (value === null || value === '') delete stored.secrets[field];
        else stored.secrets[field] = value;
      }
      stored.item = {
        ...stored.item,
        ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
        ...(custom
          ? {
              custom: custom.map((field, index) => ({
                key: field.key ?? `c${index}`,
                label: field.label,
                secret: field.secret,
                value: field.secret ? null : (field.value ?? ''),
              })),
            }
          : {}),
        secret_fields: Object.keys(stored.secrets).sort(),
        version: stored.item.version + 1,
        updated_at: new Date().toISOString(),
      };
      return HttpResponse.json(stored.item);
    }),

    http.delete(api('/passwords/:id'), async ({ request, params }) => {
      const user = await gate(request);
      if (user instanceof Response) return user;
      const stored = find(params.id);
      if (!stored) return notFound('Item do cofre não encontrado');
      db.items = db.items.filter((entry) => entry !== stored);
      return new HttpResponse(null, { status: 204 });
    }),

    http.post(api('/passwords/:id/reveal'), async ({ request, params }) => {
      const user = await gate(request);
      if (user instanceof Response) return user;
      if (options.unavailable) return closed();
      const stored = find(params.id);
      if (!stored) return notFound('Item do cofre não encontrado');
      const raw = await jsonBody(request);
      const parsed = parseOr400(revealRequestSchema, raw);
      if (parsed.error) return parsed.error;
      const value = stored.secrets[parsed.data.field];
      if (value === undefined) return notFound('Este item não tem esse campo');
      const refused = admit(user, stored, parsed.data.field === 'totp' ? 'editar' : 'ver', raw);
      if (refused) return refused;
      record(user, stored, parsed.data.purpose, parsed.data.field, raw);
      return HttpResponse.json({ field: parsed.data.field, value }, noStore);
    }),

    http.post(api('/passwords/:id/totp'), async ({ request, params }) => {
      const user = await gate(request);
      if (user instanceof Response) return user;
      if (options.unavailable) return closed();
      const stored = find(params.id);
      if (!stored?.secrets.totp) return notFound('Este item não tem TOTP');
      const raw = await jsonBody(request);
      const refused = admit(user, stored, 'ver', raw);
      if (refused) return refused;
      record(user, stored, 'totp', 'totp', raw);
      const now = Date.now();
      return HttpResponse.json(
        { code: mockCode(now), remaining: 30 - (Math.floor(now / 1000) % 30), period: 30 },
        noStore,
      );
    }),

    http.get(api('/passwords/:id/versions'), async ({ request, params }) => {
      const user = await gate(request);
      if (user instanceof Response) return user;
      const stored = find(params.id);
      if (!stored) return notFound('Item do cofre não encontrado');
      return HttpResponse.json({ items: db.versions.get(stored.item.id) ?? [] });
    }),

    http.post(api('/passwords/:id/versions/:version/restore'), async ({ request, params }) => {
      const user = await gate(request);
      if (user instanceof Response) return user;
      const stored = find(params.id);
      const version = db.versions
        .get(Number(params.id))
        ?.find((entry) => entry.version === Number(params.version));
      if (!stored || !version) return notFound('Versão não encontrada');
      stored.item = {
        ...stored.item,
        name: version.name,
        username: version.username,
        url: version.url,
        version: stored.item.version + 1,
      };
      return HttpResponse.json(stored.item);
    }),

    http.get(api('/passwords/:id/access'), async ({ request, params }) => {
      const user = await gate(request);
      if (user instanceof Response) return user;
      return HttpResponse.json({ grants: db.grants.get(`item:${String(params.id)}`) ?? [] });
    }),

    http.put(api('/passwords/:id/access'), async ({ request, params }) => {
      const user = await gate(request);
      if (user instanceof Response) return user;
      const parsed = parseOr400(setGrantsSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const grants: VaultGrant[] = parsed.data.grants.map((grant) => ({
        subject:
          grant.subject.kind === 'user'
            ? { kind: 'user', id: grant.subject.id, name: `Pessoa ${grant.subject.id}` }
            : { kind: 'role', role: grant.subject.role, name: grant.subject.role },
        level: grant.level,
      }));
      db.grants.set(`item:${String(params.id)}`, grants);
      return HttpResponse.json({ grants });
    }),
  ];
}
