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
});
