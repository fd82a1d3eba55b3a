import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactListSchema, type ContactList } from '@farol/data/contract';
import { setupTestServer, type TestUser } from './harness';

const t = setupTestServer();

let acme: number;
let globex: number;

beforeAll(async () => {
  acme = await t.companyId('Acme');
  globex = await t.companyId('Globex');
});

const contacts = async (user: TestUser, query = '') => {
  const response = await t.api('GET', `/api/messages/contacts${query}`, { token: user.token });
  expect(response.status).toBe(200);
  return contactListSchema.parse(response.body);
};

const ids = (list: ContactList) => list.items.map((item) => item.id).sort((a, b) => a - b);
const sorted = (...values: number[]) => values.sort((a, b) => a - b);

const countUsers = async (where: string, params: unknown[]) => {
  const { rows } = await t.server.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM users WHERE ${where}`,
    params,
  );
  return rows[0]!.count;
};

/** A fresh cast whose names share a marker, so `q` isolates them from every other test's users. */
const cast = async () => {
  const marker = `Mk${randomUUID().slice(0, 8)}`;
  const named = (firstName: string) => `${firstName} ${marker}`;
  const [staff, acmeOne, acmeTwo, globexOne, loose] = await Promise.all([
    t.createUser({ role: 'tecnico', firstName: named('Tiago') }),
    t.createUser({ role: 'cliente', companyId: acme, firstName: named('Ana') }),
    t.createUser({ role: 'Client', companyId: acme, firstName: named('Bia') }),
    t.createUser({ role: 'client', companyId: globex, firstName: named('Gil') }),
    t.createUser({ role: 'cliente', companyId: null, firstName: named('Lia') }),
  ]);
  return { marker, staff, acmeOne, acmeTwo, globexOne, loose };
};

describe('GET /api/messages/contacts', () => {
  it('shows an Acme client the staff and Acme people, never Globex nor themselves', async () => {
    const { marker, staff, acmeOne, acmeTwo, globexOne } = await cast();
    const mine = await contacts(acmeOne, `?q=${marker}`);
    expect(ids(mine)).toEqual(sorted(staff.id, acmeTwo.id));
    expect(mine.total).toBe(2);

    // Unfiltered: every contact is staff or Acme, and the total is exactly those (minus the caller).
    const all = await contacts(acmeOne, '?limit=50');
    for (const item of all.items) {
      expect(['cliente', 'client'].includes(item.role.toLowerCase()) ? item.company_id : acme).toBe(acme);
    }
    expect(all.items.map((item) => item.id)).not.toContain(globexOne.id);
    expect(all.items.map((item) => item.id)).not.toContain(acmeOne.id);
    expect(all.total).toBe(
      await countUsers(`id <> $1 AND (lower(trim(role)) NOT IN ('cliente', 'client') OR company_id = $2)`, [
        acmeOne.id,
        acme,
      ]),
    );
  });

  it('shows staff everyone but themselves, and a client without a company only staff', async () => {
    const { marker, staff, acmeOne, acmeTwo, globexOne, loose } = await cast();
    const seen = await contacts(staff, `?q=${marker}`);
    expect(ids(seen)).toEqual(sorted(acmeOne.id, acmeTwo.id, globexOne.id, loose.id));
    expect((await contacts(staff)).total).toBe(await countUsers('id <> $1', [staff.id]));

    expect(ids(await contacts(loose, `?q=${marker}`))).toEqual([staff.id]);
  });

  it('lists exactly the people a conversation can be started with', async () => {
    const { marker, staff, acmeOne, globexOne } = await cast();
    for (const contact of (await contacts(acmeOne, `?q=${marker}`)).items) {
      const started = await t.api('POST', '/api/messages', {
        token: acmeOne.token,
        body: { participant_ids: [contact.id] },
      });
      expect(started.status).toBe(201);
    }
    const refused = await t.api('POST', '/api/messages', {
      token: acmeOne.token,
      body: { participant_ids: [globexOne.id] },
    });
    expect(refused.status).toBe(403);
    expect(ids(await contacts(staff, `?q=${marker}`))).toContain(globexOne.id);
  });

  it('filters by name or e-mail, case-insensitively, and limits the page (20 by default)', async () => {
    const { marker, staff, acmeOne, acmeTwo, globexOne } = await cast();
    expect(ids(await contacts(staff, `?q=${encodeURIComponent(`  bia ${marker.toUpperCase()} `)}`))).toEqual([
      acmeTwo.id,
    ]);
    const byEmail = await contacts(
      staff,
      `?q=${encodeURIComponent(globexOne.email.slice(0, 20).toUpperCase())}`,
    );
    expect(ids(byEmail)).toEqual([globexOne.id]);
    // LIKE wildcards are taken literally.
    expect((await contacts(staff, '?q=%25')).total).toBe(0);

    const page = await contacts(acmeOne, `?q=${marker}&limit=1`);
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(2);
    // Ordered by name: Bia before Tiago.
    expect(page.items[0]?.id).toBe(acmeTwo.id);
    expect(page.items[0]).toEqual({
      id: acmeTwo.id,
      email: acmeTwo.email,
      name: `Bia ${marker} Teste`,
      role: 'Client',
      profile_picture: null,
      company_id: acme,
    });
    const defaults = await contacts(staff);
    expect(defaults.items.length).toBe(Math.min(20, defaults.total));
  });

  it('answers 400 with Portuguese details for a bad query, and 401 without a session', async () => {
    const { staff } = await cast();
    const cases: [string, Record<string, string>][] = [
      ['?limit=51', { limit: 'limit deve ser no máximo 50' }],
      ['?limit=0', { limit: 'limit deve ser ao menos 1' }],
      ['?limit=muitos', { limit: 'limit deve ser um número' }],
      ['?limit=2.5', { limit: 'limit deve ser um número inteiro' }],
      [`?q=${'x'.repeat(101)}`, { q: 'q deve ter no máximo 100 caracteres' }],
    ];
    for (const [query, details] of cases) {
      const response = await t.api('GET', `/api/messages/contacts${query}`, { token: staff.token });
      expect(response.status, query).toBe(400);
      expect(response.body).toEqual({ error: 'validation_failed', message: 'Dados inválidos', details });
    }
    expect((await t.api('GET', '/api/messages/contacts')).status).toBe(401);
  });
});
