/**
 * The vault list's totals (issue 14, migration 035): the page and its `total` agree for every filter shape —
 * counted from vault_item_counts less what the grants leave out, or from the matches — for a person narrowed
 * by folder and item grants and for an admin, and the kept counts follow archives and moves.
 */
import { describe, expect, it } from 'vitest';
import { passwordItemSchema, passwordListSchema } from '@farol/data/contract';
import { setupTestServer } from './harness';
import { createTestCompany, TEST_VAULT_KEY, vaultMarker } from './password-helpers';

const ctx = setupTestServer({ vaultKey: TEST_VAULT_KEY, vaultRotationSweep: false });

const create = async (token: string, body: Record<string, unknown>) => {
  const response = await ctx.api('POST', '/api/passwords', {
    token,
    body: { kind: 'login', username: 'admin', secrets: { password: 'p@ss-1' }, ...body },
  });
  expect(response.status, response.text).toBe(201);
  return passwordItemSchema.parse(response.body);
};

const folder = async (token: string, companyId: number) => {
  const response = await ctx.api('POST', '/api/passwords/folders', {
    token,
    body: { name: vaultMarker(), company_id: companyId },
  });
  expect(response.status, response.text).toBe(201);
  return (response.body as { id: number }).id;
};

const grant = async (token: string, path: string, grants: unknown[]) => {
  const response = await ctx.api('PUT', path, { token, body: { grants } });
  expect(response.status, response.text).toBe(200);
};

describe('the list’s total', () => {
  it('matches its rows for a person narrowed by folder and item grants, and for an admin', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const company = await createTestCompany(ctx);
    const viewer = await ctx.createUser({ permissions: ['passwords.view', 'passwords.reveal'] });
    const me = { kind: 'user', id: viewer.id };
    const someoneElse = { kind: 'role', role: 'financeiro' };
    const open = await folder(admin, company);
    const closed = await folder(admin, company);
    const mine = await folder(admin, company);
    const mark = vaultMarker();
    const named = (name: string) => `${name} ${mark}`;
    await grant(admin, `/api/passwords/folders/${closed}/access`, [{ subject: someoneElse, level: 'ver' }]);
    await grant(admin, `/api/passwords/folders/${mine}/access`, [{ subject: me, level: 'ver' }]);
    const a = await create(admin, { name: named('A'), company_id: company, folder_id: open });
    const b = await create(admin, { name: named('B'), kind: 'wifi', company_id: company, folder_id: closed });
    const c = await create(admin, { name: named('C'), company_id: company, folder_id: closed });
    const d = await create(admin, { name: named('D'), company_id: company, folder_id: mine });
    const e = await create(admin, { name: named('E'), company_id: company });
    const f = await create(admin, { name: named('F'), company_id: company });
    const g = await create(admin, { name: named('G'), kind: 'wifi', company_id: company });
    await grant(admin, `/api/passwords/${c.id}/access`, [{ subject: me, level: 'usar' }]);
    await grant(admin, `/api/passwords/${e.id}/access`, [{ subject: someoneElse, level: 'ver' }]);
    await grant(admin, `/api/passwords/${f.id}/access`, [{ subject: me, level: 'ver' }]);

    const page = async (token: string, query: string) => {
      const response = await ctx.api('GET', `/api/passwords?company_id=${company}&limit=100&${query}`, {
        token,
      });
      expect(response.status, response.text).toBe(200);
      const list = passwordListSchema.parse(response.body);
      expect(list.total, query).toBe(list.items.length);
      return list;
    };
    const names = (list: { items: { name: string }[] }) => list.items.map((item) => item.name.split(' ')[0]);

    // Seen: A (open), C (its own grant inside a closed folder, as "usar"), D (my folder), F (my item), G.
    for (const query of ['', `q=${mark}`, 'rotation=due']) {
      const list = await page(viewer.token, query);
      if (query === 'rotation=due') expect(list.total).toBe(0);
      else expect(names(list)).toEqual(['A', 'C', 'D', 'F', 'G']);
    }
    const levels = Object.fromEntries((await page(viewer.token, '')).items.map((i) => [i.id, i.access]));
    expect(levels).toEqual({ [a.id]: 'ver', [c.id]: 'usar', [d.id]: 'ver', [f.id]: 'ver', [g.id]: 'ver' });
    expect(names(await page(viewer.token, 'kind=wifi'))).toEqual(['G']);
    expect(names(await page(viewer.token, `kind=wifi&q=${mark}`))).toEqual(['G']);
    expect(names(await page(viewer.token, `folder_id=${closed}`))).toEqual(['C']);
    expect(names(await page(viewer.token, `folder_id=${closed}&kind=wifi`))).toEqual([]);

    // An admin sees every item; outside their grants, by quebra-vidro.
    const all = await page(admin, '');
    expect(names(all)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    expect(all.items.filter((item) => item.break_glass).map((item) => item.id)).toEqual([
      b.id,
      c.id,
      d.id,
      e.id,
      f.id,
    ]);
    expect(names(await page(admin, 'kind=wifi'))).toEqual(['B', 'G']);

    // Page two of the person's list, two a page: the same total.
    const second = await ctx.api('GET', `/api/passwords?company_id=${company}&limit=2&page=2`, {
      token: viewer.token,
    });
    expect(passwordListSchema.parse(second.body)).toMatchObject({ total: 5 });
    expect(names(passwordListSchema.parse(second.body))).toEqual(['D', 'F']);
  });

  it('follows archives, moves between folders and kinds, and a folder’s rotation period', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const company = await createTestCompany(ctx);
    const box = await folder(admin, company);
    const one = await create(admin, { name: vaultMarker(), company_id: company });
    const two = await create(admin, { name: vaultMarker(), company_id: company, folder_id: box });
    const total = async (query: string) =>
      passwordListSchema.parse(
        (await ctx.api('GET', `/api/passwords?company_id=${company}&${query}`, { token: admin })).body,
      ).total;
    expect(await total('')).toBe(2);
    expect(await total(`folder_id=${box}`)).toBe(1);
    const moved = await ctx.api('PATCH', `/api/passwords/${one.id}`, {
      token: admin,
      body: { folder_id: box, kind: 'wifi' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await total(`folder_id=${box}`)).toBe(2);
    expect(await total('kind=wifi')).toBe(1);
    expect((await ctx.api('DELETE', `/api/passwords/${two.id}`, { token: admin })).status).toBe(204);
    expect(await total('')).toBe(1);
    expect(await total(`folder_id=${box}`)).toBe(1);

    // The folder's period reaches its items (the due date is kept on the item): overdue once set in the past.
    expect(await total('rotation=overdue')).toBe(0);
    await ctx.server.db.query(
      `UPDATE vault_items SET password_changed_at = now() - interval '40 days' WHERE id = $1`,
      [one.id],
    );
    expect(await total('rotation=overdue')).toBe(0);
    const policy = await ctx.api('PATCH', `/api/passwords/folders/${box}`, {
      token: admin,
      body: { rotate_every_days: 30 },
    });
    expect(policy.status, policy.text).toBe(200);
    expect(await total('rotation=overdue')).toBe(1);
    expect(await total('rotation=due')).toBe(1);
  });

  it('shows each item as its own page does, after the names and rules it copies change (migration 038)', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const company = await createTestCompany(ctx);
    const box = await folder(admin, company);
    const owner = await ctx.createUser({ permissions: ['passwords.view'], firstName: 'Dona' });
    const { rows } = await ctx.server.db.query<{ id: number }>(
      `INSERT INTO branches (company_id, name) VALUES ($1, 'Filial velha') RETURNING id`,
      [company],
    );
    const branch = rows[0]!.id;
    const item = await create(admin, {
      name: vaultMarker(),
      company_id: company,
      folder_id: box,
      branch_id: branch,
      owner_id: owner.id,
      tags: ['rede', 'borda'],
      description: 'Aspas " e barra \\ no texto',
      custom: [
        { key: 'vlan', label: 'VLAN', secret: false, value: '20' },
        { key: 'pin', label: 'PIN', secret: true, value: '1234' },
      ],
      secrets: { password: 'p@ss-1', totp: 'JBSWY3DPEHPK3PXP' },
    });
    const same = async () => {
      const list = await ctx.api('GET', `/api/passwords?company_id=${company}`, { token: admin });
      expect(list.status, list.text).toBe(200);
      const listed = passwordListSchema.parse(list.body).items.find((entry) => entry.id === item.id);
      const page = await ctx.api('GET', `/api/passwords/${item.id}`, { token: admin });
      expect(listed).toEqual(passwordItemSchema.parse(page.body));
      return listed!;
    };
    expect((await same()).custom).toEqual([
      { key: 'vlan', label: 'VLAN', secret: false, value: '20' },
      { key: 'pin', label: 'PIN', secret: true, value: null },
    ]);
    await ctx.server.db.query(`UPDATE companies SET name = name || ' (nova)' WHERE id = $1`, [company]);
    await ctx.server.db.query(`UPDATE branches SET name = 'Filial nova' WHERE id = $1`, [branch]);
    await ctx.server.db.query(`UPDATE users SET last_name = 'Renomeada' WHERE id = $1`, [owner.id]);
    const renamed = await ctx.api('PATCH', `/api/passwords/folders/${box}`, {
      token: admin,
      body: { name: vaultMarker(), require_reason: true, rotate_every_days: 45 },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const after = await same();
    expect(after.company?.name).toMatch(/\(nova\)$/);
    expect(after.branch?.name).toBe('Filial nova');
    expect(after.owner?.name).toMatch(/Renomeada$/);
    expect(after).toMatchObject({ require_reason: true, rotate_every_days: 45, rotation_state: 'em_dia' });
  });

  it('is searched by staff limited to some companies (only theirs)', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const mine = await createTestCompany(ctx);
    const other = await createTestCompany(ctx);
    const mark = vaultMarker();
    await create(admin, { name: `Roteador ${mark}`, company_id: mine, tags: ['borda'] });
    await create(admin, { name: `Roteador ${mark}`, company_id: other, tags: ['borda'] });
    const limited = await ctx.createUser({ role: 'tecnico', permissions: ['passwords.view'] });
    const set = await ctx.api('PUT', `/api/roles/access/${limited.id}`, {
      token: admin,
      body: { company_scope: { mode: 'except', excluded_company_ids: [other] } },
    });
    expect(set.status, set.text).toBe(200);
    for (const query of [`q=${mark}`, `q=${mark}&tag=borda`, 'rotation=due']) {
      const list = await ctx.api('GET', `/api/passwords?${query}`, { token: limited.token });
      expect(list.status, list.text).toBe(200);
      const body = passwordListSchema.parse(list.body);
      expect(body.items.every((entry) => entry.company?.id !== other)).toBe(true);
      if (query.startsWith('q='))
        expect(body).toMatchObject({ total: 1, items: [{ company: { id: mine } }] });
    }
  });
});
