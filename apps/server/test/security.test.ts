import { afterAll, describe, expect, it } from 'vitest';
import {
  TWO_FACTOR_SETUP_REQUIRED_MESSAGE,
  activeSessionListSchema,
  loginChallengeSchema,
  loginEventListSchema,
  loginSessionSchema,
  twoFactorSetupSchema,
} from '@farol/data/contract';
import { migrate } from '../src/db/migrate';
import { migrations } from '../src/db/migrations/index';
import { openMemoryPglite } from '../src/db/pglite';
import { openSeed } from '../src/modules/auth/two-factor';
import { base32Decode, newTotpSecret, totpCode, totpStep } from '../src/modules/auth/totp';
import { DEMO_PASSWORD } from '../src/seed/demo';
import { TWO_FACTOR_SCOPE } from '../src/vault/envelope';
import { parseKeyringText, type Keyring } from '../src/vault/keyring';
import { createVault, rewrapDataKeys } from '../src/vault/vault';
import { setupTestServer } from './harness';
import { TEST_VAULT_KEY, TEST_VAULT_KEY_2 } from './password-helpers';
import { connectClient, nextEvent, type ClientSocket } from './realtime-helpers';

/**
 * Issue 13: two-factor sign-in, recovery codes, the requirement, sessions and login history. The vault's key is
 * given (the seeds are sealed with it; PostgreSQL has no vault without one).
 */
const t = setupTestServer({ vaultKey: TEST_VAULT_KEY });
const sockets: ClientSocket[] = [];

afterAll(async () => {
  for (const socket of sockets) socket.close();
  // The requirement is one row shared by every file on PostgreSQL: leave it as found.
  await t.server.db.query("UPDATE security_settings SET require_two_factor = 'none', roles = '{}'");
});

const secretOf = (setup: { secret: string }) => setup.secret.replace(/\s+/g, '');
/** A code for the step `offset` steps from now (the server refuses reusing a step). */
const codeFor = (secret: string, offset = 0) => {
  base32Decode(secret);
  return totpCode(secret, totpStep(Date.now()) + offset);
};

const login = (
  email: string,
  password = DEMO_PASSWORD,
  agent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
) =>
  t.api('POST', '/api/auth/login', {
    body: { login: email, email, password },
    headers: { 'user-agent': agent },
  });

/** A fresh person with 2FA enabled: their id, e-mail, token, secret and recovery codes. */
const enrolled = async (role = 'tecnico') => {
  const user = await t.createUser({ role });
  const setup = await t.api('POST', '/api/security/two-factor/setup', { token: user.token });
  expect(setup.status).toBe(200);
  const secret = secretOf(setup.body);
  const confirm = await t.api('POST', '/api/security/two-factor/confirm', {
    token: user.token,
    body: { code: codeFor(secret) },
  });
  expect(confirm.status).toBe(200);
  return { ...user, secret, codes: confirm.body.codes as string[] };
};

describe('enrolment', () => {
  it('gives a secret, an otpauth URL and an SVG QR code, confirmed by a first code', async () => {
    const user = await t.createUser();
    expect((await t.api('GET', '/api/security/two-factor', { token: user.token })).body).toMatchObject({
      enabled: false,
      recovery_codes_left: 0,
    });
    const setup = await t.api('POST', '/api/security/two-factor/setup', { token: user.token });
    expect(setup.status).toBe(200);
    const parsed = twoFactorSetupSchema.parse(setup.body);
    expect(parsed.otpauth_url).toContain(`secret=${secretOf(parsed)}`);
    expect(Buffer.from(parsed.qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');

    const wrong = await t.api('POST', '/api/security/two-factor/confirm', {
      token: user.token,
      body: { code: codeFor(secretOf(parsed), 5) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.code).toMatch(/Código inválido/);
    const malformed = await t.api('POST', '/api/security/two-factor/confirm', {
      token: user.token,
      body: { code: '12ab' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.details.code).toBe('O código tem 6 dígitos');

    const confirm = await t.api('POST', '/api/security/two-factor/confirm', {
      token: user.token,
      body: { code: codeFor(secretOf(parsed)) },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.codes).toHaveLength(10);
    expect(new Set(confirm.body.codes).size).toBe(10);
    const status = await t.api('GET', '/api/security/two-factor', { token: user.token });
    expect(status.body).toMatchObject({ enabled: true, recovery_codes_left: 10, required: false });

    // Only hashes are stored.
    const { rows } = await t.server.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM user_recovery_codes WHERE user_id = $1',
      [user.id],
    );
    expect(rows.map((row) => row.code_hash)).not.toContain(confirm.body.codes[0]);
    // Enrolling again while on is refused.
    expect((await t.api('POST', '/api/security/two-factor/setup', { token: user.token })).status).toBe(409);
    const audit = await t.server.db.query<{ action: string }>(
      "SELECT action FROM audit_events WHERE module = 'security' AND target_id = $1 ORDER BY id",
      [String(user.id)],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['two_factor_setup_started', 'two_factor_enabled']);
  });
});

describe('sign-in with 2FA', () => {
  it('answers a code step instead of a session, then a session for a right code, once', async () => {
    const user = await enrolled();
    const first = await login(user.email);
    expect(first.status).toBe(200);
    const challenge = loginChallengeSchema.parse(first.body);
    expect(first.body.token).toBeUndefined();
    expect(first.headers.get('set-cookie')).toBeNull();

    const wrong = await t.api('POST', '/api/auth/login/2fa', {
      body: { challenge: challenge.challenge, code: codeFor(user.secret, 4) },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toMatch(/Código inválido/);

    const code = codeFor(user.secret, 1);
    const ok = await t.api('POST', '/api/auth/login/2fa', { body: { challenge: challenge.challenge, code } });
    expect(ok.status).toBe(200);
    const session = loginSessionSchema.parse(ok.body);
    expect(ok.headers.get('set-cookie')).toContain('farol_session=');
    expect((await t.api('GET', '/api/profile', { token: session.token })).status).toBe(200);

    // The step is used: neither it nor its code works again.
    const again = await t.api('POST', '/api/auth/login/2fa', {
      body: { challenge: challenge.challenge, code },
    });
    expect(again.status).toBe(401);
    const second = loginChallengeSchema.parse((await login(user.email)).body);
    const replay = await t.api('POST', '/api/auth/login/2fa', {
      body: { challenge: second.challenge, code },
    });
    expect(replay.status).toBe(401);
  });

  it('takes a recovery code once', async () => {
    const user = await enrolled();
    const recovery = user.codes[0]!;
    const first = loginChallengeSchema.parse((await login(user.email)).body);
    const ok = await t.api('POST', '/api/auth/login/2fa', {
      body: { challenge: first.challenge, code: recovery.toLowerCase() },
    });
    expect(ok.status).toBe(200);
    const second = loginChallengeSchema.parse((await login(user.email)).body);
    const reused = await t.api('POST', '/api/auth/login/2fa', {
      body: { challenge: second.challenge, code: recovery },
    });
    expect(reused.status).toBe(401);
    const status = await t.api('GET', '/api/security/two-factor', { token: user.token });
    expect(status.body.recovery_codes_left).toBe(9);
  });

  it('closes a code step after five wrong codes, refuses an unknown one, and keeps the history', async () => {
    const user = await enrolled();
    const step = loginChallengeSchema.parse((await login(user.email)).body);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await t.api('POST', '/api/auth/login/2fa', {
        body: { challenge: step.challenge, code: '000000' },
      });
      expect([401, 429]).toContain(wrong.status);
    }
    await t.server.db.query('DELETE FROM login_failures');
    const closed = await t.api('POST', '/api/auth/login/2fa', {
      body: { challenge: step.challenge, code: codeFor(user.secret) },
    });
    expect(closed.status).toBe(401);
    expect(closed.body.message).toMatch(/expirou/);
    const unknown = await t.api('POST', '/api/auth/login/2fa', {
      body: { challenge: 'x'.repeat(43), code: '123456' },
    });
    expect(unknown.status).toBe(401);
    const bad = await t.api('POST', '/api/auth/login/2fa', { body: { challenge: 'short', code: '' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details).sort()).toEqual(['challenge', 'code']);

    const wrongPassword = await login(user.email, 'senha-errada-123');
    expect(wrongPassword.status).toBe(401);
    const history = loginEventListSchema.parse(
      (await t.api('GET', '/api/security/login-history?limit=20', { token: user.token })).body,
    );
    const reasons = history.items.map((event) => event.reason);
    expect(reasons[0]).toBe('wrong_password');
    expect(reasons).toContain('two_factor_failed');
    expect(reasons).toContain('challenge_expired');
    expect(history.items[0]).toMatchObject({ success: false, device: 'Firefox em Linux', ip: '127.0.0.1' });
    await t.server.db.query('DELETE FROM login_failures');
  });

  it('records a password-only sign-in as a success', async () => {
    const user = await t.createUser();
    const answer = await login(user.email);
    expect(answer.text).toContain('token');
    const history = await t.api('GET', '/api/security/login-history', { token: user.token });
    expect(history.body.total).toBe(1);
    expect(history.body.items[0]).toMatchObject({ success: true, reason: 'ok', method: 'password' });
  });
});

describe('recovery codes and turning 2FA off', () => {
  it('regenerates codes with a current app code, and disables with password and code', async () => {
    const user = await enrolled();
    const wrong = await t.api('POST', '/api/security/two-factor/recovery-codes', {
      token: user.token,
      body: { code: '000000' },
    });
    expect(wrong.status).toBe(400);
    const fresh = await t.api('POST', '/api/security/two-factor/recovery-codes', {
      token: user.token,
      body: { code: codeFor(user.secret, 1) },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.codes).not.toContain(user.codes[0]);

    const badPassword = await t.api('POST', '/api/security/two-factor/disable', {
      token: user.token,
      body: { password: 'nao-e-esta', code: fresh.body.codes[0] },
    });
    expect(badPassword.status).toBe(400);
    expect(badPassword.body.details).toEqual({ password: 'Senha incorreta' });
    const off = await t.api('POST', '/api/security/two-factor/disable', {
      token: user.token,
      body: { password: DEMO_PASSWORD, code: fresh.body.codes[0] },
    });
    expect(off.status).toBe(204);
    expect((await t.api('GET', '/api/security/two-factor', { token: user.token })).body.enabled).toBe(false);
    expect(loginSessionSchema.safeParse((await login(user.email)).body).success).toBe(true);
  });
});

describe('the requirement', () => {
  it('is set by admins only, flags sign-ins that must enrol, and keeps people from turning 2FA off', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const manager = await t.createUser({ role: 'gestor', permissions: ['users.manage'] });
    expect(
      (
        await t.api('PUT', '/api/security/settings', {
          token: manager.token,
          body: { require_two_factor: 'everyone', roles: [] },
        })
      ).status,
    ).toBe(403);
    const empty = await t.api('PUT', '/api/security/settings', {
      token: admin.token,
      body: { require_two_factor: 'roles', roles: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.details.roles).toBe('Escolha ao menos uma função');

    const saved = await t.api('PUT', '/api/security/settings', {
      token: admin.token,
      body: { require_two_factor: 'roles', roles: ['Tecnico'] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ require_two_factor: 'roles', roles: ['tecnico'] });
    expect(saved.body.known_roles).toContain('admin');

    const tech = await t.createUser({ role: 'tecnico' });
    const client = await t.createUser({ role: 'cliente', companyId: await t.companyId('Acme') });
    expect((await login(tech.email)).body.two_factor_setup_required).toBe(true);
    expect((await login(client.email)).body.two_factor_setup_required).toBeUndefined();

    const enrolledTech = await enrolled('tecnico');
    const refused = await t.api('POST', '/api/security/two-factor/disable', {
      token: enrolledTech.token,
      body: { password: DEMO_PASSWORD, code: enrolledTech.codes[0] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/obrigatória/);
    const audit = await t.server.db.query<{ details: { changes: unknown } }>(
      "SELECT details FROM audit_events WHERE module = 'security' AND action = 'settings_updated' AND actor_id = $1",
      [admin.id],
    );
    expect(audit.rows[0]?.details.changes).toMatchObject({ roles: { to: ['tecnico'] } });
    await t.api('PUT', '/api/security/settings', {
      token: admin.token,
      body: { require_two_factor: 'none', roles: [] },
    });
  });
});

describe('sessions', () => {
  it('lists one’s own sessions, ends one (closing its sockets) and all the others', async () => {
    const user = await t.createUser();
    const phone = (await login(user.email, DEMO_PASSWORD, 'Mozilla/5.0 (Linux; Android 14) Chrome/129.0'))
      .body.token;
    const laptop = (await login(user.email)).body.token;
    const list = activeSessionListSchema.parse(
      (await t.api('GET', '/api/security/sessions', { token: laptop })).body,
    );
    expect(list.items).toHaveLength(3);
    expect(list.items.filter((session) => session.current)).toHaveLength(1);
    expect(list.items.map((session) => session.device)).toContain('Chrome em Android');
    const phoneRow = list.items.find((session) => session.device === 'Chrome em Android')!;

    const socket = await connectClient(t.realtimeUrl, { token: phone });
    sockets.push(socket);
    const gone = nextEvent(socket, 'disconnect');
    expect((await t.api('DELETE', `/api/security/sessions/${phoneRow.id}`, { token: laptop })).status).toBe(
      204,
    );
    await expect(gone).resolves.toBe('io server disconnect');
    expect((await t.api('GET', '/api/profile', { token: phone })).status).toBe(401);
    expect((await t.api('DELETE', `/api/security/sessions/${phoneRow.id}`, { token: laptop })).status).toBe(
      404,
    );

    const laptopRow = list.items.find((session) => session.current)!;
    const own = await t.api('DELETE', `/api/security/sessions/${laptopRow.id}`, { token: laptop });
    expect(own.status).toBe(409);
    expect(own.body.message).toMatch(/use Sair/);
    const others = await t.api('POST', '/api/security/sessions/revoke-others', { token: laptop });
    expect(others.body).toEqual({ revoked: 1 });
    expect((await t.api('GET', '/api/profile', { token: user.token })).status).toBe(401);
    expect((await t.api('GET', '/api/profile', { token: laptop })).status).toBe(200);
    // Someone else's session id is not one's own.
    const stranger = await t.createUser();
    const strangerSessions = await t.api('GET', '/api/security/sessions', { token: stranger.token });
    expect(
      (
        await t.api('DELETE', `/api/security/sessions/${strangerSessions.body.items[0].id}`, {
          token: laptop,
        })
      ).status,
    ).toBe(404);
  });
});

describe("a person's security, for who manages users", () => {
  it('reads and ends sessions, reads history, resets 2FA (audited); clients and plain staff are refused', async () => {
    const manager = await t.createUser({ role: 'gestor', permissions: ['users.manage'] });
    const person = await enrolled();
    const plain = await t.createUser({ role: 'tecnico' });
    const client = await t.createUser({ role: 'cliente', companyId: await t.companyId('Acme') });
    for (const token of [plain.token, client.token]) {
      expect((await t.api('GET', `/api/security/users/${person.id}`, { token })).status).toBe(403);
      expect(
        (await t.api('POST', `/api/security/users/${person.id}/two-factor/reset`, { token })).status,
      ).toBe(403);
    }
    expect((await t.api('GET', '/api/security/users/999999', { token: manager.token })).status).toBe(404);
    const state = await t.api('GET', `/api/security/users/${person.id}`, { token: manager.token });
    expect(state.body).toMatchObject({ user_id: person.id, enabled: true, recovery_codes_left: 10 });
    const sessions = await t.api('GET', `/api/security/users/${person.id}/sessions`, {
      token: manager.token,
    });
    expect(sessions.body.items.length).toBeGreaterThan(0);
    expect(sessions.body.items.every((session: { current: boolean }) => !session.current)).toBe(true);
    const history = await t.api('GET', `/api/security/users/${person.id}/login-history`, {
      token: manager.token,
    });
    expect(history.status).toBe(200);

    const socket = await connectClient(t.realtimeUrl, { token: person.token });
    sockets.push(socket);
    const gone = nextEvent(socket, 'disconnect');
    expect(
      (await t.api('POST', `/api/security/users/${person.id}/two-factor/reset`, { token: manager.token }))
        .status,
    ).toBe(204);
    await expect(gone).resolves.toBe('io server disconnect');
    expect(
      (await t.api('POST', `/api/security/users/${person.id}/two-factor/reset`, { token: manager.token }))
        .status,
    ).toBe(409);
    const relogin = (await login(person.email)).body;
    expect(relogin.token).toBeTruthy();
    expect((await t.api('GET', '/api/security/two-factor', { token: relogin.token })).body.enabled).toBe(
      false,
    );
    const audit = await t.server.db.query<{ actor_id: number }>(
      "SELECT actor_id FROM audit_events WHERE module = 'security' AND action = 'two_factor_reset' AND target_id = $1",
      [String(person.id)],
    );
    expect(audit.rows).toEqual([{ actor_id: manager.id }]);

    const all = await t.api('POST', `/api/security/users/${person.id}/sessions/revoke-all`, {
      token: manager.token,
    });
    expect(all.body.revoked).toBeGreaterThan(0);
    expect((await t.api('GET', '/api/profile', { token: relogin.token })).status).toBe(401);

    // Only admins act on admins (409, as Gerenciar Usuários answers); reading their security is managing users.
    const admin = await t.createUser({ role: 'admin' });
    const refused = await t.api('POST', `/api/security/users/${admin.id}/sessions/revoke-all`, {
      token: manager.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Só um administrador altera a segurança de outro administrador.');
    expect((await t.api('GET', `/api/security/users/${admin.id}`, { token: manager.token })).status).toBe(
      200,
    );
  });
});

describe('the requirement, enforced by the server', () => {
  const uniqueRole = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const requireFor = async (adminToken: string, roles: string[]) => {
    const saved = await t.api('PUT', '/api/security/settings', {
      token: adminToken,
      body:
        roles.length > 0 ? { require_two_factor: 'roles', roles } : { require_two_factor: 'none', roles: [] },
    });
    expect(saved.status).toBe(200);
  };
  const refusal = { error: 'two_factor_setup_required', message: TWO_FACTOR_SETUP_REQUIRED_MESSAGE };

  it('gives a person who must enrol a session that reaches only enrolment and opens no socket, until they enrol', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const role = uniqueRole('exige');
    const person = await t.createUser({ role, permissions: ['tickets.view', 'users.view'] });
    // Cached before the requirement: the requirement reaches a session already in use at once.
    expect((await t.api('GET', '/api/tickets', { token: person.token })).status).toBe(200);
    await requireFor(admin.token, [role]);
    try {
      const tickets = await t.api('GET', '/api/tickets', { token: person.token });
      expect(tickets.status).toBe(403);
      expect(tickets.body).toEqual(refusal);
      expect((await t.api('GET', '/api/users', { token: person.token })).body).toEqual(refusal);
      expect((await t.api('GET', '/api/profile', { token: person.token })).status).toBe(200);
      await expect(connectClient(t.realtimeUrl, { token: person.token })).rejects.toThrow(/auth/);
      // A new sign-in says so too, and its session is held the same way.
      const signIn = await login(person.email);
      expect(signIn.body.two_factor_setup_required).toBe(true);
      expect((await t.api('GET', '/api/tickets', { token: signIn.body.token })).status).toBe(403);

      const setup = await t.api('POST', '/api/security/two-factor/setup', { token: person.token });
      expect(setup.status).toBe(200);
      const confirm = await t.api('POST', '/api/security/two-factor/confirm', {
        token: person.token,
        body: { code: codeFor(secretOf(setup.body)) },
      });
      expect(confirm.status).toBe(200);
      // Enrolled: the same sessions reach everything their keys allow, and sockets open.
      expect((await t.api('GET', '/api/tickets', { token: person.token })).status).toBe(200);
      expect((await t.api('GET', '/api/tickets', { token: signIn.body.token })).status).toBe(200);
      const socket = await connectClient(t.realtimeUrl, { token: person.token });
      sockets.push(socket);
      expect(socket.connected).toBe(true);
    } finally {
      await requireFor(admin.token, []);
    }
  });

  it('closes the sockets of people the requirement starts to cover, and frees them when it is lifted', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const role = uniqueRole('passa-a-exigir');
    const person = await t.createUser({ role, permissions: ['tickets.view'] });
    const bystander = await t.createUser({ role: 'tecnico', permissions: ['tickets.view'] });
    const socket = await connectClient(t.realtimeUrl, { token: person.token });
    const other = await connectClient(t.realtimeUrl, { token: bystander.token });
    sockets.push(socket, other);
    const gone = nextEvent(socket, 'disconnect', 10_000);
    await requireFor(admin.token, [role]);
    try {
      await expect(gone).resolves.toBe('io server disconnect');
      expect(other.connected).toBe(true);
      expect((await t.api('GET', '/api/tickets', { token: person.token })).body).toEqual(refusal);
      expect((await t.api('GET', '/api/tickets', { token: bystander.token })).status).toBe(200);
    } finally {
      await requireFor(admin.token, []);
    }
    expect((await t.api('GET', '/api/tickets', { token: person.token })).status).toBe(200);
  });
});

describe('2FA seeds at rest', () => {
  const rowOf = async (userId: number) =>
    (
      await t.server.db.query<{ secret: string | null; pending_secret: string | null }>(
        'SELECT secret, pending_secret FROM user_two_factor WHERE user_id = $1',
        [userId],
      )
    ).rows[0]!;

  it('stores no seed in clear, pending or confirmed', async () => {
    const user = await t.createUser();
    const setup = await t.api('POST', '/api/security/two-factor/setup', { token: user.token });
    const secret = secretOf(setup.body);
    const pending = await rowOf(user.id);
    expect(pending.pending_secret).toMatch(/^s1\./);
    expect(pending.pending_secret).not.toContain(secret);
    await t.api('POST', '/api/security/two-factor/confirm', {
      token: user.token,
      body: { code: codeFor(secret) },
    });
    const confirmed = await rowOf(user.id);
    expect(confirmed.secret).toMatch(/^s1\./);
    expect(confirmed.pending_secret).toBeNull();
    // Nowhere in the table, in any form people or apps use it.
    const dump = await t.server.db.query<{ text: string }>(
      'SELECT to_jsonb(f)::text AS text FROM user_two_factor f',
    );
    const all = dump.rows.map((row) => row.text).join('\n');
    expect(all).not.toContain(secret);
    expect(all).not.toContain(setup.body.secret);
    // And none can be written in clear again.
    await expect(
      t.server.db.query('UPDATE user_two_factor SET secret = $2 WHERE user_id = $1', [user.id, secret]),
    ).rejects.toThrow(/user_two_factor_secret_sealed/);
  });

  it('refuses a seed altered or copied from another person, and still takes a recovery code', async () => {
    const alice = await enrolled();
    const bob = await enrolled();
    const aliceRow = await rowOf(alice.id);
    // Bob's row given Alice's sealed seed: bound to Alice, it does not open as Bob's.
    await t.server.db.query('UPDATE user_two_factor SET secret = $2 WHERE user_id = $1', [
      bob.id,
      aliceRow.secret,
    ]);
    const step = loginChallengeSchema.parse((await login(bob.email)).body);
    for (const code of [codeFor(alice.secret, 1), codeFor(bob.secret, 1)]) {
      const refused = await t.api('POST', '/api/auth/login/2fa', {
        body: { challenge: step.challenge, code },
      });
      expect(refused.status).toBe(401);
      expect(refused.body.message).toMatch(/integridade/);
    }
    const recovered = await t.api('POST', '/api/auth/login/2fa', {
      body: { challenge: step.challenge, code: bob.codes[0] },
    });
    expect(recovered.status).toBe(200);

    // One byte of Alice's ciphertext changed: refused, and on her own security routes too (409, not a 500).
    const raw = Buffer.from(aliceRow.secret!.slice(3), 'base64');
    raw[20] = raw[20]! ^ 1;
    await t.server.db.query('UPDATE user_two_factor SET secret = $2 WHERE user_id = $1', [
      alice.id,
      `s1.${raw.toString('base64')}`,
    ]);
    const aliceStep = loginChallengeSchema.parse((await login(alice.email)).body);
    const altered = await t.api('POST', '/api/auth/login/2fa', {
      body: { challenge: aliceStep.challenge, code: codeFor(alice.secret, 1) },
    });
    expect(altered.status).toBe(401);
    expect(altered.body.message).toMatch(/integridade/);
    const regenerate = await t.api('POST', '/api/security/two-factor/recovery-codes', {
      token: alice.token,
      body: { code: codeFor(alice.secret, 1) },
    });
    expect(regenerate.status).toBe(409);
    expect(regenerate.body.message).toMatch(/integridade/);
    await t.server.db.query('DELETE FROM login_failures');
  });

  describe('a key rotation', () => {
    const v2: Keyring = parseKeyringText(`v2:${TEST_VAULT_KEY_2},v1:${TEST_VAULT_KEY}`);
    afterAll(async () => {
      // Back to version 1, the key every test server of a shared database starts with.
      await rewrapDataKeys(t.server.db, { current: 1, keys: v2.keys });
    });

    it('re-wraps the seeds’ data key with the others, and the seeds open with the new key alone', async () => {
      const user = await enrolled();
      await rewrapDataKeys(t.server.db, v2);
      const { rows } = await t.server.db.query<{ kek_version: number }>(
        'SELECT kek_version FROM vault_data_keys WHERE scope = $1',
        [TWO_FACTOR_SCOPE],
      );
      expect(rows.map((row) => row.kek_version)).toEqual([2]);
      // A vault holding only version 2 (as after the old key is retired) reads the stored seed.
      const onlyV2 = createVault({
        db: t.server.db,
        keys: {
          state: 'ready',
          keyring: { current: 2, keys: new Map([[2, v2.keys.get(2)!]]) },
          source: { kind: 'env' },
        },
        watch: false,
      });
      const stored = await rowOf(user.id);
      expect(await openSeed(onlyV2, user.id, 'secret', stored.secret!)).toBe(user.secret);
      onlyV2.close();
      // The running server signs in with a code as before.
      const step = loginChallengeSchema.parse((await login(user.email)).body);
      const ok = await t.api('POST', '/api/auth/login/2fa', {
        body: { challenge: step.challenge, code: codeFor(user.secret, 1) },
      });
      expect(ok.status).toBe(200);
    });
  });

  it('migration 030 seals the seeds stored in clear before, and will not run without the key', async () => {
    const before = migrations.filter((migration) => migration.id < '030');
    const db = await openMemoryPglite();
    try {
      await migrate(db, before);
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO users (email, first_name, last_name, role, permissions, password_hash)
         VALUES ('antigo@test.farol.dev', 'Antigo', 'Teste', 'tecnico', '{}', 'x') RETURNING id`,
      );
      const userId = rows[0]!.id;
      const secret = newTotpSecret();
      const pending = newTotpSecret();
      await db.query(
        `INSERT INTO user_two_factor (user_id, secret, enabled_at, pending_secret, pending_expires_at)
         VALUES ($1, $2, now(), $3, now() + interval '10 minutes')`,
        [userId, secret, pending],
      );
      await expect(migrate(db, migrations)).rejects.toThrow(/Migração 030: 1 segredo/);
      const vault = createVault({
        db,
        keys: { state: 'ready', keyring: parseKeyringText(TEST_VAULT_KEY), source: { kind: 'env' } },
        watch: false,
      });
      try {
        expect(await migrate(db, migrations, { vault })).toContain('030-two-factor-sealed');
        const sealed = (
          await db.query<{ secret: string; pending_secret: string }>(
            'SELECT secret, pending_secret FROM user_two_factor WHERE user_id = $1',
            [userId],
          )
        ).rows[0]!;
        expect(sealed.secret).toMatch(/^s1\./);
        expect(sealed.secret).not.toContain(secret);
        expect(await openSeed(vault, userId, 'secret', sealed.secret)).toBe(secret);
        expect(await openSeed(vault, userId, 'pending_secret', sealed.pending_secret)).toBe(pending);
      } finally {
        vault.close();
      }
    } finally {
      await db.close();
    }
    // An in-memory database migrated from nothing: a minute or more on a busy machine.
  }, 300_000);
});
