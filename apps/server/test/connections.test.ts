/**
 * The connections core over HTTP (issue 15): the inventory's CRUD with its bad input, company scope and keys;
 * the target policy on connect; one-time tickets (single use, expiry, bound to the login session); the vault
 * credential opened for a person who may only "usar" it; native launches on record; ending sessions; the
 * chamado's history line and the company managers' notification.
 */
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  connectSessionAnswerSchema,
  connectionLaunchSchema,
  connectionListSchema,
  connectionSchema,
  connectionSessionListSchema,
  connectionSessionSchema,
} from '@farol/data/contract';
import { issueToken, hashToken } from '../src/auth/tokens';
import { connectionsCoreOf } from '../src/modules/connections/plugin';
import { redeemConnectTicket } from '../src/modules/connections/tickets';
import { setupTestServer, type TestUser } from './harness';
import { createTestCompany, TEST_VAULT_KEY, vaultMarker } from './password-helpers';

const ctx = setupTestServer({
  vaultKey: TEST_VAULT_KEY,
  vaultRotationSweep: false,
  vaultRevealsPerMinute: 1000,
});

const VIEW = ['connections.view'];
const CONNECT = ['connections.view', 'connections.connect'];
const MANAGE = ['connections.view', 'connections.connect', 'connections.manage'];
const staff = (permissions: string[], role = 'tecnico') => ctx.createUser({ role, permissions });

const core = () => connectionsCoreOf(ctx.server.db)!;
const redeem = (raw: string, user: TestUser, token = user.token) =>
  redeemConnectTicket({ db: ctx.server.db, service: core().service, ownPorts: () => [] }, raw, {
    tokenHash: hashToken(token),
    user: {
      id: user.id,
      email: user.email,
      name: 'Pessoa Teste',
      role: 'tecnico',
      permissions: CONNECT,
      companyId: null,
    },
    ip: '198.51.100.7',
  });

let admin: string;
const adminToken = async () => (admin ??= await ctx.loginAs('admin@farol.dev'));

const create = async (body: Record<string, unknown>, token?: string) => {
  const response = await ctx.api('POST', '/api/connections', {
    token: token ?? (await adminToken()),
    body: { name: vaultMarker(), protocol: 'ssh', host: '10.0.0.5', ...body },
  });
  expect(response.status, response.text).toBe(201);
  return connectionSchema.parse(response.body);
};

/** Lets the test suite's own targets on 127.0.0.1 through (an admin's allowance). */
const allowLoopback = async () => {
  await ctx.server.db.query(
    `INSERT INTO connection_internal_targets (target, port, description) VALUES ('127.0.0.1', NULL, 'testes')
     ON CONFLICT DO NOTHING`,
  );
};

const auditRows = async (action: string, targetId: number | string) =>
  (
    await ctx.server.db.query<{ action: string; details: Record<string, unknown>; actor_id: number | null }>(
      `SELECT action, details, actor_id FROM audit_events WHERE module = 'connections' AND action = $1 AND target_id = $2 ORDER BY id`,
      [action, String(targetId)],
    )
  ).rows;

describe('access', () => {
  it('401 without a session, 403 without connections.view and for clients', async () => {
    expect((await ctx.api('GET', '/api/connections')).status).toBe(401);
    const other = await staff(['tickets.view']);
    expect((await ctx.api('GET', '/api/connections', { token: other.token })).status).toBe(403);
    const client = await ctx.loginAs('cliente@acme.com.br');
    expect((await ctx.api('GET', '/api/connections', { token: client })).status).toBe(403);
  });

  it('reading is not writing nor connecting', async () => {
    const reader = await staff(VIEW);
    const connection = await create({});
    expect((await ctx.api('GET', `/api/connections/${connection.id}`, { token: reader.token })).status).toBe(
      200,
    );
    expect(
      (
        await ctx.api('POST', '/api/connections', {
          token: reader.token,
          body: { name: 'x', protocol: 'ssh', host: 'h' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await ctx.api('POST', `/api/connections/${connection.id}/sessions`, { token: reader.token, body: {} }))
        .status,
    ).toBe(403);
    expect(
      (await ctx.api('POST', `/api/connections/${connection.id}/launch`, { token: reader.token, body: {} }))
        .status,
    ).toBe(403);
    const connector = await staff(CONNECT);
    expect(
      (
        await ctx.api('PUT', `/api/connections/${connection.id}/host-key`, {
          token: connector.token,
          body: { sha256: null },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await ctx.api('POST', '/api/connections/target-policy/internal', {
          token: connector.token,
          body: { target: '127.0.0.1' },
        })
      ).status,
    ).toBe(403);
  });
});

describe('the inventory', () => {
  it('creates with the protocol’s default port, reads, changes, lists with filters and deletes, all audited', async () => {
    const manager = await staff(MANAGE);
    const acme = await ctx.companyId('Acme');
    const marker = vaultMarker();
    const rdp = await create(
      {
        name: `${marker} ts`,
        protocol: 'rdp',
        host: 'ts.acme.local',
        company_id: acme,
        folder: 'Windows',
        tags: ['Windows', 'ts'],
      },
      manager.token,
    );
    expect(rdp).toMatchObject({
      port: 3389,
      company: { id: acme, name: 'Acme' },
      folder: 'Windows',
      tags: ['windows', 'ts'],
      credential_mode: 'pedir',
      recording: 'desligada',
      reachability: { state: 'desconhecido', checked_at: null },
      active_sessions: 0,
    });
    expect(await auditRows('created', rdp.id)).toHaveLength(1);

    const patched = await ctx.api('PATCH', `/api/connections/${rdp.id}`, {
      token: manager.token,
      body: { protocol: 'vnc', options: { vnc_view_only: true } },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ protocol: 'vnc', port: 5900, options: { vnc_view_only: true } });
    expect((await auditRows('updated', rdp.id))[0]!.details).toMatchObject({
      changes: { protocol: { from: 'rdp', to: 'vnc' }, port: { from: 3389, to: 5900 } },
    });

    await create({
      name: `${marker} db`,
      protocol: 'ssh',
      host: 'db.acme.local',
      company_id: acme,
      tags: ['linux'],
    });
    const list = async (query: string) => {
      const response = await ctx.api('GET', `/api/connections?q=${encodeURIComponent(marker)}&${query}`, {
        token: manager.token,
      });
      expect(response.status, response.text).toBe(200);
      return connectionListSchema.parse(response.body);
    };
    expect((await list('')).total).toBe(2);
    expect((await list('protocol=vnc')).items.map((item) => item.id)).toEqual([rdp.id]);
    expect((await list('tag=linux')).items).toHaveLength(1);
    expect((await list('folder=windows')).items.map((item) => item.id)).toEqual([rdp.id]);
    expect((await list(`company_id=${acme}&limit=1&page=2`)).items).toHaveLength(1);
    expect((await list('company_id=internal')).total).toBe(0);

    expect((await ctx.api('DELETE', `/api/connections/${rdp.id}`, { token: manager.token })).status).toBe(
      204,
    );
    expect((await ctx.api('GET', `/api/connections/${rdp.id}`, { token: manager.token })).status).toBe(404);
    expect(await auditRows('deleted', rdp.id)).toHaveLength(1);
  });

  it('answers bad input with 400, a Portuguese message and the fields', async () => {
    const token = await adminToken();
    const bad = async (body: Record<string, unknown>) => {
      const response = await ctx.api('POST', '/api/connections', { token, body });
      expect(response.status, response.text).toBe(400);
      return response.body as { error: string; message: string; details: Record<string, string> };
    };
    expect((await bad({ protocol: 'ssh', host: 'h' })).details).toMatchObject({ name: 'Informe o nome' });
    expect((await bad({ name: 'x', protocol: 'ftp', host: 'h' })).details.protocol).toContain(
      'protocolo deve ser',
    );
    expect((await bad({ name: 'x', protocol: 'ssh', host: 'http://h/x' })).details.host).toContain(
      'Endereço inválido',
    );
    expect((await bad({ name: 'x', protocol: 'ssh', host: 'h', port: 70000 })).details.port).toBe(
      'Porta deve estar entre 1 e 65535',
    );
    expect(
      (await bad({ name: 'x', protocol: 'ssh', host: 'h', credential_mode: 'cofre' })).details,
    ).toMatchObject({
      vault_item_id: 'Escolha o item do cofre com a credencial',
    });
    expect((await bad({ name: 'x', protocol: 'ssh', host: 'h', company_id: 999999 })).details).toMatchObject({
      company_id: 'Empresa não encontrada',
    });
    const rdp = await create({ protocol: 'rdp' });
    expect(
      (await bad({ name: 'x', protocol: 'rdp', host: 'h', jump_connection_id: rdp.id })).details,
    ).toMatchObject({
      jump_connection_id: 'Salto só vale para conexões SSH',
    });
    const hostKey = await ctx.api('PUT', `/api/connections/${rdp.id}/host-key`, {
      token,
      body: { sha256: 'abc' },
    });
    expect(hostKey.status).toBe(400);
    expect(hostKey.body.details.sha256).toContain('Impressão digital inválida');
  });

  it("keeps to the companies a person reaches: another company's connection is not found", async () => {
    const acme = await ctx.companyId('Acme');
    const globex = await ctx.companyId('Globex');
    const globexConnection = await create({ company_id: globex });
    const limited = await staff(MANAGE);
    await ctx.server.db.query('UPDATE users SET company_allow = $2 WHERE id = $1', [limited.id, [acme]]);
    expect(
      (await ctx.api('GET', `/api/connections/${globexConnection.id}`, { token: limited.token })).status,
    ).toBe(404);
    expect(
      (
        await ctx.api('PATCH', `/api/connections/${globexConnection.id}`, {
          token: limited.token,
          body: { name: 'y' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await ctx.api('POST', `/api/connections/${globexConnection.id}/sessions`, {
          token: limited.token,
          body: {},
        })
      ).status,
    ).toBe(404);
    const list = connectionListSchema.parse(
      (await ctx.api('GET', `/api/connections?company_id=${globex}`, { token: limited.token })).body,
    );
    expect(list.total).toBe(0);
    const made = await ctx.api('POST', '/api/connections', {
      token: limited.token,
      body: { name: 'z', protocol: 'ssh', host: 'h', company_id: globex },
    });
    expect(made.status).toBe(400);
    expect(made.body.details).toMatchObject({ company_id: 'Empresa não encontrada' });
  });

  it('re-pins a host key with connections.manage only, audited', async () => {
    const connection = await create({});
    const token = await adminToken();
    const key = `SHA256:${'A'.repeat(43)}`;
    const pinned = await ctx.api('PUT', `/api/connections/${connection.id}/host-key`, {
      token,
      body: { sha256: 'A'.repeat(43) },
    });
    expect(pinned.status, pinned.text).toBe(200);
    expect(pinned.body.host_key_sha256).toBe(key);
    const cleared = await ctx.api('PUT', `/api/connections/${connection.id}/host-key`, {
      token,
      body: { sha256: null },
    });
    expect(cleared.body.host_key_sha256).toBeNull();
    const rows = await auditRows('host_key_repinned', connection.id);
    expect(rows.map((row) => row.details.to)).toEqual([key, null]);
  });
});

describe('connecting', () => {
  it('refuses a loopback or metadata target unless an admin allowed it', async () => {
    const connector = await staff(CONNECT);
    const local = await create({ host: '127.0.0.1', port: 2222 });
    const metadata = await create({ host: '169.254.169.254', port: 80, protocol: 'vnc' });
    const body = { credential: { username: 'u', password: 'p' } };
    const refused = await ctx.api('POST', `/api/connections/${local.id}/sessions`, {
      token: connector.token,
      body,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('loopback');
    expect(refused.body.details.host).toContain('loopback');
    const meta = await ctx.api('POST', `/api/connections/${metadata.id}/sessions`, {
      token: connector.token,
      body,
    });
    expect(meta.status).toBe(422);
    expect(meta.body.message).toContain('metadados');

    const allowed = await ctx.api('POST', '/api/connections/target-policy/internal', {
      token: await adminToken(),
      body: { target: '127.0.0.1', port: 2222, description: 'servidor de testes' },
    });
    expect(allowed.status, allowed.text).toBe(201);
    const ok = await ctx.api('POST', `/api/connections/${local.id}/sessions`, {
      token: connector.token,
      body,
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    // Still refused on another port of the same address.
    const other = await create({ host: '127.0.0.1', port: 22 });
    expect(
      (await ctx.api('POST', `/api/connections/${other.id}/sessions`, { token: connector.token, body }))
        .status,
    ).toBe(422);
  });

  it("keeps a company's connections inside its allowed networks", async () => {
    const company = await createTestCompany(ctx);
    const connection = await create({ company_id: company, host: '10.99.0.5' });
    const token = await adminToken();
    const added = await ctx.api('POST', '/api/connections/target-policy/networks', {
      token,
      body: { company_id: company, target: '192.168.50.0/24' },
    });
    expect(added.status, added.text).toBe(201);
    const body = { credential: { username: 'u', password: 'p' } };
    const refused = await ctx.api('POST', `/api/connections/${connection.id}/sessions`, { token, body });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Destino fora das redes permitidas para esta empresa: 10.99.0.5.');
    const bad = await ctx.api('POST', '/api/connections/target-policy/networks', {
      token,
      body: { target: 'http://x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.target).toContain('Rede inválida');
  });

  it('asks for the reason, the credential of "pedir", and keeps to max_sessions', async () => {
    await allowLoopback();
    const connector = await staff(CONNECT);
    const connection = await create({ host: '127.0.0.1', require_reason: true, max_sessions: 1 });
    const url = `/api/connections/${connection.id}/sessions`;
    const noReason = await ctx.api('POST', url, {
      token: connector.token,
      body: { credential: { username: 'u', password: 'p' } },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details).toMatchObject({ reason: 'Informe o motivo ou o chamado desta sessão' });
    const noCredential = await ctx.api('POST', url, { token: connector.token, body: { reason: 'r' } });
    expect(noCredential.status).toBe(400);
    expect(noCredential.body.details).toHaveProperty('credential');
    const badCredential = await ctx.api('POST', url, {
      token: connector.token,
      body: { reason: 'r', credential: { username: 'u' } },
    });
    expect(badCredential.status).toBe(400);
    expect(badCredential.body.details).toMatchObject({
      'credential.password': 'Informe a senha ou a chave privada',
    });
    const first = await ctx.api('POST', url, {
      token: connector.token,
      body: { reason: 'r', credential: { username: 'u', password: 'p' } },
    });
    expect(first.status, first.text).toBe(201);
    const second = await ctx.api('POST', url, {
      token: connector.token,
      body: { reason: 'r', credential: { username: 'u', password: 'p' } },
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('o máximo permitido');
  });

  it('lets a VNC connection of "pedir" connect without a typed credential (password-less VNC servers)', async () => {
    await allowLoopback();
    const connector = await staff(CONNECT);
    const vnc = await create({ protocol: 'vnc', host: '127.0.0.1' });
    const answer = await ctx.api('POST', `/api/connections/${vnc.id}/sessions`, {
      token: connector.token,
      body: {},
    });
    expect(answer.status, answer.text).toBe(201);
    const redeemed = await redeem(connectSessionAnswerSchema.parse(answer.body).ticket, connector);
    expect(redeemed).toMatchObject({ ok: true, credential: { username: '', password: null } });
  });

  it('issues a ticket that works once, for the login session that asked, within 30 s; the typed credential is held in memory only', async () => {
    await allowLoopback();
    const connector = await staff(CONNECT);
    const connection = await create({ host: '127.0.0.1' });
    const open = async () => {
      const response = await ctx.api('POST', `/api/connections/${connection.id}/sessions`, {
        token: connector.token,
        body: { reason: 'manutenção', credential: { username: 'root', password: 's3nha' } },
      });
      expect(response.status, response.text).toBe(201);
      return connectSessionAnswerSchema.parse(response.body);
    };
    const answer = await open();
    expect(Buffer.from(answer.ticket, 'base64url')).toHaveLength(32);
    expect(new Date(answer.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(30_000);
    const stored = await ctx.server.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM connection_tickets WHERE session_id = $1',
      [answer.session_id],
    );
    expect(stored.rows[0]!.token_hash).toBe(hashToken(answer.ticket));
    const sessionRow = await ctx.server.db.query('SELECT * FROM connection_sessions WHERE id = $1', [
      answer.session_id,
    ]);
    expect(JSON.stringify(sessionRow.rows)).not.toContain('s3nha');
    expect(core().service.holdsCredential(answer.session_id)).toBe(true);

    // Another login session of the same person cannot use it.
    const { token: otherLogin } = await issueToken(ctx.server.db, connector.id);
    expect(await redeem(answer.ticket, connector, otherLogin)).toMatchObject({
      ok: false,
      reason: 'wrong_session',
    });
    expect(await redeem('nonsense', connector)).toMatchObject({ ok: false, reason: 'invalid' });

    const redeemed = await redeem(answer.ticket, connector);
    expect(redeemed).toMatchObject({
      ok: true,
      credential: { username: 'root', password: 's3nha' },
      addresses: ['127.0.0.1'],
      session: { id: answer.session_id, reason: 'manutenção' },
    });
    expect(core().service.holdsCredential(answer.session_id)).toBe(false);
    expect(await redeem(answer.ticket, connector)).toMatchObject({ ok: false, reason: 'used' });
    const session = connectionSessionSchema.parse(
      (await ctx.api('GET', `/api/connections/sessions/${answer.session_id}`, { token: connector.token }))
        .body,
    );
    expect(session).toMatchObject({ state: 'ativa', client_ip: '198.51.100.7', external: false });

    const late = await open();
    await ctx.server.db.query(
      "UPDATE connection_tickets SET expires_at = now() - interval '1 second' WHERE session_id = $1",
      [late.session_id],
    );
    expect(await redeem(late.ticket, connector)).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('opens the vault credential for a person who may only "usar" it, whose reveal is still refused', async () => {
    await allowLoopback();
    const token = await adminToken();
    const item = await ctx.api('POST', '/api/passwords', {
      token,
      body: {
        kind: 'login',
        name: vaultMarker(),
        username: 'deploy',
        secrets: { password: 'segredo-do-cofre' },
      },
    });
    expect(item.status, item.text).toBe(201);
    const connection = await create({
      host: '127.0.0.1',
      credential_mode: 'cofre',
      vault_item_id: item.body.id,
    });
    expect(connection.vault_item).toEqual({ id: item.body.id, name: item.body.name });
    const user = await staff([...CONNECT, 'passwords.view']);
    const reveal = await ctx.api('POST', `/api/passwords/${item.body.id}/reveal`, {
      token: user.token,
      body: { field: 'password' },
    });
    expect(reveal.status).toBe(403);
    const answer = connectSessionAnswerSchema.parse(
      (await ctx.api('POST', `/api/connections/${connection.id}/sessions`, { token: user.token, body: {} }))
        .body,
    );
    const redeemed = await redeem(answer.ticket, user);
    expect(redeemed).toMatchObject({
      ok: true,
      credential: { username: 'deploy', password: 'segredo-do-cofre' },
    });
    // The connection's answers never carry it.
    const read = await ctx.api('GET', `/api/connections/${connection.id}`, { token: user.token });
    expect(read.text).not.toContain('segredo-do-cofre');
  });

  it('refuses the vault credential to a person outside a restricted folder', async () => {
    await allowLoopback();
    const token = await adminToken();
    const folder = await ctx.api('POST', '/api/passwords/folders', { token, body: { name: vaultMarker() } });
    const item = await ctx.api('POST', '/api/passwords', {
      token,
      body: {
        kind: 'login',
        name: vaultMarker(),
        username: 'deploy',
        folder_id: folder.body.id,
        secrets: { password: 'x' },
      },
    });
    // Linked while the folder has no grants of its own; then it is restricted to one person.
    const connection = await create({
      host: '127.0.0.1',
      credential_mode: 'cofre',
      vault_item_id: item.body.id,
    });
    const insider = await staff(CONNECT);
    const granted = await ctx.api('PUT', `/api/passwords/folders/${folder.body.id}/access`, {
      token,
      body: { grants: [{ subject: { kind: 'user', id: insider.id }, level: 'usar' }] },
    });
    expect(granted.status, granted.text).toBe(200);
    const outsider = await staff(CONNECT);
    const answer = connectSessionAnswerSchema.parse(
      (
        await ctx.api('POST', `/api/connections/${connection.id}/sessions`, {
          token: outsider.token,
          body: {},
        })
      ).body,
    );
    expect(await redeem(answer.ticket, outsider)).toMatchObject({ ok: false, reason: 'credential_missing' });
    const insiderAnswer = connectSessionAnswerSchema.parse(
      (
        await ctx.api('POST', `/api/connections/${connection.id}/sessions`, {
          token: insider.token,
          body: {},
        })
      ).body,
    );
    expect(await redeem(insiderAnswer.ticket, insider)).toMatchObject({
      ok: true,
      credential: { password: 'x' },
    });
  });
});

describe('sessions on record', () => {
  it('launches natively without a credential in the link or file, recorded as "iniciada externamente" on the chamado', async () => {
    const token = await adminToken();
    const acme = await ctx.companyId('Acme');
    const jump = await create({
      name: 'bastion',
      host: 'bastion.acme.com.br',
      company_id: acme,
      username: 'ana',
    });
    const ssh = await create({
      name: 'srv-db01',
      host: 'db01.acme.local',
      port: 2222,
      company_id: acme,
      username: 'root',
      jump_connection_id: jump.id,
    });
    const ticket = (
      await ctx.server.db.query<{ id: number }>(
        'SELECT id FROM tickets WHERE company_id = $1 ORDER BY id LIMIT 1',
        [acme],
      )
    ).rows[0]!;
    const user = await staff(CONNECT);
    const launched = await ctx.api('POST', `/api/connections/${ssh.id}/launch`, {
      token: user.token,
      body: { ticket_id: ticket.id },
    });
    expect(launched.status, launched.text).toBe(200);
    const launch = connectionLaunchSchema.parse(launched.body);
    expect(launch).toMatchObject({
      kind: 'link',
      href: 'ssh://root@db01.acme.local:2222',
      command: 'ssh -p 2222 -J ana@bastion.acme.com.br:22 root@db01.acme.local',
      file: null,
    });
    const session = connectionSessionSchema.parse(
      (await ctx.api('GET', `/api/connections/sessions/${launch.session_id}`, { token: user.token })).body,
    );
    expect(session).toMatchObject({ external: true, state: 'externa', ticket: { id: ticket.id } });
    const history = await ctx.server.db.query<{ new_value: string }>(
      "SELECT new_value FROM ticket_history WHERE ticket_id = $1 AND field = 'connection_session' ORDER BY id DESC LIMIT 1",
      [ticket.id],
    );
    expect(history.rows[0]!.new_value).toBe(
      'Sessão SSH em srv-db01 por Pessoa Teste — iniciada externamente',
    );
    expect(await auditRows('session_launched', launch.session_id)).toHaveLength(1);

    const item = await ctx.api('POST', '/api/passwords', {
      token,
      body: {
        kind: 'login',
        name: vaultMarker(),
        company_id: acme,
        username: 'ACME\\joana',
        secrets: { password: 'nunca-no-arquivo' },
      },
    });
    const rdp = await create({
      protocol: 'rdp',
      host: 'ts.acme.local',
      company_id: acme,
      credential_mode: 'cofre',
      vault_item_id: item.body.id,
      options: { rdp_domain: 'ACME' },
    });
    const file = connectionLaunchSchema.parse(
      (await ctx.api('POST', `/api/connections/${rdp.id}/launch`, { token: user.token, body: {} })).body,
    );
    expect(file.kind).toBe('rdp_file');
    expect(file.file!.content).toContain('full address:s:ts.acme.local:3389');
    expect(file.file!.content).toContain('username:s:ACME\\joana');
    expect(file.file!.content).toContain('domain:s:ACME');
    expect(JSON.stringify(file)).not.toContain('nunca-no-arquivo');
    const web = await create({ protocol: 'https', host: 'fw.acme.com.br', port: 8443 });
    const url = connectionLaunchSchema.parse(
      (await ctx.api('POST', `/api/connections/${web.id}/launch`, { token: user.token, body: {} })).body,
    );
    expect(url).toMatchObject({ kind: 'url', href: 'https://fw.acme.com.br:8443/' });
  });

  it("ends a live session from oversight, and the chamado's history gets its line", async () => {
    await allowLoopback();
    const acme = await ctx.companyId('Acme');
    const connection = await create({ name: 'srv-db01', host: '127.0.0.1', company_id: acme });
    const ticket = (
      await ctx.server.db.query<{ id: number }>(
        'SELECT id FROM tickets WHERE company_id = $1 ORDER BY id LIMIT 1',
        [acme],
      )
    ).rows[0]!;
    const user = await staff(CONNECT);
    const answer = connectSessionAnswerSchema.parse(
      (
        await ctx.api('POST', `/api/connections/${connection.id}/sessions`, {
          token: user.token,
          body: { ticket_id: ticket.id, credential: { username: 'u', password: 'p' } },
        })
      ).body,
    );
    expect((await redeem(answer.ticket, user)).ok).toBe(true);
    await ctx.server.db.query(
      "UPDATE connection_sessions SET connected_at = now() - interval '23 minutes' WHERE id = $1",
      [answer.session_id],
    );
    // The gateway registers the live stream; ending it records the end with the bytes it counted.
    const ended: string[] = [];
    const unregister = core().registry.register({
      sessionId: answer.session_id,
      userId: user.id,
      companyId: acme,
      connectionId: connection.id,
      protocol: 'ssh',
      end: (reason, by) => {
        ended.push(reason);
        void core().service.finishSession(answer.session_id, {
          reason,
          endedBy: by,
          bytesIn: 120,
          bytesOut: 4800,
        });
      },
    });
    const manager = await staff(MANAGE);
    const active = connectionSessionListSchema.parse(
      (
        await ctx.api('GET', `/api/connections/sessions?state=active&connection_id=${connection.id}`, {
          token: manager.token,
        })
      ).body,
    );
    expect(active.items.map((item) => item.id)).toEqual([answer.session_id]);
    // Without connections.manage nobody ends another's session.
    expect(
      (
        await ctx.api('POST', `/api/connections/sessions/${answer.session_id}/end`, {
          token: user.token,
          body: {},
        })
      ).status,
    ).toBe(403);
    const end = await ctx.api('POST', `/api/connections/sessions/${answer.session_id}/end`, {
      token: manager.token,
      body: {},
    });
    expect(end.status, end.text).toBe(200);
    unregister();
    expect(ended).toEqual(['administrador']);
    expect(connectionSessionSchema.parse(end.body)).toMatchObject({
      state: 'encerrada',
      end_reason: 'administrador',
      ended_by: { id: manager.id },
      bytes_in: 120,
      bytes_out: 4800,
    });
    const history = await ctx.server.db.query<{ new_value: string }>(
      "SELECT new_value FROM ticket_history WHERE ticket_id = $1 AND field = 'connection_session' ORDER BY id DESC LIMIT 1",
      [ticket.id],
    );
    expect(history.rows[0]!.new_value).toBe('Sessão SSH em srv-db01 por Pessoa Teste — 23 min');
    expect((await auditRows('session_ended', answer.session_id))[0]!.details).toMatchObject({
      end_reason: 'administrador',
      minutes: 23,
    });
    const again = await ctx.api('POST', `/api/connections/sessions/${answer.session_id}/end`, {
      token: manager.token,
      body: {},
    });
    expect(again.status).toBe(409);
    // The person sees their own sessions; others without audit or manage do not.
    const mine = connectionSessionListSchema.parse(
      (await ctx.api('GET', '/api/connections/sessions', { token: user.token })).body,
    );
    expect(mine.items.every((item) => item.person?.id === user.id)).toBe(true);
    const stranger = await staff(CONNECT);
    expect(
      (await ctx.api('GET', `/api/connections/sessions/${answer.session_id}`, { token: stranger.token }))
        .status,
    ).toBe(404);
  });

  it("tells the client company's managers when a session opens there", async () => {
    await allowLoopback();
    const company = await createTestCompany(ctx);
    const managerClient = await ctx.createUser({ role: 'cliente', companyId: company });
    const plainClient = await ctx.createUser({ role: 'cliente', companyId: company });
    await ctx.server.db.query('UPDATE users SET company_manager = true WHERE id = $1', [managerClient.id]);
    const connection = await create({ name: 'srv-cliente', host: '127.0.0.1', company_id: company });
    const user = await staff(CONNECT);
    const answer = connectSessionAnswerSchema.parse(
      (
        await ctx.api('POST', `/api/connections/${connection.id}/sessions`, {
          token: user.token,
          body: { credential: { username: 'u', password: 'p' } },
        })
      ).body,
    );
    expect((await redeem(answer.ticket, user)).ok).toBe(true);
    const notes = await ctx.server.db.query<{ user_id: number; title: string; message: string }>(
      "SELECT user_id, title, message FROM notifications WHERE type = 'connection' AND user_id = ANY($1::int[])",
      [[managerClient.id, plainClient.id]],
    );
    expect(notes.rows).toEqual([
      {
        user_id: managerClient.id,
        title: 'Acesso remoto iniciado',
        message: 'Pessoa Teste iniciou acesso remoto (SSH) a srv-cliente.',
      },
    ]);
  });
});

describe('reachability', () => {
  it('marks a connection online or offline by a TCP connect, and leaves refused targets unprobed', async () => {
    await allowLoopback();
    const listener = createTcpServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const openPort = (listener.address() as AddressInfo).port;
    const closed = createTcpServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    try {
      const online = await create({ host: '127.0.0.1', port: openPort });
      const offline = await create({ host: '127.0.0.1', port: closedPort });
      const refusedTarget = await create({ host: '169.254.169.254', port: 80 });
      await core().reachability.sweep([online.id, offline.id, refusedTarget.id]);
      const read = async (id: number) =>
        connectionSchema.parse(
          (await ctx.api('GET', `/api/connections/${id}`, { token: await adminToken() })).body,
        ).reachability;
      expect(await read(online.id)).toMatchObject({ state: 'online', checked_at: expect.any(String) });
      expect(await read(offline.id)).toMatchObject({ state: 'offline' });
      expect(await read(refusedTarget.id)).toMatchObject({ state: 'desconhecido' });
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });
});
