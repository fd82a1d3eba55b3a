/**
 * Reveals that arrive together share their two statements (modules/passwords/reveal-batch.ts, issue 14's reveal
 * budget): each request must still get exactly what it would get alone — the same item, level, scope and
 * confirmation as `loadSecretRow` answers for it — and its own audit row, committed before it answers; a row
 * that cannot be written fails only its own reveal.
 */
import { describe, expect, it } from 'vitest';
import { VAULT_RECONFIRM_MS } from '@farol/data/contract';
import type { VaultViewer } from '../src/modules/passwords/access';
import { loadSecretRow } from '../src/modules/passwords/repository';
import { createRevealBatch } from '../src/modules/passwords/reveal-batch';
import { setupTestServer } from './harness';
import { createTestCompany, TEST_VAULT_KEY, vaultMarker } from './password-helpers';

const ctx = setupTestServer({
  vaultKey: TEST_VAULT_KEY,
  vaultRotationSweep: false,
  vaultRevealsPerMinute: 1000,
});

const MANAGE = ['passwords.view', 'passwords.reveal', 'passwords.manage'];
const REVEAL = ['passwords.view', 'passwords.reveal'];

const newItem = async (token: string, body: Record<string, unknown>) => {
  const response = await ctx.api('POST', '/api/passwords', {
    token,
    body: { kind: 'login', name: vaultMarker(), secrets: { password: `lote-${vaultMarker()}` }, ...body },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: number };
};

describe('reveals read together', () => {
  it('answer each viewer and item as loadSecretRow does alone: scope, grants by person and role, archived, confirmation', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const [one, two] = [await createTestCompany(ctx), await createTestCompany(ctx)];
    const role = `papel${vaultMarker()}`;
    const granted = await ctx.createUser({ permissions: REVEAL });
    const byRole = await ctx.createUser({ role, permissions: REVEAL });
    const manager = await ctx.createUser({ permissions: MANAGE });

    const folder = await ctx.api('POST', '/api/passwords/folders', {
      token: admin,
      body: { name: vaultMarker(), company_id: two, require_reason: true },
    });
    expect(folder.status, folder.text).toBe(201);
    const folderId = (folder.body as { id: number }).id;
    const shared = await ctx.api('PUT', `/api/passwords/folders/${folderId}/access`, {
      token: admin,
      body: {
        grants: [
          { subject: { kind: 'user', id: granted.id }, level: 'ver' },
          { subject: { kind: 'role', role }, level: 'usar' },
        ],
      },
    });
    expect(shared.status, shared.text).toBe(200);
    const plain = await newItem(admin, { company_id: one });
    const inFolder = await newItem(admin, { company_id: two, folder_id: folderId });
    const internal = await newItem(admin, {});
    const sensitive = await newItem(admin, { company_id: one, sensitive: true });
    const ownGrant = await newItem(admin, { company_id: one });
    const own = await ctx.api('PUT', `/api/passwords/${ownGrant.id}/access`, {
      token: admin,
      body: { grants: [{ subject: { kind: 'user', id: manager.id }, level: 'gerenciar' }] },
    });
    expect(own.status, own.text).toBe(200);
    const archived = await newItem(admin, { company_id: one });
    await ctx.server.db.query('UPDATE vault_items SET archived_at = now() WHERE id = $1', [archived.id]);
    // One person confirmed their password just now, another 11 minutes ago.
    await ctx.server.db.query(
      `INSERT INTO vault_confirmations (user_id, confirmed_at) VALUES ($1, now()), ($2, now() - interval '11 minutes')
       ON CONFLICT (user_id) DO UPDATE SET confirmed_at = EXCLUDED.confirmed_at`,
      [granted.id, manager.id],
    );
    const adminId = (
      await ctx.server.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'admin@farol.dev'")
    ).rows[0]!.id;

    const staff = (id: number, who: string, ceiling: VaultViewer['ceiling'], scope: VaultViewer['scope']) =>
      ({ id, role: who, admin: false, ceiling, scope }) satisfies VaultViewer;
    const viewers: VaultViewer[] = [
      { id: adminId, role: 'admin', admin: true, ceiling: 'gerenciar', scope: { kind: 'all' } },
      staff(granted.id, 'tecnico', 'ver', { kind: 'all' }),
      staff(byRole.id, role, 'ver', { kind: 'all' }),
      staff(manager.id, 'tecnico', 'gerenciar', { kind: 'all' }),
      staff(granted.id, 'tecnico', 'ver', { kind: 'limited', allow: [one], deny: [] }),
      staff(granted.id, 'tecnico', 'ver', { kind: 'limited', allow: null, deny: [one] }),
      staff(manager.id, 'tecnico', 'gerenciar', { kind: 'limited', allow: [], deny: [] }),
      staff(manager.id, 'tecnico', 'gerenciar', { kind: 'limited', allow: [one, two], deny: [two] }),
      staff(granted.id, 'cliente', 'ver', { kind: 'company', companyId: two }),
      staff(granted.id, 'cliente', 'ver', { kind: 'company', companyId: null }),
    ];
    const ids = [plain, inFolder, internal, sensitive, ownGrant, archived].map((item) => item.id);
    ids.push(2_000_000_000);
    const pairs = viewers.flatMap((viewer) => ids.map((id) => ({ viewer, id })));

    const alone = [];
    for (const { viewer, id } of pairs)
      alone.push(await loadSecretRow(ctx.server.db, viewer, id, VAULT_RECONFIRM_MS));
    // Twice over, so the pairs fill more than one batch (at most 64 a statement).
    const batch = createRevealBatch(ctx.server.db, VAULT_RECONFIRM_MS, ctx.server.app.audit.many);
    const together = await Promise.all(
      [...pairs, ...pairs].map(({ viewer, id }) => batch.loadSecret(viewer, id)),
    );
    expect(together).toEqual([...alone, ...alone]);
    // The cases the matrix must hold, so the comparison is not vacuous.
    expect(alone.filter((row) => row !== null).length).toBeGreaterThan(10);
    expect(alone.some((row) => row?.break_glass)).toBe(true);
    expect(alone.some((row) => row?.confirmed)).toBe(true);
    expect(alone.some((row) => row?.require_reason)).toBe(true);
  });
});

describe('audit rows written together', () => {
  it('writes one row per reveal, in order, and a row that cannot be written fails only its own reveal', async () => {
    const company = await createTestCompany(ctx);
    const batch = createRevealBatch(ctx.server.db, VAULT_RECONFIRM_MS, ctx.server.app.audit.many);
    const target = vaultMarker();
    const entry = (n: number, reason: string | null) => ({
      actorId: null,
      actorKind: 'staff' as const,
      companyId: company,
      module: 'passwords',
      action: 'copy',
      targetType: 'password',
      targetId: `${target}-${n}`,
      reason,
      ticketId: n === 2 ? 42 : null,
      ip: '127.0.0.1',
      userAgent: "agente $t$ 'aspas' $$",
      details: { field: 'password', n },
    });
    // PostgreSQL's jsonb and text hold no NUL: that row's INSERT fails, the batch is retried row by row.
    const outcomes = await Promise.allSettled(
      [0, 1, 2, 3, 4].map((n) => batch.audit(entry(n, n === 3 ? 'com \u0000 nulo' : `motivo ${n}`))),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const { rows } = await ctx.server.db.query<{
      target_id: string;
      reason: string;
      ticket_id: number | null;
      user_agent: string;
      details: { n: number } | string;
      company_id: number;
    }>(
      `SELECT target_id, reason, ticket_id, user_agent, details, company_id FROM audit_events
        WHERE target_id LIKE $1 ORDER BY id`,
      [`${target}-%`],
    );
    expect(rows.map((row) => row.target_id)).toEqual([0, 1, 2, 4].map((n) => `${target}-${n}`));
    expect(rows[2]).toMatchObject({ reason: 'motivo 2', ticket_id: 42, company_id: company });
    expect(rows[0]!.user_agent).toBe("agente $t$ 'aspas' $$");
    const details = rows[3]!.details;
    expect(typeof details === 'string' ? JSON.parse(details) : details).toEqual({ field: 'password', n: 4 });
  });

  it('concurrent reveals over HTTP each answer their own secret and leave their own row', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const company = await createTestCompany(ctx);
    const items = await Promise.all(
      [0, 1, 2, 3].map(async (n) => {
        const response = await ctx.api('POST', '/api/passwords', {
          token: admin,
          body: {
            kind: 'login',
            name: vaultMarker(),
            company_id: company,
            secrets: { password: `junto-${n}` },
          },
        });
        return (response.body as { id: number }).id;
      }),
    );
    const usar = await ctx.createUser({ permissions: ['passwords.view'] });
    const calls = Array.from({ length: 20 }, (_, n) => ({
      token: n % 5 === 4 ? usar.token : admin,
      id: items[n % 4]!,
      n,
    }));
    const answers = await Promise.all(
      calls.map(({ token, id, n }) =>
        ctx.api('POST', `/api/passwords/${id}/reveal`, {
          token,
          body: { field: 'password', purpose: 'copy', reason: `motivo ${n}` },
        }),
      ),
    );
    calls.forEach(({ token, id, n }, index) => {
      const answer = answers[index]!;
      if (token === usar.token) {
        expect(answer.status, `${n}`).toBe(403);
      } else {
        expect(answer.status, `${n}`).toBe(200);
        expect(answer.body.value).toBe(`junto-${items.indexOf(id)}`);
      }
    });
    const { rows } = await ctx.server.db.query<{ reason: string; target_id: string }>(
      `SELECT reason, target_id FROM audit_events WHERE module = 'passwords' AND company_id = $1 AND action = 'copy'`,
      [company],
    );
    const expected = calls.filter(({ token }) => token !== usar.token);
    expect(rows.map((row) => row.reason).sort()).toEqual(expected.map(({ n }) => `motivo ${n}`).sort());
    for (const row of rows) {
      const n = Number(row.reason.split(' ')[1]);
      expect(row.target_id).toBe(String(calls[n]!.id));
    }
  });
});
