import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, PERMISSION_KEYS, userAccessSchema, whyAnswerSchema } from '@farol/data/contract';
import { setupTestServer, type TestUser } from './harness';

const t = setupTestServer();

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

describe('roles', () => {
  let admin: TestUser;
  let manager: TestUser;
  let plain: TestUser;

  beforeAll(async () => {
    admin = await t.createUser({ role: 'admin' });
    manager = await t.createUser({ role: 'gestor', permissions: ['users.manage', 'tickets.view'] });
    plain = await t.createUser({ role: 'tecnico', permissions: ['tickets.view'] });
  });

  it('lists the built-in roles first, admin and cliente locked, and needs users.manage', async () => {
    const list = await t.api('GET', '/api/roles', { token: admin.token });
    expect(list.status).toBe(200);
    const keys = (list.body.items as { key: string }[]).map((role) => role.key);
    expect(keys.slice(0, 4)).toEqual([...BUILT_IN_ROLES]);
    const byKey = new Map(
      (list.body.items as { key: string; editable: boolean; permissions: string[] }[]).map((r) => [r.key, r]),
    );
    expect(byKey.get('admin')).toMatchObject({ editable: false, permissions: [...PERMISSION_KEYS] });
    expect(byKey.get('cliente')).toMatchObject({ editable: false, permissions: [] });
    expect(byKey.get('gestor')).toMatchObject({ editable: true, built_in: true });
    expect((await t.api('GET', '/api/roles', { token: plain.token })).status).toBe(403);
  });

  it('creates, renames, copies and deletes a custom role; refuses bad input in Portuguese', async () => {
    const name = unique('Suporte N1');
    const created = await t.api('POST', '/api/roles', {
      token: admin.token,
      body: { name, permissions: ['tickets.view', 'companies.view', 'tickets.view'] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name, built_in: false, editable: true, user_count: 0 });
    expect(created.body.permissions).toEqual(['tickets.view', 'companies.view']);
    const key = created.body.key as string;
    expect(key).toMatch(/^suporte-n1-/);

    const duplicate = await t.api('POST', '/api/roles', {
      token: admin.token,
      body: { name: name.toUpperCase() },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.details).toEqual({ name: 'Já existe uma função com este nome' });

    const bad = await t.api('POST', '/api/roles', {
      token: admin.token,
      body: { name: 'x', permissions: ['nope'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({ name: 'Nome deve ter ao menos 2 caracteres' });
    expect(Object.values(bad.body.details as Record<string, string>)).toContain('Permissão desconhecida');

    const copy = await t.api('POST', '/api/roles', {
      token: admin.token,
      body: { name: unique('Cópia'), copy_from: key },
    });
    expect(copy.status).toBe(201);
    expect(copy.body.permissions).toEqual(['tickets.view', 'companies.view']);

    const renamed = await t.api('PATCH', `/api/roles/${key}`, {
      token: admin.token,
      body: { name: `${name} (novo)`, permissions: ['tickets.view'] },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ key, name: `${name} (novo)`, permissions: ['tickets.view'] });

    const { rows } = await t.server.db.query<{ action: string; details: Record<string, unknown> }>(
      `SELECT action, details FROM audit_events WHERE module = 'roles' AND target_id = $1 ORDER BY id`,
      [key],
    );
    expect(rows.map((row) => row.action)).toEqual(['created', 'updated']);
    expect(rows[1]!.details).toMatchObject({
      name: { from: name, to: `${name} (novo)` },
      permissions: {
        from: ['tickets.view', 'companies.view'],
        to: ['tickets.view'],
        removed: ['companies.view'],
      },
    });

    const lockedKeys = await t.api('PATCH', '/api/roles/admin', {
      token: admin.token,
      body: { permissions: [] },
    });
    expect(lockedKeys.status).toBe(409);
    const builtIn = await t.api('DELETE', '/api/roles/gestor', { token: admin.token });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.message).toBe('Funções padrão não podem ser excluídas');

    const holder = await t.createUser({ role: key });
    const inUse = await t.api('DELETE', `/api/roles/${key}`, { token: admin.token });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toMatch(/^Função em uso por 1 pessoa/);
    await t.server.db.query(`UPDATE users SET role = 'tecnico' WHERE id = $1`, [holder.id]);
    expect((await t.api('DELETE', `/api/roles/${key}`, { token: admin.token })).status).toBe(204);
    expect((await t.api('DELETE', `/api/roles/${key}`, { token: admin.token })).status).toBe(404);
  });

  it('a manager cannot grant a key they do not hold, nor make an admin', async () => {
    const grant = await t.api('POST', '/api/roles', {
      token: manager.token,
      body: { name: unique('Cofre'), permissions: ['passwords.view'] },
    });
    expect(grant.status).toBe(403);
    expect(grant.body.details).toEqual({
      permissions: 'Você não pode conceder permissões que não tem: passwords.view',
    });
    const target = await t.createUser({ role: 'tecnico' });
    const extra = await t.api('PUT', `/api/roles/access/${target.id}`, {
      token: manager.token,
      body: { extra_permissions: ['companies.manage'] },
    });
    expect(extra.status).toBe(403);
    const toAdmin = await t.api('PUT', `/api/roles/access/${target.id}`, {
      token: manager.token,
      body: { role: 'admin' },
    });
    expect(toAdmin.status).toBe(403);
    expect(toAdmin.body.details.role).toBe('Só um administrador pode tornar alguém administrador');
    const held = await t.api('PUT', `/api/roles/access/${target.id}`, {
      token: manager.token,
      body: { extra_permissions: ['tickets.view'] },
    });
    expect(held.status).toBe(200);
    expect(held.body.effective_permissions).toEqual(['tickets.view']);
  });

  it('nobody lowers their own role', async () => {
    const self = await t.api('PUT', `/api/roles/access/${admin.id}`, {
      token: admin.token,
      body: { role: 'gestor' },
    });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('Você não pode reduzir a sua própria função');
  });

  it('effective keys are role ∪ extra keys, and a role change reaches live sessions at once', async () => {
    const created = await t.api('POST', '/api/roles', {
      token: admin.token,
      body: { name: unique('Empresas'), permissions: ['companies.view'] },
    });
    const key = created.body.key as string;
    const person = await t.createUser({ role: 'tecnico', permissions: ['tickets.view'] });
    expect((await t.api('GET', '/api/companies', { token: person.token })).status).toBe(403);

    const assigned = await t.api('PUT', `/api/roles/access/${person.id}`, {
      token: admin.token,
      body: { role: key },
    });
    expect(assigned.status).toBe(200);
    const access = userAccessSchema.parse(assigned.body);
    expect(access.role_permissions).toEqual(['companies.view']);
    expect(access.extra_permissions).toEqual(['tickets.view']);
    expect([...access.effective_permissions].sort()).toEqual(['companies.view', 'tickets.view']);
    // The same token, already verified (and maybe cached), now holds the role's key.
    expect((await t.api('GET', '/api/companies', { token: person.token })).status).toBe(200);
    const profile = await t.api('GET', '/api/profile', { token: person.token });
    expect([...(profile.body.permissions as string[])].sort()).toEqual(['companies.view', 'tickets.view']);

    // Editing the role's keys reaches the holder's session too.
    await t.api('PATCH', `/api/roles/${key}`, { token: admin.token, body: { permissions: ['tasks.view'] } });
    expect((await t.api('GET', '/api/companies', { token: person.token })).status).toBe(403);
    expect((await t.api('GET', '/api/tasks/boards', { token: person.token })).status).toBe(200);

    const { rows } = await t.server.db.query<{ details: Record<string, unknown> }>(
      `SELECT details FROM audit_events WHERE module = 'users' AND action = 'access_changed' AND target_id = $1`,
      [String(person.id)],
    );
    expect(rows[0]!.details).toEqual({ role: { from: 'tecnico', to: key } });
  });

  it('validates the company scope', async () => {
    const person = await t.createUser({ role: 'tecnico' });
    const empty = await t.api('PUT', `/api/roles/access/${person.id}`, {
      token: admin.token,
      body: { company_scope: { mode: 'selected', company_ids: [] } },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual({ 'company_scope.company_ids': 'Escolha ao menos uma empresa' });
    const unknown = await t.api('PUT', `/api/roles/access/${person.id}`, {
      token: admin.token,
      body: { company_scope: { mode: 'selected', company_ids: [2_000_000_000] } },
    });
    expect(unknown.status).toBe(400);
    const toAdmin = await t.api('PUT', `/api/roles/access/${admin.id}`, {
      token: admin.token,
      body: { company_scope: { mode: 'except', excluded_company_ids: [await t.companyId('Acme')] } },
    });
    expect(toAdmin.status).toBe(400);
    expect(toAdmin.body.details.company_scope).toBe('Administradores alcançam todas as empresas');
  });
});

/** Every object in a JSON answer that names a company: its `company_id`, or the `id` of its `company`. */
const companyIdsIn = (value: unknown, found = new Set<number>()): Set<number> => {
  if (Array.isArray(value)) for (const item of value) companyIdsIn(item, found);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.company_id === 'number') found.add(record.company_id);
    const company = record.company;
    if (company && typeof company === 'object' && typeof (company as { id?: unknown }).id === 'number')
      found.add((company as { id: number }).id);
    for (const child of Object.values(record)) companyIdsIn(child, found);
  }
  return found;
};

describe('company scope: a technician limited to Acme sees nothing of Globex', () => {
  let scoped: TestUser;
  let except: TestUser;
  let acme: number;
  let globex: number;
  const outside: Record<string, number> = {};

  beforeAll(async () => {
    acme = await t.companyId('Acme');
    globex = await t.companyId('Globex');
    const admin = await t.createUser({ role: 'admin' });
    outside.globexUser = (await t.createUser({ role: 'cliente', companyId: globex })).id;
    const ticket = await t.api('POST', '/api/tickets', {
      token: admin.token,
      body: {
        subject: 'Globex fora do escopo',
        description: 'Só quem alcança a Globex vê.',
        company_id: globex,
      },
    });
    expect(ticket.status).toBe(201);
    outside.ticket = ticket.body.id as number;
    const board = await t.api('POST', '/api/tasks/boards', {
      token: admin.token,
      body: { name: unique('Quadro Globex'), company_id: globex, kind: 'cliente' },
    });
    expect(board.status).toBe(201);
    outside.board = board.body.id as number;
    const task = await t.api('POST', '/api/tasks', {
      token: admin.token,
      body: { board_id: outside.board, title: 'Tarefa da Globex' },
    });
    expect(task.status).toBe(201);
    outside.task = task.body.id as number;
    // A team board (no company) carrying a Globex task: the board is everyone's, the task is not.
    const team = await t.api('POST', '/api/tasks/boards', {
      token: admin.token,
      body: { name: unique('Equipe') },
    });
    outside.teamBoard = team.body.id as number;
    const teamTask = await t.api('POST', '/api/tasks', {
      token: admin.token,
      body: { board_id: outside.teamBoard, title: 'Tarefa Globex em quadro da equipe', company_id: globex },
    });
    expect(teamTask.status).toBe(201);
    outside.teamTask = teamTask.body.id as number;

    scoped = await t.createUser({ role: 'tecnico', permissions: [...PERMISSION_KEYS] });
    const set = await t.api('PUT', `/api/roles/access/${scoped.id}`, {
      token: admin.token,
      body: {
        company_scope: { mode: 'selected', company_ids: [acme, globex], excluded_company_ids: [globex] },
      },
    });
    expect(set.status).toBe(200);
    // Deny wins: Globex is both selected and excluded.
    expect(set.body.company_scope).toMatchObject({
      mode: 'selected',
      excluded: [{ id: globex, name: 'Globex' }],
    });
    except = await t.createUser({ role: 'tecnico', permissions: ['tickets.view', 'companies.view'] });
    await t.api('PUT', `/api/roles/access/${except.id}`, {
      token: admin.token,
      body: { company_scope: { mode: 'except', excluded_company_ids: [globex] } },
    });
  });

  const ids: Record<string, () => number> = {
    '/api/tickets/:id': () => outside.ticket!,
    '/api/companies/:id': () => globex,
    '/api/tasks/:id': () => outside.task!,
    '/api/tasks/boards/:id': () => outside.board!,
    '/api/users/:id': () => outside.globexUser!,
  };

  it('walks every GET route: lists carry no Globex record, Globex records answer 404', async () => {
    const routes = t.server.routes.filter(
      (route) => route.method === 'GET' && !route.access.public && route.access.scope === 'company',
    );
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const params = route.url.match(/:\w+/g) ?? [];
      let url = route.url;
      if (params.length > 0) {
        const pick = Object.entries(ids).find(([prefix]) => route.url.startsWith(prefix));
        const id = pick ? pick[1]() : route.url.startsWith('/api/companies/') ? globex : outside.ticket!;
        url = route.url.replace(/:\w+/g, String(id));
      }
      const response = await t.api('GET', url, { token: scoped.token });
      const name = `GET ${route.url}`;
      if (params.length > 0 && pick404(route.url)) {
        expect(response.status, name).toBe(404);
        expect(companyIdsIn(response.body).has(globex), name).toBe(false);
        continue;
      }
      if (response.status !== 200) continue;
      expect(companyIdsIn(response.body).has(globex), name).toBe(false);
      if (route.url === '/api/companies' || route.url === '/api/companies/options') {
        const items = (response.body.items ?? response.body.companies) as { id: number }[];
        expect(
          items.map((item) => item.id),
          name,
        ).not.toContain(globex);
        expect(
          items.map((item) => item.id),
          name,
        ).toContain(acme);
      }
    }
  });

  const pick404 = (url: string) =>
    url === '/api/tickets/:id' ||
    url === '/api/companies/:id' ||
    url === '/api/tasks/:id' ||
    url === '/api/tasks/boards/:id' ||
    url.startsWith('/api/users/:id') ||
    url.startsWith('/api/companies/:id/');

  it('the team board shows only the tasks of reached companies; searches and counts too', async () => {
    const board = await t.api('GET', `/api/tasks/boards/${outside.teamBoard}`, { token: scoped.token });
    expect(board.status).toBe(200);
    expect((board.body.tasks as { id: number }[]).map((task) => task.id)).not.toContain(outside.teamTask);
    const search = await t.api('GET', `/api/tickets?q=${encodeURIComponent('Globex fora')}`, {
      token: scoped.token,
    });
    expect(search.status).toBe(200);
    expect(search.body.total).toBe(0);
    const admin = await t.createUser({ role: 'admin' });
    const seen = await t.api('GET', `/api/tickets?q=${encodeURIComponent('Globex fora')}`, {
      token: admin.token,
    });
    expect(seen.body.total).toBeGreaterThan(0);
  });

  it('cannot file work under an unreached company', async () => {
    const ticket = await t.api('POST', '/api/tickets', {
      token: scoped.token,
      body: { subject: 'Tentativa', description: 'Fora do escopo', company_id: globex },
    });
    expect(ticket.status).toBe(403);
    const ok = await t.api('POST', '/api/tickets', {
      token: scoped.token,
      body: { subject: 'Dentro do escopo', description: 'Acme', company_id: acme },
    });
    expect(ok.status).toBe(201);
  });

  it('"all except" reaches every company but the excluded one', async () => {
    expect((await t.api('GET', `/api/tickets/${outside.ticket}`, { token: except.token })).status).toBe(404);
    const list = await t.api('GET', '/api/companies?limit=100', { token: except.token });
    const listed = (list.body.items as { id: number }[]).map((item) => item.id);
    expect(listed).toContain(acme);
    expect(listed).not.toContain(globex);
    expect(list.body.total).toBeGreaterThanOrEqual(listed.length);
  });

  it('"Por que ele vê isso?" explains the chain with the server\'s own rules', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const denied = await t.api(
      'GET',
      `/api/roles/why?user_id=${scoped.id}&target=ticket&value=${outside.ticket}`,
      { token: admin.token },
    );
    expect(denied.status).toBe(200);
    const answer = whyAnswerSchema.parse(denied.body);
    expect(answer.allowed).toBe(false);
    expect(answer.steps.map((step) => step.kind)).toEqual(['account', 'role', 'key', 'scope', 'record']);
    expect(answer.steps.find((step) => step.kind === 'key')!.ok).toBe(true);
    expect(answer.steps.find((step) => step.kind === 'scope')!.ok).toBe(false);
    expect(answer.summary).toBe('Não: a empresa do registro está fora do escopo.');

    const screen = await t.api(
      'GET',
      `/api/roles/why?user_id=${except.id}&target=route&value=${encodeURIComponent('/tasks')}&area=staff&permission=tasks.view`,
      { token: admin.token },
    );
    expect(screen.body.allowed).toBe(false);
    expect(screen.body.summary).toBe('Não: falta a permissão Ver tarefas (tasks.view).');
    const bad = await t.api('GET', `/api/roles/why?user_id=${except.id}&target=ticket&value=abc`, {
      token: admin.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({ value: 'Informe o número do registro' });
  });
});
