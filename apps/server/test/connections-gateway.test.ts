/**
 * The connections gateway end to end (issue 15): in-browser SSH through the server against SSH servers the
 * test starts (ssh2's Server on 127.0.0.1 — no network, no system sshd): password and key auth, a jump host,
 * host keys trusted on first use and a changed key blocked, a person with only "usar" on the vault item
 * connecting while the reveal refuses them, a recording written, sealed at rest, replayed and searched, the idle
 * timeout, an admin watching and ending a session, bad payloads dropped; and the VNC bridge against a minimal
 * RFB server. The target policy refuses 127.0.0.1, so the admin's allowance for internal targets lets it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utils } from 'ssh2';
import WebSocket from 'ws';
import type { Socket as ClientSocket } from 'socket.io-client';
import { gatewayTuning } from '../src/modules/connections/gateway/plugin';
import { setupTestServer } from './harness';
import { createTestCompany, TEST_VAULT_KEY, vaultMarker } from './password-helpers';
import {
  openTerminal,
  screenOf,
  startTestRfbServer,
  startTestSshServer,
  type TestSshServer,
} from './connections-gateway-helpers';

const ctx = setupTestServer({
  vaultKey: TEST_VAULT_KEY,
  vaultRotationSweep: false,
  vaultRevealsPerMinute: 1000,
});

const PASSWORD = `senha-${randomUUID()}`;
const keyPair = utils.generateKeyPairSync('ed25519');
const CONNECT = ['connections.view', 'connections.connect'];

let direct: TestSshServer;
let jump: TestSshServer;
let company: number;
let admin: string;

beforeAll(async () => {
  direct = await startTestSshServer({ password: PASSWORD, publicKey: keyPair.public });
  jump = await startTestSshServer({ username: 'salto', password: 'senha-do-salto' });
  company = await createTestCompany(ctx);
  admin = await ctx.loginAs('admin@farol.dev');
  // Loopback is refused by the target policy; the admin allows it for these tests.
  await ctx.server.db.query(
    `INSERT INTO connection_internal_targets (target, description) VALUES ('127.0.0.1', 'testes do gateway')
     ON CONFLICT DO NOTHING`,
  );
  // Minutes of idle time pass in milliseconds here.
  gatewayTuning.minuteMs = 40;
});

afterAll(async () => {
  gatewayTuning.minuteMs = 60_000;
  await direct?.close();
  await jump?.close();
});

interface ConnectionInput {
  port?: number;
  credential_mode?: 'cofre' | 'pedir' | 'por_usuario';
  vault_item_id?: number | null;
  username?: string | null;
  host_key_sha256?: string | null;
  jump_connection_id?: number | null;
  recording?: 'desligada' | 'opcional' | 'obrigatoria';
  idle_timeout_min?: number | null;
  protocol?: string;
  options?: Record<string, unknown>;
}

const newConnection = async (input: ConnectionInput = {}): Promise<number> => {
  const { rows } = await ctx.server.db.query<{ id: number }>(
    `INSERT INTO connections (name, protocol, host, port, company_id, credential_mode, vault_item_id, username,
                              host_key_sha256, jump_connection_id, recording, idle_timeout_min, options)
     VALUES ($1, $2, '127.0.0.1', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      `srv-${vaultMarker()}`,
      input.protocol ?? 'ssh',
      input.port ?? direct.port,
      company,
      input.credential_mode ?? 'pedir',
      input.vault_item_id ?? null,
      input.username === undefined ? 'ana' : input.username,
      input.host_key_sha256 ?? null,
      input.jump_connection_id ?? null,
      input.recording ?? 'desligada',
      input.idle_timeout_min ?? null,
      JSON.stringify(input.options ?? { terminal_type: 'xterm-256color' }),
    ],
  );
  return rows[0]!.id;
};

const ticketFor = async (token: string, connectionId: number, body: Record<string, unknown> = {}) => {
  const response = await ctx.api('POST', `/api/connections/${connectionId}/sessions`, {
    token,
    body: { reason: 'teste do gateway', ...body },
  });
  expect([200, 201], response.text).toContain(response.status);
  return response.body as { session_id: number; ticket: string };
};

const passwordCredential = { credential: { username: 'ana', password: PASSWORD } };

interface Opened {
  socket: ClientSocket;
  screen: ReturnType<typeof screenOf>;
  sessionId: number;
}

const closedOf = (socket: ClientSocket, ms = 5_000) =>
  new Promise<{ reason: string; message_pt: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no closed within ${ms} ms`)), ms);
    socket.once('closed', (event: { reason: string; message_pt: string }) => {
      clearTimeout(timer);
      resolve(event);
    });
  });

/** Opens a terminal with a fresh ticket; trusts a first-seen host key when `trust` is set. */
const connect = async (
  token: string,
  connectionId: number,
  body: Record<string, unknown> = passwordCredential,
  { trust = false }: { trust?: boolean } = {},
): Promise<Opened> => {
  const { ticket, session_id: sessionId } = await ticketFor(token, connectionId, body);
  const socket = await openTerminal(ctx.realtimeUrl, token);
  const screen = screenOf(socket);
  socket.on('hostkey', (event: { sha256: string; state: string }) => {
    if (trust && event.state === 'new') socket.emit('hostkey:trust', { sha256: event.sha256 });
  });
  const ready = new Promise<void>((resolve, reject) => {
    socket.once('ready', () => resolve());
    socket.once('closed', (event: unknown) => reject(new Error(`closed: ${JSON.stringify(event)}`)));
  });
  socket.emit('open', { ticket, cols: 100, rows: 30 });
  await ready;
  return { socket, screen, sessionId };
};

const sessionRow = async (id: number) =>
  (
    await ctx.server.db.query<{
      state: string;
      end_reason: string | null;
      ended_by: number | null;
      bytes_in: string;
      bytes_out: string;
      ended_at: Date | null;
    }>(
      'SELECT state, end_reason, ended_by, bytes_in, bytes_out, ended_at FROM connection_sessions WHERE id = $1',
      [id],
    )
  ).rows[0]!;

const waitFor = async (check: () => Promise<boolean>, ms = 5_000) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('condition not met in time');
};

describe('SSH through the gateway', () => {
  it('password auth, a first-seen host key trusted and pinned, typing echoed, the session recorded on end', async () => {
    const person = await ctx.createUser({ permissions: CONNECT });
    const id = await newConnection();
    const { ticket } = await ticketFor(person.token, id, passwordCredential);
    const socket = await openTerminal(ctx.realtimeUrl, person.token);
    const screen = screenOf(socket);
    const prompt = new Promise<{ sha256: string; state: string; pinned: string | null }>((resolve) =>
      socket.once('hostkey', resolve),
    );
    socket.emit('open', { ticket, cols: 80, rows: 24 });
    const hostKey = await prompt;
    expect(hostKey).toMatchObject({ sha256: direct.fingerprint, state: 'new', pinned: null });
    const ready = new Promise<{ session_id: number; recording: boolean }>((resolve) =>
      socket.once('ready', resolve),
    );
    socket.emit('hostkey:trust', { sha256: hostKey.sha256 });
    const opened = await ready;
    expect(opened.recording).toBe(false);
    await screen.waitFor('bem-vindo');
    socket.emit('input', 'echo olá, mundo ✓\r');
    await screen.waitFor('olá, mundo ✓');
    socket.emit('resize', { cols: 132, rows: 40 });

    const pinned = await ctx.server.db.query<{ host_key_sha256: string }>(
      'SELECT host_key_sha256 FROM connections WHERE id = $1',
      [id],
    );
    expect(pinned.rows[0]!.host_key_sha256).toBe(direct.fingerprint);

    const closed = closedOf(socket);
    socket.emit('input', 'exit\r');
    expect((await closed).reason).toBe('remoto');
    await waitFor(async () => (await sessionRow(opened.session_id)).state === 'encerrada');
    const row = await sessionRow(opened.session_id);
    expect(row.end_reason).toBe('usuario');
    expect(Number(row.bytes_in)).toBeGreaterThan(10);
    expect(Number(row.bytes_out)).toBeGreaterThan(20);
    socket.close();
  });

  it('private-key auth against a pinned key connects without asking', async () => {
    const person = await ctx.createUser({ permissions: CONNECT });
    const id = await newConnection({ host_key_sha256: direct.fingerprint });
    let asked = false;
    const { socket, screen } = await connect(person.token, id, {
      credential: { username: 'ana', private_key: keyPair.private },
    });
    socket.on('hostkey', () => {
      asked = true;
    });
    await screen.waitFor('bem-vindo');
    expect(asked).toBe(false);
    socket.close();
  });

  it('a changed host key blocks the session and keeps the pinned one', async () => {
    const person = await ctx.createUser({ permissions: CONNECT });
    const other = `SHA256:${Buffer.alloc(32, 1).toString('base64').replace(/=+$/, '')}`;
    const id = await newConnection({ host_key_sha256: other });
    const { ticket } = await ticketFor(person.token, id, passwordCredential);
    const socket = await openTerminal(ctx.realtimeUrl, person.token);
    const hostKey = new Promise<{ state: string; sha256: string; pinned: string }>((resolve) =>
      socket.once('hostkey', resolve),
    );
    const closed = closedOf(socket);
    socket.emit('open', { ticket, cols: 80, rows: 24 });
    expect(await hostKey).toMatchObject({ state: 'mismatch', sha256: direct.fingerprint, pinned: other });
    // Trusting it from the terminal changes nothing: only connections.manage re-pins, through the routes.
    socket.emit('hostkey:trust', { sha256: direct.fingerprint });
    const event = await closed;
    expect(event.reason).toBe('host_key_divergente');
    expect(event.message_pt).toContain('chave do servidor mudou');
    const { rows } = await ctx.server.db.query<{ host_key_sha256: string }>(
      'SELECT host_key_sha256 FROM connections WHERE id = $1',
      [id],
    );
    expect(rows[0]!.host_key_sha256).toBe(other);
    socket.close();
  });

  it('reaches the target through a jump host (forwardOut), each host key checked', async () => {
    const person = await ctx.createUser({ permissions: CONNECT });
    const jumpId = await newConnection({
      port: jump.port,
      username: 'salto',
      host_key_sha256: jump.fingerprint,
    });
    // The jump host's credential is its own vault item (the person's "usar" reaches it).
    const item = await ctx.api('POST', '/api/passwords', {
      token: admin,
      body: {
        kind: 'login',
        name: vaultMarker(),
        username: 'salto',
        company_id: company,
        secrets: { password: 'senha-do-salto' },
      },
    });
    expect(item.status, item.text).toBe(201);
    await ctx.server.db.query(
      "UPDATE connections SET credential_mode = 'cofre', vault_item_id = $2 WHERE id = $1",
      [jumpId, item.body.id],
    );
    const id = await newConnection({ host_key_sha256: direct.fingerprint, jump_connection_id: jumpId });
    const before = jump.forwards();
    const { socket, screen } = await connect(person.token, id);
    await screen.waitFor('bem-vindo');
    expect(jump.forwards()).toBe(before + 1);
    socket.close();
  });

  it('a person with only "usar" on the vault item connects, while the reveal refuses them', async () => {
    const created = await ctx.api('POST', '/api/passwords', {
      token: admin,
      body: {
        kind: 'login',
        name: vaultMarker(),
        username: 'ana',
        company_id: company,
        secrets: { password: PASSWORD },
      },
    });
    expect(created.status, created.text).toBe(201);
    const itemId = created.body.id as number;
    const person = await ctx.createUser({ permissions: [...CONNECT, 'passwords.view', 'passwords.reveal'] });
    const granted = await ctx.api('PUT', `/api/passwords/${itemId}/access`, {
      token: admin,
      body: { grants: [{ subject: { kind: 'user', id: person.id }, level: 'usar' }] },
    });
    expect(granted.status, granted.text).toBe(200);
    const id = await newConnection({
      credential_mode: 'cofre',
      vault_item_id: itemId,
      host_key_sha256: direct.fingerprint,
    });
    const { socket, screen } = await connect(person.token, id, {});
    await screen.waitFor('bem-vindo');
    const reveal = await ctx.api('POST', `/api/passwords/${itemId}/reveal`, {
      token: person.token,
      body: { field: 'password' },
    });
    expect(reveal.status).toBe(403);
    expect(reveal.text).not.toContain(PASSWORD);
    expect(screen.text).not.toContain(PASSWORD);
    socket.close();
  });

  it('records the session sealed at rest, replays it to connections.audit, and finds the typed line', async () => {
    const person = await ctx.createUser({ permissions: CONNECT, firstName: 'Gravada' });
    const auditor = await ctx.createUser({ permissions: ['connections.view', 'connections.audit'] });
    const id = await newConnection({ host_key_sha256: direct.fingerprint, recording: 'obrigatoria' });
    const marker = `marca${randomUUID().slice(0, 8)}`;
    const { socket, screen, sessionId } = await connect(person.token, id);
    await screen.waitFor('bem-vindo');
    await new Promise((resolve) => setTimeout(resolve, 150));
    socket.emit('input', `systemctl restart nginx ${marker}\r`);
    await screen.waitFor(`nginx ${marker}\r\r\n$ `);
    const closed = closedOf(socket);
    socket.emit('input', 'exit\r');
    await closed;
    await waitFor(async () => {
      const { rows } = await ctx.server.db.query<{ status: string }>(
        'SELECT status FROM connection_recordings WHERE session_id = $1',
        [sessionId],
      );
      return rows[0]?.status === 'concluida';
    });

    // At rest: neither the output nor the typed words are in the database in clear.
    const stored = await ctx.server.db.query<{ sealed: string }>(
      `SELECT c.sealed FROM connection_recording_chunks c JOIN connection_recordings r ON r.id = c.recording_id
        WHERE r.session_id = $1
       UNION ALL SELECT line_sealed FROM connection_recording_lines WHERE session_id = $1`,
      [sessionId],
    );
    const atRest = stored.rows.map((row) => row.sealed).join('\n');
    expect(stored.rows.length).toBeGreaterThan(1);
    for (const clear of ['bem-vindo', marker, 'systemctl', 'version'])
      expect(atRest.includes(clear), clear).toBe(false);

    // Replay: connections.audit only, asciicast v2.
    expect(
      (await ctx.api('GET', `/api/connections/sessions/${sessionId}/recording`, { token: person.token }))
        .status,
    ).toBe(403);
    const cast = await ctx.api('GET', `/api/connections/sessions/${sessionId}/recording`, {
      token: auditor.token,
    });
    expect(cast.status, cast.text).toBe(200);
    expect(cast.headers.get('content-type')).toContain('application/x-asciicast');
    const [header, ...events] = cast.text.trimEnd().split('\n');
    expect(JSON.parse(header!)).toMatchObject({ version: 2, width: 100, height: 30 });
    const parsed = events.map((line) => JSON.parse(line) as [number, string, string]);
    expect(parsed.some(([, kind, data]) => kind === 'o' && data.includes('bem-vindo'))).toBe(true);
    expect(parsed.some(([, kind]) => kind === 'i')).toBe(true);
    const times = parsed.map(([t]) => t);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const { rows: sha } = await ctx.server.db.query<{ sha256: string; size_bytes: string }>(
      'SELECT sha256, size_bytes FROM connection_recordings WHERE session_id = $1',
      [sessionId],
    );
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(cast.text).digest('hex')).toBe(sha[0]!.sha256);
    expect(Number(sha[0]!.size_bytes)).toBe(Buffer.byteLength(cast.text));
    const viewed = await ctx.server.db.query(
      "SELECT 1 FROM audit_events WHERE module = 'connections' AND action = 'recording_viewed' AND actor_id = $1",
      [auditor.id],
    );
    expect(viewed.rows.length).toBe(1);

    // "Quem rodou systemctl restart nginx?": the line, its session and the second to jump to.
    const search = await ctx.api(
      'GET',
      `/api/connections/recordings/search?q=${encodeURIComponent(`restart nginx ${marker}`)}`,
      {
        token: auditor.token,
      },
    );
    expect(search.status, search.text).toBe(200);
    expect(search.body.items).toHaveLength(1);
    expect(search.body.items[0]).toMatchObject({
      session_id: sessionId,
      connection_id: id,
      user_id: person.id,
      line: `systemctl restart nginx ${marker}`,
    });
    expect(search.body.items[0].offset_seconds).toBeGreaterThan(0.1);
    const none = await ctx.api('GET', `/api/connections/recordings/search?q=${marker}x`, {
      token: auditor.token,
    });
    expect(none.body.items).toHaveLength(0);
    expect(
      (await ctx.api('GET', `/api/connections/recordings/search?q=${marker}`, { token: person.token }))
        .status,
    ).toBe(403);
  });

  it('an obligatory recording that cannot be written refuses to start the session', async () => {
    const person = await ctx.createUser({ permissions: CONNECT });
    const id = await newConnection({ host_key_sha256: direct.fingerprint, recording: 'obrigatoria' });
    const { ticket } = await ticketFor(person.token, id, passwordCredential);
    // The recordings' table refuses writes for a moment.
    await ctx.server.db.query(
      `CREATE OR REPLACE FUNCTION c2_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'sem espaço'; END $$`,
    );
    await ctx.server.db.query(
      'CREATE TRIGGER c2_refuse BEFORE INSERT ON connection_recordings FOR EACH ROW EXECUTE FUNCTION c2_refuse()',
    );
    try {
      const socket = await openTerminal(ctx.realtimeUrl, person.token);
      const closed = closedOf(socket);
      socket.emit('open', { ticket, cols: 80, rows: 24 });
      expect((await closed).reason).toBe('gravacao_indisponivel');
      expect(direct.shells()).toBeGreaterThanOrEqual(0);
      socket.close();
    } finally {
      await ctx.server.db.query('DROP TRIGGER c2_refuse ON connection_recordings');
      await ctx.server.db.query('DROP FUNCTION c2_refuse()');
    }
  });

  it('ends a session left idle', async () => {
    const person = await ctx.createUser({ permissions: CONNECT });
    // One "minute" is 40 ms in this file.
    const id = await newConnection({ host_key_sha256: direct.fingerprint, idle_timeout_min: 5 });
    const { socket, sessionId } = await connect(person.token, id);
    const event = await closedOf(socket);
    expect(event.reason).toBe('ociosa');
    await waitFor(async () => (await sessionRow(sessionId)).end_reason === 'inatividade');
    socket.close();
  });

  it('an admin watches a live session read-only and ends it', async () => {
    const person = await ctx.createUser({ permissions: CONNECT });
    const id = await newConnection({ host_key_sha256: direct.fingerprint });
    const { socket, screen, sessionId } = await connect(person.token, id);
    await screen.waitFor('bem-vindo');

    // Someone with only connections.connect may neither watch nor end it.
    const stranger = await ctx.createUser({ permissions: CONNECT });
    const strangerSocket = await openTerminal(ctx.realtimeUrl, stranger.token);
    const refused = closedOf(strangerSocket);
    strangerSocket.emit('watch', { session_id: sessionId });
    expect((await refused).reason).toBe('sem_permissao');
    strangerSocket.emit('end', { session_id: sessionId });

    const watcher = await openTerminal(ctx.realtimeUrl, admin);
    const watched = screenOf(watcher);
    const ready = new Promise<{ watching: boolean }>((resolve) => watcher.once('ready', resolve));
    watcher.emit('watch', { session_id: sessionId });
    expect((await ready).watching).toBe(true);
    socket.emit('input', 'visto pelo admin\r');
    await watched.waitFor('visto pelo admin');
    // Read-only: what the watcher types goes nowhere.
    watcher.emit('input', 'rm -rf /\r');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.text).not.toContain('rm -rf');
    expect(direct.shells()).toBeGreaterThan(0);

    const ownerClosed = closedOf(socket);
    const watcherClosed = closedOf(watcher);
    watcher.emit('end', { session_id: sessionId });
    expect((await ownerClosed).reason).toBe('encerrada_por_admin');
    expect((await watcherClosed).reason).toBe('encerrada_por_admin');
    await waitFor(async () => (await sessionRow(sessionId)).state === 'encerrada');
    const row = await sessionRow(sessionId);
    expect(row.end_reason).toBe('administrador');
    const { rows: adminRows } = await ctx.server.db.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'admin@farol.dev'",
    );
    expect(row.ended_by).toBe(adminRows[0]!.id);
    const trail = await ctx.server.db.query<{ action: string }>(
      "SELECT action FROM audit_events WHERE module = 'connections' AND target_id = $1 ORDER BY id",
      [String(sessionId)],
    );
    expect(trail.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['session_watched']));
    socket.close();
    watcher.close();
    strangerSocket.close();
  });

  it('drops bad payloads and keeps serving the terminal', async () => {
    const person = await ctx.createUser({ permissions: CONNECT });
    const id = await newConnection({ host_key_sha256: direct.fingerprint });
    const socket = await openTerminal(ctx.realtimeUrl, person.token);
    // Before anything is open.
    socket.emit('input', 'nada aberto\r');
    socket.emit('open', {});
    socket.emit('open', { ticket: 'curto' });
    socket.emit('open', 'texto');
    socket.emit('open', { ticket: 'x'.repeat(43), cols: 'largo' });
    socket.emit('resize', { cols: 10_000, rows: -1 });
    socket.emit('hostkey:trust', { sha256: 'md5:abc' });
    socket.emit('watch', null);
    socket.emit('end', { session_id: 'um' });
    socket.emit('desconhecido', 1);
    // A ticket nobody issued is refused with the Portuguese message.
    const invalid = closedOf(socket);
    socket.emit('open', { ticket: 'A'.repeat(43), cols: 80, rows: 24 });
    expect(await invalid).toMatchObject({ reason: 'ticket_invalido' });
    socket.close();

    const { socket: open, screen } = await connect(person.token, id);
    await screen.waitFor('bem-vindo');
    open.emit('input', 42);
    open.emit('input', { text: 'objeto' });
    open.emit('input', 'x'.repeat(70_000));
    open.emit('resize', { cols: 0, rows: 0 });
    open.emit('open', { ticket: 'B'.repeat(43) });
    open.emit('input', 'ainda vivo\r');
    await screen.waitFor('ainda vivo');
    open.close();
  });

  it('refuses a ticket used twice or presented by another login session', async () => {
    const person = await ctx.createUser({ permissions: CONNECT });
    const id = await newConnection({ host_key_sha256: direct.fingerprint });
    const { ticket } = await ticketFor(person.token, id, passwordCredential);
    const other = await ctx.createUser({ permissions: CONNECT });
    const thief = await openTerminal(ctx.realtimeUrl, other.token);
    const refused = closedOf(thief);
    thief.emit('open', { ticket, cols: 80, rows: 24 });
    expect((await refused).reason).toBe('ticket_invalido');
    thief.close();
  });
});

describe('VNC bridge', () => {
  it('carries an RFB handshake both ways over a binary WebSocket and counts the bytes', async () => {
    const rfb = await startTestRfbServer();
    try {
      const person = await ctx.createUser({ permissions: CONNECT });
      const id = await newConnection({
        protocol: 'vnc',
        port: rfb.port,
        username: null,
        options: { vnc_view_only: true },
      });
      const { ticket, session_id: sessionId } = await ticketFor(person.token, id, {
        credential: { username: 'vnc', password: 'senha-vnc' },
      });
      const url = `${ctx.baseUrl.replace('http', 'ws')}/api/connections/vnc?ticket=${encodeURIComponent(ticket)}`;
      const ws = new WebSocket(url, ['binary'], { headers: { authorization: `Bearer ${person.token}` } });
      const received: Buffer[] = [];
      const version = new Promise<string>((resolve, reject) => {
        ws.on('message', (data: Buffer) => {
          received.push(data);
          const text = Buffer.concat(received).toString('latin1');
          if (text.includes('\n')) resolve(text.slice(0, 12));
        });
        ws.once('error', reject);
      });
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      expect(ws.protocol).toBe('binary');
      expect(await version).toBe('RFB 003.008\n');
      ws.send(Buffer.from('RFB 003.008\n', 'latin1'));
      await waitFor(async () => rfb.versions.length === 1);
      expect(rfb.versions[0]).toBe('RFB 003.008\n');
      const closed = new Promise((resolve) => ws.once('close', resolve));
      ws.close();
      await closed;
      await waitFor(async () => (await sessionRow(sessionId)).state === 'encerrada');
      const row = await sessionRow(sessionId);
      expect(Number(row.bytes_in)).toBe(12);
      expect(Number(row.bytes_out)).toBeGreaterThanOrEqual(14);

      // A used ticket, or none, opens nothing.
      const again = new WebSocket(url, ['binary'], { headers: { authorization: `Bearer ${person.token}` } });
      const code = await new Promise<number>((resolve) => again.once('close', (c: number) => resolve(c)));
      expect(code).toBe(4401);
      const anonymous = new WebSocket(url, ['binary']);
      await new Promise<void>((resolve) => anonymous.once('error', () => resolve()));
    } finally {
      await rfb.close();
    }
  });
});
