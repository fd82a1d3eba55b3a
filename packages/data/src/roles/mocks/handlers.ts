import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { hasPermission, isAdmin, isClient, PERMISSIONS } from '../../access/permissions';
import { PERMISSION_REGISTRY } from '../../contract/permission-registry';
import type { PermissionKey } from '../../contract/permissions';
import {
  createRoleSchema,
  updateRoleSchema,
  updateUserAccessSchema,
  whyQuerySchema,
  type Role,
  type UserAccess,
  type WhyAnswer,
} from '../../contract/role';
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
import { createMockStore, type MockStore } from '../../mocks/store';
import { fixtureAccesses, fixtureRoles, fixtureScopeCompanies } from './fixtures';

export interface RoleMockState {
  roles: Role[];
  accesses: UserAccess[];
}

export interface RoleMockOptions {
  /** Every read answers 500. */
  failing?: boolean;
  /** Every call answers 403, as for a user without users.manage. */
  forbidden?: boolean;
  /** Reads never answer, so a story can show the loading state. */
  loading?: boolean;
  /** Only the built-in roles. */
  builtInOnly?: boolean;
  /** The roles to start from instead of the fixtures. */
  roles?: () => Role[];
}

export interface RoleMock {
  handlers: HttpHandler[];
  database: MockStore<RoleMockState>;
}

const slugOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'funcao';

const conflict = (field: string, message: string) =>
  errorResponse(409, 'conflict', message, { [field]: message });

/**
 * MSW handlers for /api/roles that answer as the server: users.manage (admins hold every key), 409 on a
 * built-in's keys or name, a duplicate name, a role in use; a person's access and the "why" chain.
 */
export function createRoleMock(options: RoleMockOptions = {}): RoleMock {
  const store = createMockStore<RoleMockState>(() => ({
    roles: options.roles?.() ?? fixtureRoles().filter((role) => !options.builtInOnly || role.built_in),
    accesses: fixtureAccesses(),
  }));

  const manager = async (request: Request, read = true) => {
    if (read && options.loading) await delay('infinite');
    if (read && options.failing) return serverError();
    if (options.forbidden) return forbidden();
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    if (isClient(user) || !hasPermission(user, PERMISSIONS.USERS_MANAGE)) return forbidden();
    return user;
  };

  const handlers: HttpHandler[] = [
    http.get(api('/roles'), async ({ request }) => {
      const user = await manager(request);
      if (user instanceof Response) return user;
      return HttpResponse.json({ items: store.get().roles });
    }),
    http.post(api('/roles'), async ({ request }) => {
      const user = await manager(request, false);
      if (user instanceof Response) return user;
      const parsed = parseOr400(createRoleSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const state = store.get();
      const { name, permissions, copy_from } = parsed.data;
      if (state.roles.some((role) => role.name.toLowerCase() === name.toLowerCase()))
        return conflict('name', 'Já existe uma função com este nome');
      const keys =
        permissions.length > 0
          ? permissions
          : (state.roles.find((r) => r.key === copy_from)?.permissions ?? []);
      let key = slugOf(name);
      for (let n = 2; state.roles.some((role) => role.key === key); n += 1) key = `${slugOf(name)}-${n}`;
      const role: Role = {
        key,
        name,
        built_in: false,
        editable: true,
        permissions: [...keys],
        user_count: 0,
        updated_at: new Date().toISOString(),
      };
      store.set({ ...state, roles: [...state.roles, role] });
      return HttpResponse.json(role, { status: 201 });
    }),
    http.get(api('/roles/why'), async ({ request }) => {
      const user = await manager(request);
      if (user instanceof Response) return user;
      const parsed = parseOr400(whyQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
      if (parsed.error) return parsed.error;
      const query = parsed.data;
      const access = store.get().accesses.find((item) => item.user_id === query.user_id);
      if (!access) return notFound('Usuário não encontrado');
      const required: PermissionKey | null =
        query.target === 'route'
          ? (query.permission ?? null)
          : query.target === 'ticket'
            ? 'tickets.view'
            : query.target === 'company'
              ? 'companies.view'
              : 'tasks.view';
      const keyOk = access.is_admin || required === null || access.effective_permissions.includes(required);
      // The mock's records: even ids are Acme's (100), odd ones Globex's (101).
      const company = query.target === 'route' ? null : Number(query.value) % 2 === 0 ? 100 : 101;
      const scope = access.company_scope;
      const scopeOk =
        company === null
          ? null
          : !scope.excluded.some((c) => c.id === company) &&
            (scope.mode !== 'selected' || scope.companies.some((c) => c.id === company));
      const label =
        query.target === 'route'
          ? `Tela ${query.value}`
          : `${{ ticket: 'Chamado', company: 'Empresa', task: 'Tarefa' }[query.target]} #${query.value}`;
      const allowed = keyOk && scopeOk !== false;
      const reason = !keyOk
        ? `falta a permissão ${PERMISSION_REGISTRY[required!].label} (${required})`
        : 'a empresa do registro está fora do escopo';
      const answer: WhyAnswer = {
        user: { id: access.user_id, name: access.name, role: access.role, role_name: access.role_name },
        target: { kind: query.target, value: query.value, label },
        steps: [
          { kind: 'account', title: 'Conta', detail: 'Conta ativa: pode entrar.', ok: true },
          {
            kind: 'role',
            title: `Função: ${access.role_name}`,
            detail: `Permissões da função: ${access.role_permissions.join(', ') || 'nenhuma'}. Permissões extras da pessoa: ${access.extra_permissions.join(', ') || 'nenhuma'}.`,
            ok: null,
          },
          {
            kind: 'key',
            title: required ? `Permissão: ${PERMISSION_REGISTRY[required].label} (${required})` : 'Permissão',
            detail: keyOk
              ? 'A pessoa tem esta permissão (pela função ou como extra).'
              : 'A pessoa não tem esta permissão: nem pela função, nem como extra.',
            ok: keyOk,
          },
          ...(scopeOk === null
            ? []
            : [
                {
                  kind: 'scope' as const,
                  title: 'Escopo de empresas',
                  detail: scopeOk ? 'Dentro do escopo.' : 'Fora do escopo.',
                  ok: scopeOk,
                },
              ]),
          {
            kind: 'record',
            title: 'Resultado',
            detail: allowed ? `${access.name} vê ${label}.` : `${access.name} não vê ${label}: ${reason}.`,
            ok: allowed,
          },
        ],
        allowed,
        summary: allowed ? `Sim: ${access.name} vê ${label}.` : `Não: ${reason}.`,
      };
      return HttpResponse.json(answer);
    }),
    http.get(api('/roles/access/:userId'), async ({ request, params }) => {
      const user = await manager(request);
      if (user instanceof Response) return user;
      const access = store.get().accesses.find((item) => item.user_id === Number(params.userId));
      return access ? HttpResponse.json(access) : notFound('Usuário não encontrado');
    }),
    http.put(api('/roles/access/:userId'), async ({ request, params }) => {
      const user = await manager(request, false);
      if (user instanceof Response) return user;
      const parsed = parseOr400(updateUserAccessSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const state = store.get();
      const current = state.accesses.find((item) => item.user_id === Number(params.userId));
      if (!current) return notFound('Usuário não encontrado');
      const input = parsed.data;
      const role = input.role ? state.roles.find((item) => item.key === input.role) : undefined;
      if (input.role && !role)
        return errorResponse(400, 'validation_failed', 'Dados inválidos', { role: 'Função não encontrada' });
      if (current.user_id === user.id && role && role.key !== current.role)
        return errorResponse(403, 'forbidden', 'Você não pode reduzir a sua própria função', {
          role: 'Você não pode reduzir a sua própria função',
        });
      const extra = input.extra_permissions ?? current.extra_permissions;
      if (!isAdmin(user)) {
        const missing = extra.filter(
          (key) => !current.extra_permissions.includes(key) && !hasPermission(user, key),
        );
        if (missing.length > 0) {
          const message = `Você não pode conceder permissões que não tem: ${missing.join(', ')}`;
          return errorResponse(403, 'forbidden', message, { extra_permissions: message });
        }
      }
      const names = new Map(fixtureScopeCompanies().map((company) => [company.id, company.name]));
      const ref = (id: number) => ({ id, name: names.get(id) ?? `Empresa #${id}` });
      const scope = input.company_scope
        ? {
            mode: input.company_scope.mode,
            companies:
              input.company_scope.mode === 'selected' ? input.company_scope.company_ids.map(ref) : [],
            excluded:
              input.company_scope.mode === 'all' ? [] : input.company_scope.excluded_company_ids.map(ref),
          }
        : current.company_scope;
      const roleKeys = role ? role.permissions : current.role_permissions;
      const next: UserAccess = {
        ...current,
        role: role?.key ?? current.role,
        role_name: role?.name ?? current.role_name,
        role_permissions: roleKeys,
        extra_permissions: extra,
        effective_permissions: [...new Set([...roleKeys, ...extra])],
        company_scope: scope,
      };
      store.set({
        ...state,
        accesses: state.accesses.map((item) => (item.user_id === next.user_id ? next : item)),
      });
      return HttpResponse.json(next);
    }),
    http.patch(api('/roles/:key'), async ({ request, params }) => {
      const user = await manager(request, false);
      if (user instanceof Response) return user;
      const parsed = parseOr400(updateRoleSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const state = store.get();
      const current = state.roles.find((role) => role.key === params.key);
      if (!current) return notFound('Função não encontrada');
      const { name, permissions } = parsed.data;
      if (name !== undefined && name !== current.name) {
        if (current.built_in) return conflict('name', 'O nome de uma função padrão não muda');
        if (
          state.roles.some(
            (role) => role.key !== current.key && role.name.toLowerCase() === name.toLowerCase(),
          )
        )
          return conflict('name', 'Já existe uma função com este nome');
      }
      if (permissions !== undefined && !current.editable)
        return conflict(
          'permissions',
          current.key === 'admin'
            ? 'Administradores têm todas as permissões: elas não mudam'
            : 'Clientes não recebem permissões da equipe: elas não mudam',
        );
      const next: Role = {
        ...current,
        name: name ?? current.name,
        permissions: permissions ?? current.permissions,
        updated_at: new Date().toISOString(),
      };
      store.set({ ...state, roles: state.roles.map((role) => (role.key === next.key ? next : role)) });
      return HttpResponse.json(next);
    }),
    http.delete(api('/roles/:key'), async ({ request, params }) => {
      const user = await manager(request, false);
      if (user instanceof Response) return user;
      const state = store.get();
      const current = state.roles.find((role) => role.key === params.key);
      if (!current) return notFound('Função não encontrada');
      if (current.built_in) return conflict('key', 'Funções padrão não podem ser excluídas');
      if (current.user_count > 0)
        return conflict(
          'key',
          `Função em uso por ${current.user_count} ${current.user_count === 1 ? 'pessoa' : 'pessoas'}: troque a função delas antes de excluir`,
        );
      store.set({ ...state, roles: state.roles.filter((role) => role.key !== current.key) });
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, database: store };
}

export const createRoleHandlers = (options: RoleMockOptions = {}) => createRoleMock(options).handlers;

export const roleHandlers = {
  default: () => createRoleHandlers(),
  builtInOnly: () => createRoleHandlers({ builtInOnly: true }),
  failing: () => createRoleHandlers({ failing: true }),
  forbidden: () => createRoleHandlers({ forbidden: true }),
  loading: () => createRoleHandlers({ loading: true }),
  /** The fixtures plus a custom role named `name` (long names, special characters). */
  custom: (name: string) =>
    createRoleHandlers({
      roles: () => [
        ...fixtureRoles(),
        {
          key: 'personalizada',
          name,
          built_in: false,
          editable: true,
          permissions: ['tickets.view'],
          user_count: 12,
          updated_at: new Date(0).toISOString(),
        },
      ],
    }),
};
