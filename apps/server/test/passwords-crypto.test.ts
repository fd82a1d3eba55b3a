/**
 * The vault's envelope (issue 14), on the database the run uses: no known secret reaches the database in
 * clear (its rows, a dump, and on the embedded database its files), a tampered or moved ciphertext is
 * refused, and a KEK rotation keeps every item readable.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseKeyringText } from '../src/vault/keyring';
import { rewrapDataKeys } from '../src/vault/vault';
import { setupTestServer, startTestServer, testDatabaseKind } from './harness';
import { createTestCompany, TEST_VAULT_KEY, TEST_VAULT_KEY_2, vaultMarker } from './password-helpers';

const ctx = setupTestServer({ vaultKey: TEST_VAULT_KEY, vaultRotationSweep: false });

const newItem = async (token: string, companyId: number | null, password: string, extra: object = {}) => {
  const response = await ctx.api('POST', '/api/passwords', {
    token,
    body: {
      kind: 'login',
      name: vaultMarker(),
      username: 'root',
      company_id: companyId,
      secrets: { password, notes: `nota ${password}`, totp: 'JBSWY3DPEHPK3PXP' },
      ...extra,
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: number; secret_fields: string[] };
};

const reveal = (token: string, id: number, field = 'password') =>
  ctx.api('POST', `/api/passwords/${id}/reveal`, { token, body: { field } });

/** Every row of every table of the public schema as text: what a logical dump carries. */
const dumpRows = async () => {
  const { rows: tables } = await ctx.server.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  let text = '';
  for (const { table_name } of tables) {
    const { rows } = await ctx.server.db.query<{ row: string }>(
      `SELECT row_to_json(t)::text AS row FROM "${table_name}" t`,
    );
    text += rows.map((row) => row.row).join('\n');
  }
  return text;
};

describe('the vault at rest', () => {
  it('keeps no known secret in clear in any table, and none in the list or item answers', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const company = await createTestCompany(ctx);
    const secret = `segredo-conhecido-${vaultMarker()}`;
    const item = await newItem(admin, company, secret);
    expect(item.secret_fields).toEqual(['notes', 'password', 'totp']);

    const list = await ctx.api('GET', `/api/passwords?company_id=${company}`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(secret);
    const one = await ctx.api('GET', `/api/passwords/${item.id}`, { token: admin });
    expect(one.text).not.toContain(secret);
    expect(one.text).not.toContain('JBSWY3DPEHPK3PXP');

    const dump = await dumpRows();
    expect(dump).toContain(item.id.toString());
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain('JBSWY3DPEHPK3PXP');
    // The KEK itself is never stored.
    expect(dump).not.toContain(TEST_VAULT_KEY);

    const revealed = await reveal(admin, item.id);
    expect(revealed.status).toBe(200);
    expect(revealed.body).toEqual({ field: 'password', value: secret });
    expect(revealed.headers.get('cache-control')).toBe('no-store');
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'keeps no known secret in a pg_dump of the database',
    async () => {
      const admin = await ctx.loginAs('admin@farol.dev');
      const secret = `segredo-dump-${vaultMarker()}`;
      await newItem(admin, await createTestCompany(ctx), secret);
      const dump = execFileSync('pg_dump', ['--data-only', process.env.FAROL_TEST_DATABASE_URL!], {
        stdio: ['ignore', 'pipe', 'ignore'],
        maxBuffer: 512 * 1024 * 1024,
      }).toString('utf8');
      expect(dump).toContain('vault_items');
      expect(dump).not.toContain(secret);
    },
  );

  it('refuses a tampered ciphertext, and one moved to another item, field or company', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const companyA = await createTestCompany(ctx);
    const companyB = await createTestCompany(ctx);
    const a = await newItem(admin, companyA, 'senha-a');
    const b = await newItem(admin, companyA, 'senha-b');
    const c = await newItem(admin, companyB, 'senha-c');
    const sealed = async (id: number) =>
      (
        await ctx.server.db.query<{ secrets: Record<string, string> }>(
          'SELECT secrets FROM vault_items WHERE id = $1',
          [id],
        )
      ).rows[0]!.secrets;
    const put = (id: number, field: string, value: string) =>
      ctx.server.db.query(
        `UPDATE vault_items SET secrets = jsonb_set(secrets, $2, to_jsonb($3::text)) WHERE id = $1`,
        [id, `{${field}}`, value],
      );

    // One bit flipped in the ciphertext.
    const original = (await sealed(a.id)).password!;
    const raw = Buffer.from(original.slice(3), 'base64');
    raw[20] = raw[20]! ^ 1;
    await put(a.id, 'password', `s1.${raw.toString('base64')}`);
    const tampered = await reveal(admin, a.id);
    expect(tampered.status).toBe(500);
    expect(tampered.body.message).toMatch(/integridade/);
    expect(tampered.text).not.toContain('senha-a');

    // B's password copied into A (same company, another row).
    await put(a.id, 'password', (await sealed(b.id)).password!);
    expect((await reveal(admin, a.id)).status).toBe(500);

    // B's notes in B's password field (same row, another field).
    await put(b.id, 'password', (await sealed(b.id)).notes!);
    expect((await reveal(admin, b.id)).status).toBe(500);

    // C's password (another company) into A.
    await put(a.id, 'password', (await sealed(c.id)).password!);
    expect((await reveal(admin, a.id)).status).toBe(500);

    // Put back, A opens again: only the misplaced copies were refused.
    await put(a.id, 'password', original);
    expect((await reveal(admin, a.id)).body.value).toBe('senha-a');

    // No reveal was recorded for the refused attempts.
    const { rows } = await ctx.server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_events WHERE module = 'passwords' AND action = 'reveal' AND target_id = $1`,
      [String(a.id)],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('an old version of the item cannot be put back in place of the current one', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const item = await newItem(admin, await createTestCompany(ctx), 'primeira');
    const before = (
      await ctx.server.db.query<{ secrets: Record<string, string> }>(
        'SELECT secrets FROM vault_items WHERE id = $1',
        [item.id],
      )
    ).rows[0]!.secrets.password!;
    const updated = await ctx.api('PATCH', `/api/passwords/${item.id}`, {
      token: admin,
      body: { secrets: { password: 'segunda' } },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.version).toBe(2);
    await ctx.server.db.query(
      `UPDATE vault_items SET secrets = jsonb_set(secrets, '{password}', to_jsonb($2::text)) WHERE id = $1`,
      [item.id, before],
    );
    expect((await reveal(admin, item.id)).status).toBe(500);
  });
});

describe('KEK rotation', () => {
  const v1 = parseKeyringText(TEST_VAULT_KEY);
  const v2 = parseKeyringText(`v2:${TEST_VAULT_KEY_2},v1:${TEST_VAULT_KEY}`);

  afterAll(async () => {
    // Back to version 1, the key every vault test server of the shared database starts with.
    await rewrapDataKeys(ctx.server.db, { current: 1, keys: v2.keys });
  });

  it('re-wraps every data key under the new version and every item stays readable, before and after', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const items = [
      await newItem(admin, await createTestCompany(ctx), 'rotacao-1'),
      await newItem(admin, await createTestCompany(ctx), 'rotacao-2'),
      await newItem(admin, null, 'rotacao-interna'),
    ];
    const wrappedBefore = await ctx.server.db.query<{ scope: string; kek_version: number; wrapped: string }>(
      'SELECT scope, kek_version, wrapped FROM vault_data_keys ORDER BY scope',
    );
    expect(wrappedBefore.rows.every((row) => row.kek_version === v1.current)).toBe(true);

    const count = await rewrapDataKeys(ctx.server.db, v2);
    expect(count).toBe(wrappedBefore.rows.length);
    const after = await ctx.server.db.query<{ scope: string; kek_version: number; wrapped: string }>(
      'SELECT scope, kek_version, wrapped FROM vault_data_keys ORDER BY scope',
    );
    expect(after.rows.map((row) => row.scope)).toEqual(wrappedBefore.rows.map((row) => row.scope));
    expect(after.rows.every((row) => row.kek_version === 2)).toBe(true);
    expect(after.rows[0]!.wrapped).not.toBe(wrappedBefore.rows[0]!.wrapped);

    // The running server kept its data keys: still readable during the rotation.
    for (const [index, expected] of ['rotacao-1', 'rotacao-2', 'rotacao-interna'].entries()) {
      expect((await reveal(admin, items[index]!.id)).body.value).toBe(expected);
    }

    // On PostgreSQL, a server started after it with both versions reads them from the database again.
    if (testDatabaseKind === 'postgres') {
      const fresh = await startTestServer({
        vaultKey: `v2:${TEST_VAULT_KEY_2},v1:${TEST_VAULT_KEY}`,
        vaultRotationSweep: false,
      });
      try {
        const url = await fresh.listen();
        const login = await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            login: 'admin@farol.dev',
            email: 'admin@farol.dev',
            password: 'farol-demo',
          }),
        });
        const { token } = (await login.json()) as { token: string };
        const answer = await fetch(`${url}/api/passwords/${items[0]!.id}/reveal`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ field: 'password' }),
        });
        expect(((await answer.json()) as { value: string }).value).toBe('rotacao-1');
      } finally {
        await fresh.close();
      }
    }
    // A server holding only the old key refuses clearly instead of answering garbage.
    const stale = parseKeyringText(TEST_VAULT_KEY);
    await expect(rewrapDataKeys(ctx.server.db, stale)).rejects.toThrow(/versão 2/);
  });
});

describe.runIf(testDatabaseKind === 'pglite')('the embedded database folder', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'farol-vault-'));
  const dataDir = path.join(folder, 'dados');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const filesOf = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesOf(full) : [full];
    });

  it('generates a 0600 key file beside the folder, and no file of the folder holds a known secret', async () => {
    const server = await startTestServer({ dataDir, vaultKey: null, vaultRotationSweep: false });
    const secret = `segredo-em-disco-${vaultMarker()}`;
    try {
      const url = await server.listen();
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'admin@farol.dev', email: 'admin@farol.dev', password: 'farol-demo' }),
      });
      const { token } = (await login.json()) as { token: string };
      const created = await fetch(`${url}/api/passwords`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ kind: 'nota', name: 'Disco', secrets: { notes: secret } }),
      });
      expect(created.status).toBe(201);
      await server.db.query('CHECKPOINT');
    } finally {
      await server.close();
    }
    const keyFile = `${dataDir}.vault.key`;
    expect(existsSync(keyFile)).toBe(true);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = readFileSync(keyFile, 'utf8');
    expect(key).toMatch(/^v1:[A-Za-z0-9+/]{43}=$/m);
    const files = filesOf(dataDir);
    expect(files.length).toBeGreaterThan(10);
    const needle = Buffer.from(secret, 'utf8');
    const holding = files.filter((file) => readFileSync(file).includes(needle));
    expect(holding).toEqual([]);
    // The key is not in the folder (a backup of the folder cannot open the secrets).
    expect(files.some((file) => path.basename(file).includes('vault'))).toBe(false);
  });
});
