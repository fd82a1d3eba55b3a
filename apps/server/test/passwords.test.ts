/**
 * The vault's rules over HTTP (issue 14): metadata lists, audited reveals with no-store, access levels per
 * folder and item enforced on the server, reasons, re-confirmation, quebra-vidro, TOTP without the seed,
 * versions with restore, rotation, the reveal log and the rate limit.
 */
import { describe, expect, it } from 'vitest';
import { passwordItemSchema, passwordListSchema, revealLogSchema } from '@farol/data/contract';
import { createRevealLimiter } from '../src/modules/passwords/rate-limit';
import { sweepRotation } from '../src/modules/passwords/rotation';
import { totpCode } from '../src/vault/totp';
import { setupTestServer } from './harness';
import { createTestCompany, TEST_VAULT_KEY, vaultMarker } from './password-helpers';

const ctx = setupTestServer({
  vaultKey: TEST_VAULT_KEY,
  vaultRotationSweep: false,
  vaultRevealsPerMinute: 1000,
});

const SEED = 'JBSWY3DPEHPK3PXP';

const staff = (permissions: string[], role = 'tecnico') => ctx.createUser({ role, permissions });
const VIEW = ['passwords.view'];
const REVEAL = ['passwords.view', 'passwords.reveal'];
const MANAGE = ['passwords.view', 'passwords.reveal', 'passwords.manage'];

const create = async (token: string, body: Record<string, unknown>) => {
  const response = await ctx.api('POST', '/api/passwords', {
    token,
    body: { kind: 'login', name: vaultMarker(), username: 'admin', secrets: { password: 'p@ss-1' }, ...body },
  });
  expect(response.status, response.text).toBe(201);
  return passwordItemSchema.parse(response.body);
};

const folder = async (token: string, body: Record<string, unknown>) => {
  const response = await ctx.api('POST', '/api/passwords/folders', {
    token,
    body: { name: vaultMarker(), ...body },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: number };
};

const reveal = (token: string, id: number, body: Record<string, unknown> = {}) =>
  ctx.api('POST', `/api/passwords/${id}/reveal`, { token, body: { field: 'password', ...body } });

describe('access to the vault', () => {
  it('needs passwords.view; clients and other staff get 403, the routes 401 without a session', async () => {
    expect((await ctx.api('GET', '/api/passwords')).status).toBe(401);
    const other = await staff(['tickets.view']);
    expect((await ctx.api('GET', '/api/passwords', { token: other.token })).status).toBe(403);
    const client = await ctx.loginAs('cliente@acme.com.br');
    expect((await ctx.api('GET', '/api/passwords', { token: client })).status).toBe(403);
    expect(
      (await ctx.api('POST', '/api/passwords/1/reveal', { token: client, body: { field: 'password' } }))
        .status,
    ).toBe(403);
  });

  it('creating needs passwords.manage and answers 400 with the fields in Portuguese', async () => {
    const viewer = await staff(REVEAL);
    const refused = await ctx.api('POST', '/api/passwords', {
      token: viewer.token,
      body: { kind: 'login', name: 'x' },
    });
    expect(refused.status).toBe(403);
    const admin = await ctx.loginAs('admin@farol.dev');
    const bad = await ctx.api('POST', '/api/passwords', {
      token: admin,
      body: { kind: 'cofre', name: '', secrets: { totp: 'não é base32' }, extra: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({
      kind: expect.stringContaining('tipo deve ser um de'),
      name: 'Informe o nome',
      'secrets.totp': expect.stringContaining('Semente TOTP inválida'),
      extra: 'Campo não permitido',
    });
    const missingCompany = await ctx.api('POST', '/api/passwords', {
      token: admin,
      body: { kind: 'login', name: 'x', company_id: 2_000_000_000 },
    });
    expect(missingCompany.status).toBe(400);
    expect(missingCompany.body.details).toEqual({ company_id: 'Empresa não encontrada' });
  });
});

describe('the list', () => {
  it('carries metadata only, filters by company, kind, tag and folder, and searches ignoring accents', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const company = await createTestCompany(ctx);
    const mark = vaultMarker();
    const box = await folder(admin, { company_id: company });
    await create(admin, {
      name: `Roteador São João ${mark}`,
      company_id: company,
      tags: ['Rede'],
      folder_id: box.id,
    });
    await create(admin, { name: `Wi-Fi ${mark}`, kind: 'wifi', company_id: company });
    await create(admin, { name: `Interno ${mark}`, company_id: null });

    const all = await ctx.api('GET', `/api/passwords?q=${mark}`, { token: admin });
    const list = passwordListSchema.parse(all.body);
    expect(list.total).toBe(3);
    expect(all.text).not.toContain('p@ss-1');
    const search = (query: string) =>
      ctx
        .api('GET', `/api/passwords?${query}`, { token: admin })
        .then((r) => passwordListSchema.parse(r.body));
    expect((await search(`q=sao joao ${mark}`)).items.map((i) => i.name)).toEqual([
      `Roteador São João ${mark}`,
    ]);
    expect((await search(`q=${mark}&kind=wifi`)).total).toBe(1);
    expect((await search(`q=${mark}&tag=rede`)).total).toBe(1);
    expect((await search(`q=${mark}&folder_id=${box.id}`)).total).toBe(1);
    expect((await search(`q=${mark}&company_id=internal`)).items[0]!.company).toBeNull();
    expect((await search(`q=${mark}&company_id=${company}&limit=1&page=2`)).total).toBe(2);
    const bad = await ctx.api('GET', '/api/passwords?kind=x&limit=1000', { token: admin });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details)).toEqual(['kind', 'limit']);
  });
});

describe('revealing', () => {
  it('answers the value with no-store, writes the audit with reason and chamado, and the log shows it', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const item = await create(admin, { company_id: await createTestCompany(ctx) });
    const { rows } = await ctx.server.db.query<{ id: number }>('SELECT id FROM tickets ORDER BY id LIMIT 1');
    const ticketId = rows[0]?.id;
    const response = await reveal(admin, item.id, {
      reason: 'Troca do firewall',
      purpose: 'copy',
      ...(ticketId ? { ticket_id: ticketId } : {}),
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ field: 'password', value: 'p@ss-1' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const log = revealLogSchema.parse(
      (await ctx.api('GET', `/api/passwords/reveals?item_id=${item.id}`, { token: admin })).body,
    );
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({
      action: 'copy',
      field: 'password',
      reason: 'Troca do firewall',
      ticket_id: ticketId ?? null,
      actor: { name: expect.stringContaining('Ana') },
      item: { id: item.id, name: item.name },
      break_glass: false,
    });
    const missing = await reveal(admin, item.id, { field: 'notes' });
    expect(missing.status).toBe(404);
    const badField = await reveal(admin, item.id, { field: 'senha' });
    expect(badField.status).toBe(400);
    expect(badField.body.details.field).toContain('Campo desconhecido');
  });

  it('a folder that asks for a reason refuses a reveal without one', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const company = await createTestCompany(ctx);
    const box = await folder(admin, { company_id: company, require_reason: true });
    const item = await create(admin, { company_id: company, folder_id: box.id });
    expect(item.require_reason).toBe(true);
    const refused = await reveal(admin, item.id);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual({ reason: 'Esta pasta pede um motivo ou um chamado para revelar' });
    expect((await reveal(admin, item.id, { reason: 'Auditoria' })).status).toBe(200);
  });

  it('a sensível item asks for the password again, then reveals for 10 minutes', async () => {
    const admin = await ctx.createUser({ role: 'admin' });
    const item = await create(admin.token, { company_id: null, sensitive: true });
    const first = await reveal(admin.token, item.id);
    expect(first.status).toBe(403);
    expect(first.body.error).toBe('reconfirm_required');
    const wrong = await ctx.api('POST', '/api/passwords/confirm', {
      token: admin.token,
      body: { password: 'errada' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual({ password: 'Senha incorreta' });
    const ok = await ctx.api('POST', '/api/passwords/confirm', {
      token: admin.token,
      body: { password: 'farol-demo' },
    });
    expect(ok.status).toBe(200);
    expect((await reveal(admin.token, item.id)).body.value).toBe('p@ss-1');
    await ctx.server.db.query(
      `UPDATE vault_confirmations SET confirmed_at = now() - interval '11 minutes' WHERE user_id = $1`,
      [admin.id],
    );
    expect((await reveal(admin.token, item.id)).body.error).toBe('reconfirm_required');
  });

  it('limits reveals per person per minute with 429 and Retry-After', () => {
    const take = createRevealLimiter(3);
    const start = 1_000_000;
    take(1, start);
    take(1, start + 1000);
    take(1, start + 2000);
    take(2, start + 2000);
    let refusal: unknown;
    try {
      take(1, start + 10_000);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ status: 429, code: 'rate_limited', headers: { 'retry-after': '50' } });
    // The window slides: a minute after the first, one more passes.
    expect(() => take(1, start + 60_001)).not.toThrow();
  });
});

describe('access levels', () => {
  it('keys set the ceiling: view only = usar (no reveal, clear message), reveal = ver, manage = gerenciar', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const item = await create(admin, { company_id: await createTestCompany(ctx) });
    const user = await staff(VIEW);
    const seen = passwordItemSchema.parse(
      (await ctx.api('GET', `/api/passwords/${item.id}`, { token: user.token })).body,
    );
    expect(seen.access).toBe('usar');
    // Without passwords.reveal the route itself refuses.
    const refused = await reveal(user.token, item.id);
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('p@ss-1');
    const revealer = await staff(REVEAL);
    expect((await reveal(revealer.token, item.id)).body.value).toBe('p@ss-1');
    const edit = await ctx.api('PATCH', `/api/passwords/${item.id}`, {
      token: revealer.token,
      body: { name: 'x' },
    });
    expect(edit.status).toBe(403);
  });

  it('folder grants narrow access, cover items added later, and keep others out (404)', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const company = await createTestCompany(ctx);
    const box = await folder(admin, { company_id: company });
    const usar = await staff(REVEAL);
    const ver = await staff(REVEAL);
    const outsider = await staff(MANAGE);
    const set = await ctx.api('PUT', `/api/passwords/folders/${box.id}/access`, {
      token: admin,
      body: {
        grants: [
          { subject: { kind: 'user', id: usar.id }, level: 'usar' },
          { subject: { kind: 'user', id: ver.id }, level: 'gerenciar' },
        ],
      },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.grants).toHaveLength(2);
    // Added after the grants: covered by them.
    const item = await create(admin, { company_id: company, folder_id: box.id });

    const asUsar = await ctx.api('GET', `/api/passwords/${item.id}`, { token: usar.token });
    expect(asUsar.body.access).toBe('usar');
    const refused = await reveal(usar.token, item.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('"usar"');

    // gerenciar granted, capped by the keys (passwords.reveal → ver).
    expect((await ctx.api('GET', `/api/passwords/${item.id}`, { token: ver.token })).body.access).toBe('ver');
    expect((await reveal(ver.token, item.id)).status).toBe(200);

    expect((await ctx.api('GET', `/api/passwords/${item.id}`, { token: outsider.token })).status).toBe(404);
    expect((await reveal(outsider.token, item.id)).status).toBe(404);
    const list = await ctx.api('GET', `/api/passwords?folder_id=${box.id}`, { token: outsider.token });
    expect(list.body.total).toBe(0);

    // A role grant lets the outsider's role in.
    await ctx.api('PUT', `/api/passwords/folders/${box.id}/access`, {
      token: admin,
      body: {
        grants: [
          { subject: { kind: 'user', id: usar.id }, level: 'usar' },
          { subject: { kind: 'role', role: 'Tecnico' }, level: 'editar' },
        ],
      },
    });
    expect((await ctx.api('GET', `/api/passwords/${item.id}`, { token: outsider.token })).body.access).toBe(
      'editar',
    );
    const log = await ctx.api('GET', `/api/audit?module=passwords&action=access_changed`, { token: admin });
    expect(log.status).toBe(200);
  });

  it('item grants for a role narrow that role to "usar": the item shows, the reveal is refused', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const item = await create(admin, { company_id: null });
    const granted = await ctx.api('PUT', `/api/passwords/${item.id}/access`, {
      token: admin,
      body: { grants: [{ subject: { kind: 'role', role: 'gestor' }, level: 'usar' }] },
    });
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body.grants).toEqual([
      { subject: { kind: 'role', role: 'gestor', name: 'gestor' }, level: 'usar' },
    ]);
    const gestor = await staff(MANAGE, 'gestor');
    expect((await ctx.api('GET', `/api/passwords/${item.id}`, { token: gestor.token })).body.access).toBe(
      'usar',
    );
    const refused = await reveal(gestor.token, item.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('"usar"');
  });

  it('an admin outside the grants sees the item, and reveals only by quebra-vidro, alerting the other admins', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const otherAdmin = await ctx.createUser({ role: 'admin' });
    const company = await createTestCompany(ctx);
    const box = await folder(admin, { company_id: company });
    const keeper = await staff(MANAGE, 'gestor');
    const item = await create(admin, { company_id: company, folder_id: box.id });
    await ctx.api('PUT', `/api/passwords/folders/${box.id}/access`, {
      token: admin,
      body: { grants: [{ subject: { kind: 'user', id: keeper.id }, level: 'gerenciar' }] },
    });
    const seen = await ctx.api('GET', `/api/passwords/${item.id}`, { token: otherAdmin.token });
    expect(seen.body).toMatchObject({ access: 'metadados', break_glass: true });
    const refused = await reveal(otherAdmin.token, item.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('break_glass_required');
    const noReason = await reveal(otherAdmin.token, item.id, { break_glass: true });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details).toEqual({ reason: 'Informe o motivo do quebra-vidro' });
    const glass = await reveal(otherAdmin.token, item.id, {
      break_glass: true,
      reason: 'Servidor fora do ar',
    });
    expect(glass.status).toBe(200);
    const { rows } = await ctx.server.db.query<{ title: string; message: string }>(
      `SELECT title, message FROM notifications WHERE user_id = (SELECT id FROM users WHERE email = 'admin@farol.dev')
        ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]).toMatchObject({
      title: 'Quebra-vidro no cofre',
      message: expect.stringContaining('Servidor fora do ar'),
    });
    const log = revealLogSchema.parse(
      (await ctx.api('GET', `/api/passwords/reveals?item_id=${item.id}`, { token: keeper.token })).body,
    );
    expect(log.items[0]).toMatchObject({
      action: 'break_glass',
      break_glass: true,
      reason: 'Servidor fora do ar',
    });
  });
});

describe('TOTP', () => {
  it('answers the current code and its seconds without the seed; the seed only to editors', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const item = await create(admin, {
      company_id: null,
      secrets: { password: 'x', totp: `otpauth://totp/F?secret=${SEED}` },
    });
    const revealer = await staff(REVEAL);
    const code = await ctx.api('POST', `/api/passwords/${item.id}/totp`, { token: revealer.token, body: {} });
    expect(code.status, code.text).toBe(200);
    expect(code.headers.get('cache-control')).toBe('no-store');
    expect(code.body.code).toMatch(/^\d{6}$/);
    expect(code.body.remaining).toBeGreaterThanOrEqual(1);
    expect(code.body.remaining).toBeLessThanOrEqual(30);
    expect([totpCode(SEED, Date.now()).code, totpCode(SEED, Date.now() - 30_000).code]).toContain(
      code.body.code,
    );
    expect(code.text).not.toContain(SEED);
    const seed = await reveal(revealer.token, item.id, { field: 'totp' });
    expect(seed.status).toBe(403);
    const asEditor = await reveal(admin, item.id, { field: 'totp' });
    expect(asEditor.body.value).toBe(SEED);
  });

  it('matches the RFC 6238 test vector', () => {
    // RFC 6238 appendix B, SHA-1 seed "12345678901234567890" (base32 below), T = 59 s → 94287082 (8 digits).
    expect(totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000, 30, 8).code).toBe('94287082');
  });
});

describe('versions and rotation', () => {
  it('keeps the last 10 versions and restores one, re-encrypted for the new version', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const item = await create(admin, {
      company_id: await createTestCompany(ctx),
      secrets: { password: 'v1' },
    });
    for (let n = 2; n <= 12; n += 1) {
      const patched = await ctx.api('PATCH', `/api/passwords/${item.id}`, {
        token: admin,
        body: { secrets: { password: `v${n}` } },
      });
      expect(patched.status).toBe(200);
    }
    const versions = await ctx.api('GET', `/api/passwords/${item.id}/versions`, { token: admin });
    expect(versions.body.items.map((v: { version: number }) => v.version)).toEqual([
      11, 10, 9, 8, 7, 6, 5, 4, 3, 2,
    ]);
    const restored = await ctx.api('POST', `/api/passwords/${item.id}/versions/5/restore`, { token: admin });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.version).toBe(13);
    expect((await reveal(admin, item.id)).body.value).toBe('v5');
    const missing = await ctx.api('POST', `/api/passwords/${item.id}/versions/1/restore`, { token: admin });
    expect(missing.status).toBe(404);
  });

  it('editing only the notes keeps the rotation clock; a new password resets it; the owner is told once', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const owner = await staff(MANAGE);
    const item = await create(admin, {
      company_id: await createTestCompany(ctx),
      rotate_every_days: 30,
      owner_id: owner.id,
    });
    await ctx.server.db.query(
      `UPDATE vault_items SET password_changed_at = now() - interval '40 days' WHERE id = $1`,
      [item.id],
    );
    await ctx.api('PATCH', `/api/passwords/${item.id}`, { token: admin, body: { description: 'só a nota' } });
    const due = passwordItemSchema.parse(
      (await ctx.api('GET', `/api/passwords/${item.id}`, { token: admin })).body,
    );
    expect(due.rotation_state).toBe('vencida');
    const overdue = await ctx.api(
      'GET',
      `/api/passwords?rotation=overdue&q=${encodeURIComponent(item.name)}`,
      { token: admin },
    );
    expect(overdue.body.total).toBe(1);

    const log = { error: () => undefined };
    await sweepRotation({ db: ctx.server.db, notify: ctx.server.notify, log });
    await sweepRotation({ db: ctx.server.db, notify: ctx.server.notify, log });
    const { rows } = await ctx.server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND title = 'Senha com troca vencida'`,
      [owner.id],
    );
    expect(rows[0]!.n).toBe(1);

    await ctx.api('PATCH', `/api/passwords/${item.id}`, {
      token: admin,
      body: { secrets: { password: 'nova' } },
    });
    const fresh = passwordItemSchema.parse(
      (await ctx.api('GET', `/api/passwords/${item.id}`, { token: admin })).body,
    );
    expect(fresh.rotation_state).toBe('em_dia');
  });
});
