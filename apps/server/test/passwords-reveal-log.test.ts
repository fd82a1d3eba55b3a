/**
 * The reveal log per item and per person (issue 14): filtered by person, company, action and period, and
 * exported as CSV — the copy itself audited, the keys and the company scope applied as on the list.
 */
import { describe, expect, it } from 'vitest';
import { passwordItemSchema, revealLogSchema } from '@farol/data/contract';
import { setupTestServer } from './harness';
import { createTestCompany, TEST_VAULT_KEY, vaultMarker } from './password-helpers';

const ctx = setupTestServer({ vaultKey: TEST_VAULT_KEY, vaultRotationSweep: false });

const REVEAL = ['passwords.view', 'passwords.reveal'];

describe('the reveal log', () => {
  it('filters by person, company, action and day, and exports the same rows as CSV (audited)', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const company = await createTestCompany(ctx);
    const created = await ctx.api('POST', '/api/passwords', {
      token: admin,
      body: {
        kind: 'login',
        name: `Roteador ${vaultMarker()}`,
        company_id: company,
        secrets: { password: 'x1' },
      },
    });
    expect(created.status, created.text).toBe(201);
    const item = passwordItemSchema.parse(created.body);
    const ana = await ctx.createUser({ firstName: 'Ana', permissions: REVEAL });
    const bruno = await ctx.createUser({ firstName: 'Bruno', permissions: REVEAL });
    const reveal = (token: string, body: Record<string, unknown>) =>
      ctx.api('POST', `/api/passwords/${item.id}/reveal`, { token, body: { field: 'password', ...body } });
    expect((await reveal(ana.token, { reason: 'Troca do roteador; "urgente"' })).status).toBe(200);
    expect((await reveal(bruno.token, { purpose: 'copy' })).status).toBe(200);
    expect((await reveal(ana.token, { purpose: 'copy', reason: 'Acesso remoto' })).status).toBe(200);

    const log = async (query: string) => {
      const response = await ctx.api('GET', `/api/passwords/reveals?company_id=${company}&${query}`, {
        token: admin,
      });
      expect(response.status, response.text).toBe(200);
      return revealLogSchema.parse(response.body);
    };
    expect((await log('')).total).toBe(3);
    const anas = await log(`actor_id=${ana.id}`);
    expect(anas.items.map((entry) => [entry.action, entry.reason])).toEqual([
      ['copy', 'Acesso remoto'],
      ['reveal', 'Troca do roteador; "urgente"'],
    ]);
    expect((await log('action=copy')).items.map((entry) => entry.actor?.id)).toEqual([ana.id, bruno.id]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect((await log(`from=${today}&to=${today}`)).total).toBe(3);
    expect((await log('to=2020-01-01')).total).toBe(0);

    const bad = await ctx.api('GET', '/api/passwords/reveals?from=ontem&action=olhou', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({
      from: 'from deve ser uma data AAAA-MM-DD',
      action: expect.stringContaining('action deve ser um de'),
    });

    const csv = await ctx.api(
      'GET',
      `/api/passwords/reveals/export.csv?company_id=${company}&actor_id=${ana.id}`,
      {
        token: admin,
      },
    );
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(
      /attachment; filename="revelacoes-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(csv.headers.get('cache-control')).toBe('no-store');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('data_hora;pessoa;acao;campo;item;empresa;motivo;chamado;quebra_vidro');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(';Copiou;Senha;');
    expect(lines[2]).toContain(';Revelou;Senha;');
    expect(lines[2]).toContain('"Troca do roteador; ""urgente"""');
    expect(csv.text).not.toContain('x1');
    const { rows } = await ctx.server.db.query<{ details: { rows: number } }>(
      `SELECT details FROM audit_events WHERE module = 'passwords' AND action = 'reveal_log_exported'
        ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]?.details.rows).toBe(2);
  });

  it('is refused without passwords.manage, and keeps to the companies a person reaches', async () => {
    const revealer = await ctx.createUser({ permissions: REVEAL });
    for (const path of ['/api/passwords/reveals', '/api/passwords/reveals/export.csv']) {
      expect((await ctx.api('GET', path, { token: revealer.token })).status).toBe(403);
    }
    const client = await ctx.loginAs('cliente@acme.com.br');
    expect((await ctx.api('GET', '/api/passwords/reveals/export.csv', { token: client })).status).toBe(403);
  });
});
