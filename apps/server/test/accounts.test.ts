import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_REFUSAL_MESSAGES,
  PASSWORD_RESET_SENT,
  accountListSchema,
  createAccountResponseSchema,
  offboardingPreviewSchema,
} from '@farol/data/contract';
import { setupTestServer } from './harness';
import { mailText, startSmtpSink } from './smtp-sink';

const sink = await startSmtpSink();
afterAll(() => sink.close());

// A public URL so the e-mailed links are predictable; the portal's pages are /convite/:token and /redefinir-senha/:token.
const t = setupTestServer({ smtpUrl: sink.url, publicUrl: 'https://farol.test' });

const STRONG = 'cavalo-correto-bateria-grampo';
const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@test.farol.dev`;
const tokenOf = (url: string) => url.split('/').pop()!;

const admin = () => t.createUser({ role: 'admin' });
const login = (login: string, password: string) =>
  t.api('POST', '/api/auth/login', { body: { login, email: login, password } });

const auditOf = async (userId: number, action: string) => {
  const { rows } = await t.server.db.query<{ details: Record<string, unknown>; actor_id: number | null }>(
    `SELECT details, actor_id FROM audit_events WHERE module = 'accounts' AND action = $1 AND target_id = $2
      ORDER BY id DESC LIMIT 1`,
    [action, String(userId)],
  );
  return rows[0] ?? null;
};

describe('invitations', () => {
  it('invites by e-mail: the link is one-time, expires in 72 h, and the person sets their password and signs in', async () => {
    const boss = await admin();
    const address = email('convidada');
    const created = await t.api('POST', '/api/accounts', {
      token: boss.token,
      body: {
        email: address,
        first_name: 'Clara',
        last_name: 'Nunes',
        role: 'tecnico',
        permissions: ['tickets.view'],
      },
    });
    expect(created.status).toBe(201);
    const body = createAccountResponseSchema.parse(created.body);
    expect(body.account).toMatchObject({ email: address, status: 'ativo', role: 'tecnico' });
    expect(body.invitation?.emailed).toBe(true);
    expect(body.invitation?.url).toMatch(/^https:\/\/farol\.test\/convite\/[A-Za-z0-9_-]{40,}$/);
    const hours = (Date.parse(body.invitation!.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);

    const mail = await sink.messageTo(address);
    expect(mailText(mail)).toContain(body.invitation!.url);
    expect(mailText(mail)).toContain('Clara');

    // Only the token's hash is stored.
    const token = tokenOf(body.invitation!.url);
    const stored = await t.server.db.query('SELECT 1 FROM account_links WHERE token_hash = $1', [token]);
    expect(stored.rows).toHaveLength(0);

    // No password works before the invitation is accepted.
    expect((await login(address, '!invited')).status).toBe(401);

    const info = await t.api('GET', `/api/invitations/${token}`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ email: address, name: 'Clara Nunes' });

    const weak = await t.api('POST', `/api/invitations/${token}/accept`, { body: { password: 'senha123' } });
    expect(weak.status).toBe(400);
    expect(weak.body.details.password).toBe('A senha deve ter pelo menos 10 caracteres');
    const common = await t.api('POST', `/api/invitations/${token}/accept`, {
      body: { password: 'senha12345' },
    });
    expect(common.status).toBe(400);
    expect(common.body.details.password).toMatch(/muito comum/);

    const accepted = await t.api('POST', `/api/invitations/${token}/accept`, { body: { password: STRONG } });
    expect(accepted.status).toBe(204);
    const again = await t.api('POST', `/api/invitations/${token}/accept`, { body: { password: STRONG } });
    expect(again.status).toBe(410);
    expect(again.body.error).toBe('link_expired');

    const signedIn = await login(address, STRONG);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.must_change_password).toBeUndefined();
    expect(await auditOf(body.account.id, 'invitation_accepted')).not.toBeNull();
    const invited = await auditOf(body.account.id, 'invited');
    expect(invited?.actor_id).toBe(boss.id);
    expect(invited?.details).toMatchObject({
      changes: { email: { from: null, to: address }, role: { to: 'tecnico' } },
    });
  });

  it('refuses an expired invitation with 410, and a new one replaces it', async () => {
    const boss = await admin();
    const address = email('expira');
    const created = await t.api('POST', '/api/accounts', {
      token: boss.token,
      body: { email: address, first_name: 'Tarde', role: 'tecnico' },
    });
    const token = tokenOf(created.body.invitation.url);
    await t.server.db.query(
      `UPDATE account_links SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [created.body.account.id],
    );
    expect((await t.api('GET', `/api/invitations/${token}`)).status).toBe(410);
    const renewed = await t.api('POST', `/api/accounts/${created.body.account.id}/invitation`, {
      token: boss.token,
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.url).not.toBe(created.body.invitation.url);
    expect((await t.api('GET', `/api/invitations/${tokenOf(renewed.body.url)}`)).status).toBe(200);
  });

  it('answers 409 for an e-mail already taken and 400 with fields for bad input', async () => {
    const boss = await admin();
    const taken = await t.api('POST', '/api/accounts', {
      token: boss.token,
      body: { email: 'admin@farol.dev', first_name: 'Outro', role: 'tecnico' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.details.email).toBe('Já existe uma conta com este e-mail');
    const bad = await t.api('POST', '/api/accounts', {
      token: boss.token,
      body: { email: 'não é e-mail', first_name: '', role: 'cliente' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({ email: 'E-mail inválido', first_name: 'Informe o nome' });
    const noCompany = await t.api('POST', '/api/accounts', {
      token: boss.token,
      body: { email: email('semempresa'), first_name: 'Sem', role: 'cliente' },
    });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.details.company_id).toBe('Escolha a empresa do cliente');
  });
});

describe('temporary password', () => {
  it('signs in with a flag, and the person must choose their own password', async () => {
    const boss = await admin();
    const address = email('temporaria');
    const temporary = 'Temporaria-2026-xyz';
    const created = await t.api('POST', '/api/accounts', {
      token: boss.token,
      body: {
        email: address,
        first_name: 'Tomás',
        role: 'tecnico',
        delivery: 'temporary_password',
        temporary_password: temporary,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.invitation).toBeNull();
    expect(created.body.account.must_change_password).toBe(true);
    const first = await login(address, temporary);
    expect(first.status).toBe(200);
    expect(first.body.must_change_password).toBe(true);
    // A second browser signed in with the same password: the change ends it.
    const elsewhere = await login(address, temporary);
    expect(elsewhere.status).toBe(200);
    const wrong = await t.api('POST', '/api/accounts/me/password', {
      token: first.body.token,
      body: { current_password: 'errada', password: STRONG },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.current_password).toBe('Senha atual incorreta');
    const changed = await t.api('POST', '/api/accounts/me/password', {
      token: first.body.token,
      body: { current_password: temporary, password: STRONG },
    });
    expect(changed.status).toBe(204);
    // The session that changed it lives on, the other one ends; the next sign-in carries no flag.
    expect((await t.api('GET', '/api/profile', { token: first.body.token })).status).toBe(200);
    expect((await t.api('GET', '/api/profile', { token: elsewhere.body.token })).status).toBe(401);
    const next = await login(address, STRONG);
    expect(next.body.must_change_password).toBeUndefined();
  });
});

describe('suspend and deactivate', () => {
  it('revokes sessions, disconnects sockets and tells a suspended person why at sign-in; reactivating lets them in', async () => {
    const boss = await admin();
    const person = await t.createUser({ role: 'tecnico', permissions: ['tickets.view'] });
    const socket: Socket = io(t.realtimeUrl, {
      transports: ['websocket'],
      auth: { token: person.token },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));

    const suspended = await t.api('POST', `/api/accounts/${person.id}/suspend`, { token: boss.token });
    expect(suspended.status).toBe(200);
    expect(suspended.body.status).toBe('suspenso');
    await disconnected;
    expect((await t.api('GET', '/api/profile', { token: person.token })).status).toBe(401);

    const refused = await login(person.email, 'farol-demo');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'account_inactive', message: ACCOUNT_REFUSAL_MESSAGES.suspenso });
    // A wrong password still reads as wrong credentials (the status is told only to whoever knows the password).
    expect((await login(person.email, 'outra-senha-qualquer')).status).toBe(401);

    const audit = await auditOf(person.id, 'suspended');
    expect(audit?.details).toEqual({ changes: { status: { from: 'ativo', to: 'suspenso' } } });

    expect(
      (await t.api('POST', `/api/accounts/${person.id}/reactivate`, { token: boss.token })).body.status,
    ).toBe('ativo');
    expect((await login(person.email, 'farol-demo')).status).toBe(200);
    socket.close();
  });

  it('keeps the last active admin, one’s own account and admins out of reach of non-admins', async () => {
    const boss = await admin();
    const self = await t.api('POST', `/api/accounts/${boss.id}/suspend`, { token: boss.token });
    expect(self.status).toBe(409);
    const ownRole = await t.api('PATCH', `/api/accounts/${boss.id}`, {
      token: boss.token,
      body: { role: 'tecnico' },
    });
    expect(ownRole.status).toBe(400);
    expect(ownRole.body.details.role).toBe('Você não pode alterar a sua própria função');

    const manager = await t.createUser({ role: 'gestor', permissions: ['users.manage', 'tickets.view'] });
    const anAdmin = await admin();
    const touch = await t.api('POST', `/api/accounts/${anAdmin.id}/suspend`, { token: manager.token });
    expect(touch.status).toBe(409);
    expect(touch.body.message).toBe('Só um administrador pode alterar a conta de outro administrador.');
    expect((await t.api('GET', `/api/accounts/${anAdmin.id}`, { token: manager.token })).status).toBe(200);
    const grant = await t.api('POST', '/api/accounts', {
      token: manager.token,
      body: { email: email('chave'), first_name: 'Chave', role: 'tecnico', permissions: ['passwords.view'] },
    });
    expect(grant.status).toBe(400);
    expect(grant.body.details.permissions).toMatch(/não tem: passwords.view/);
    const makeAdmin = await t.api('POST', '/api/accounts', {
      token: manager.token,
      body: { email: email('adm'), first_name: 'Adm', role: 'admin' },
    });
    expect(makeAdmin.status).toBe(400);
  });

  it('refuses removing the last active admin', async () => {
    const actor = await admin();
    const only = await admin();
    // Everyone else who is an active admin steps aside for a moment (the actor too, its session still live).
    const { rows } = await t.server.db.query<{ id: number }>(
      `UPDATE users SET status = 'suspenso' WHERE lower(trim(role)) = 'admin' AND status = 'ativo' AND id <> $1
       RETURNING id`,
      [only.id],
    );
    try {
      const deactivate = await t.api('POST', `/api/accounts/${only.id}/deactivate`, { token: actor.token });
      expect(deactivate.status).toBe(409);
      expect(deactivate.body.message).toBe('Não é possível: esta é a última conta de administrador ativa.');
      const demote = await t.api('PATCH', `/api/accounts/${only.id}`, {
        token: actor.token,
        body: { role: 'gestor' },
      });
      expect(demote.status).toBe(409);
    } finally {
      await t.server.db.query(`UPDATE users SET status = 'ativo' WHERE id = ANY($1::int[])`, [
        rows.map((row) => row.id),
      ]);
    }
  });
});

describe('password reset', () => {
  it('answers the same for an unknown e-mail, e-mails a one-time link, and the reset revokes sessions', async () => {
    const person = await t.createUser({ role: 'tecnico' });
    const unknown = await t.api('POST', '/api/password-resets', { body: { email: email('ninguem') } });
    const known = await t.api('POST', '/api/password-resets', { body: { email: person.email } });
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(unknown.body).toEqual({ message: PASSWORD_RESET_SENT });
    expect(known.body).toEqual(unknown.body);

    const mail = await sink.messageTo(person.email);
    const url = /https:\/\/farol\.test\/redefinir-senha\/[A-Za-z0-9_-]+/.exec(mailText(mail))?.[0];
    expect(url).toBeDefined();
    const token = tokenOf(url!);
    expect((await t.api('GET', `/api/password-resets/${token}`)).body.email).toBe(person.email);
    const done = await t.api('POST', `/api/password-resets/${token}`, { body: { password: STRONG } });
    expect(done.status).toBe(204);
    expect((await t.api('GET', '/api/profile', { token: person.token })).status).toBe(401);
    expect((await login(person.email, STRONG)).status).toBe(200);
    expect(
      (await t.api('POST', `/api/password-resets/${token}`, { body: { password: STRONG } })).status,
    ).toBe(410);
  });

  it('is rate limited per e-mail (429), whether or not the account exists', async () => {
    const address = email('muitos');
    for (let i = 0; i < 3; i += 1)
      expect((await t.api('POST', '/api/password-resets', { body: { email: address } })).status).toBe(202);
    const limited = await t.api('POST', '/api/password-resets', { body: { email: address } });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('rate_limited');
  });
});

describe('gestor da empresa (delegated client admin)', () => {
  it('lists and invites only their own company’s client users, never staff or other companies', async () => {
    const acme = await t.companyId('Acme');
    const globex = await t.companyId('Globex');
    const gestor = await t.createUser({ role: 'cliente', companyId: acme });
    const plain = await t.createUser({ role: 'cliente', companyId: acme });
    // A client who is not their company's gestor manages nobody.
    expect((await t.api('GET', '/api/accounts', { token: gestor.token })).body).toEqual({
      items: [],
      total: 0,
    });
    expect((await t.api('GET', '/api/accounts/me', { token: gestor.token })).body).toEqual({
      must_change_password: false,
      company_manager: false,
    });
    await t.server.db.query('UPDATE users SET company_manager = true WHERE id = $1', [gestor.id]);
    expect((await t.api('GET', '/api/accounts/me', { token: gestor.token })).body.company_manager).toBe(true);
    expect((await t.api('GET', `/api/accounts/${gestor.id}`, { token: plain.token })).status).toBe(404);

    const list = accountListSchema.parse(
      (await t.api('GET', '/api/accounts?limit=100', { token: gestor.token })).body,
    );
    expect(list.items.length).toBeGreaterThan(0);
    for (const item of list.items) {
      expect(item.company_id).toBe(acme);
      expect(['cliente', 'client']).toContain(item.role);
    }

    const invited = await t.api('POST', '/api/accounts', {
      token: gestor.token,
      body: { email: email('colega'), first_name: 'Colega', role: 'cliente', company_id: globex },
    });
    expect(invited.status).toBe(201);
    expect(invited.body.account.company_id).toBe(acme);
    const staff = await t.api('POST', '/api/accounts', {
      token: gestor.token,
      body: { email: email('staff'), first_name: 'Staff', role: 'tecnico' },
    });
    expect(staff.status).toBe(400);

    const globexUser = await t.createUser({ role: 'cliente', companyId: globex });
    expect(
      (await t.api('POST', `/api/accounts/${globexUser.id}/suspend`, { token: gestor.token })).status,
    ).toBe(404);
    const tech = await t.createUser({ role: 'tecnico' });
    expect((await t.api('POST', `/api/accounts/${tech.id}/suspend`, { token: gestor.token })).status).toBe(
      404,
    );
    expect(
      (await t.api('POST', `/api/accounts/${plain.id}/suspend`, { token: gestor.token })).body.status,
    ).toBe('suspenso');
    expect(
      (await t.api('POST', `/api/accounts/${plain.id}/deactivate`, { token: gestor.token })).status,
    ).toBe(409);
    expect(
      (await t.api('GET', `/api/accounts/${plain.id}/offboarding`, { token: gestor.token })).status,
    ).toBe(403);
  });
});

describe('offboarding', () => {
  it('shows what the person had, then deactivates, revokes and reassigns open chamados to the chosen person', async () => {
    const boss = await admin();
    const leaver = await t.createUser({ role: 'tecnico', permissions: ['tickets.view', 'tasks.view'] });
    const heir = await t.createUser({
      role: 'tecnico',
      firstName: 'Herdeira',
      permissions: ['tickets.view'],
    });
    const acme = await t.companyId('Acme');
    const { rows } = await t.server.db.query<{ id: number }>(
      `INSERT INTO tickets (subject, description, status, priority, company_id, requester_id, assignee_id, due_at)
       SELECT 'Chamado de saída ' || n, 'x', 'aberto', 'média', $1, $2, $2, now() + interval '1 day' FROM generate_series(1, 2) n RETURNING id`,
      [acme, leaver.id],
    );
    const preview = offboardingPreviewSchema.parse(
      (await t.api('GET', `/api/accounts/${leaver.id}/offboarding`, { token: boss.token })).body,
    );
    expect(preview.access.permissions.map((key) => key.label)).toContain('Ver chamados');
    expect(preview.access.sessions).toBeGreaterThan(0);
    expect(preview.steps.find((step) => step.id === 'chamados')).toMatchObject({ count: 2 });

    const missing = await t.api('POST', `/api/accounts/${leaver.id}/offboarding`, {
      token: boss.token,
      body: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details.assignee_id).toMatch(/Escolha quem recebe/);

    const done = await t.api('POST', `/api/accounts/${leaver.id}/offboarding`, {
      token: boss.token,
      body: { assignee_id: heir.id },
    });
    expect(done.status).toBe(200);
    expect(done.body.account.status).toBe('desativado');
    expect(done.body.steps.map((step: { id: string }) => step.id)).toEqual([
      'conta',
      'sessoes',
      'chamados',
      'tarefas',
    ]);
    const moved = await t.server.db.query<{ assignee_id: number }>(
      'SELECT assignee_id FROM tickets WHERE id = ANY($1::int[])',
      [rows.map((row) => row.id)],
    );
    expect(moved.rows.every((row) => row.assignee_id === heir.id)).toBe(true);
    expect((await t.api('GET', '/api/profile', { token: leaver.token })).status).toBe(401);
    expect((await login(leaver.email, 'farol-demo')).body.message).toBe(ACCOUNT_REFUSAL_MESSAGES.desativado);
    const audit = await auditOf(leaver.id, 'offboarded');
    expect(audit?.details).toMatchObject({
      changes: { status: { from: 'ativo', to: 'desativado' } },
      assignee_id: heir.id,
    });
  });
});

describe('the table', () => {
  it('filters by status and text, sorts, pages, and reads the last access', async () => {
    const boss = await admin();
    const tag = randomUUID().slice(0, 6);
    const made = [];
    for (const name of ['Ângela', 'Bruno', 'Caio']) {
      const user = await t.createUser({ role: 'tecnico', firstName: `${name} ${tag}` });
      made.push(user);
    }
    await t.api('POST', '/api/accounts/bulk', {
      token: boss.token,
      body: { action: 'suspend', ids: [made[1]!.id, made[2]!.id] },
    });
    const suspended = await t.api('GET', `/api/accounts?q=${tag}&status=suspenso&sort=name&order=desc`, {
      token: boss.token,
    });
    expect(suspended.body.items.map((item: { first_name: string }) => item.first_name)).toEqual([
      `Caio ${tag}`,
      `Bruno ${tag}`,
    ]);
    const accents = await t.api('GET', `/api/accounts?q=${encodeURIComponent(`angela ${tag}`)}`, {
      token: boss.token,
    });
    expect(accents.body.total).toBe(1);
    const paged = await t.api('GET', `/api/accounts?q=${tag}&limit=2&page=2`, { token: boss.token });
    expect(paged.body).toMatchObject({ total: 3 });
    expect(paged.body.items).toHaveLength(1);
    await login(made[0]!.email, 'farol-demo');
    const one = await t.api('GET', `/api/accounts/${made[0]!.id}`, { token: boss.token });
    expect(one.body.last_access_at).not.toBeNull();
    expect(one.body.two_factor_enabled).toBe(false);
    const bad = await t.api('GET', '/api/accounts?status=banido&sort=x', { token: boss.token });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details)).toEqual(expect.arrayContaining(['status', 'sort']));
  });
});
