/**
 * The accounts' rules: who may manage whom (users.manage staff anyone but admins unless admin themselves; a
 * client "gestor da empresa" only their own company's client users), the last active admin, one's own role,
 * keys one does not hold; each write in one transaction with its audit event (before/after), sessions
 * revoked and sockets closed once committed.
 */
import {
  ACCOUNT_REFUSAL_MESSAGES,
  CLIENT_ROLES,
  INVITATION_TTL_MS,
  KNOWN_ROLES,
  PASSWORD_RESET_TTL_MS,
  PERMISSION_REGISTRY,
  isAdminRole,
  isClientRole,
  type Account,
  type AccountAction,
  type AccountStatus,
  type BulkAccountResult,
  type CreateAccountResponse,
  type OffboardingPreview,
  type OffboardingResult,
  type accountListQuerySchema,
  type createAccountSchema,
  type updateAccountSchema,
} from '@farol/data/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { hashPassword, verifyPassword } from '../../auth/password';
import type { AuthUser } from '../../auth/types';
import type { Database } from '../../db/database';
import { companyScopeOf } from '../../http/access';
import { scopeReachesCompany } from '../../http/company-scope';
import { forbidden, httpError, notFound } from '../../http/errors';
import type { AuditSource } from '../../shared/audit';
import { offboardingSteps } from '../../shared/offboarding';
import { fullName } from '../../shared/users';
import { invitationMail, passwordResetMail, type AccountMailer } from './mailer';
import { assertPasswordPolicy } from './password-policy';
import {
  findLink,
  issueLink,
  listAccounts,
  loadAccount,
  otherActiveAdmins,
  toAccount,
  type AccountRow,
} from './repository';

type ListQuery = z.output<typeof accountListQuerySchema>;
type CreateInput = z.output<typeof createAccountSchema>;
type UpdateInput = z.output<typeof updateAccountSchema>;

const invalid = (field: string, message: string) =>
  httpError(400, 'validation_failed', message, { [field]: message });
const conflict = (message: string, details?: Record<string, string>) =>
  httpError(409, 'conflict', message, details);
const linkGone = () =>
  httpError(
    410,
    'link_expired',
    'Este link expirou ou já foi usado. Peça um novo ao administrador ou use "Esqueci minha senha".',
  );

/** Who is managing: staff with users.manage, or a client gestor of `companyId`. */
type Manager =
  | { kind: 'staff'; user: AuthUser }
  | { kind: 'client'; user: AuthUser; companyId: number }
  | { kind: 'none'; user: AuthUser };

const ACTION_STATUS: Record<AccountAction, AccountStatus> = {
  suspend: 'suspenso',
  reactivate: 'ativo',
  deactivate: 'desativado',
};
const ACTION_AUDIT: Record<AccountAction, string> = {
  suspend: 'suspended',
  reactivate: 'reactivated',
  deactivate: 'deactivated',
};

/** The audited fields of an account, for the before/after diff. */
const snapshot = (row: AccountRow) => ({
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  role: row.role,
  permissions: [...row.permissions].sort(),
  company_id: row.company_id,
  company_manager: row.company_manager,
  status: row.status,
  must_change_password: row.must_change_password,
});

const diff = (before: Record<string, unknown>, after: Record<string, unknown>) => {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(after)) {
    const from = before[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to: to ?? null };
  }
  return changes;
};

export interface LinkOrigin {
  /** `scheme://host` the portal is reached at (FAROL_PUBLIC_URL, else the request's). */
  base: string;
}

export const createAccountService = (app: FastifyInstance, twoFactor: string, mailer: AccountMailer) => {
  const { db } = app;
  const audit = app.audit;

  const managerOf = async (user: AuthUser): Promise<Manager> => {
    if (!isClientRole(user.role)) return { kind: 'staff', user };
    const { rows } = await db.query<{ company_manager: boolean; status: string }>(
      'SELECT company_manager, status FROM users WHERE id = $1',
      [user.id],
    );
    // A client who is not their company's gestor manages nobody: their list is empty, any id unknown.
    if (!rows[0]?.company_manager || user.companyId === null) return { kind: 'none', user };
    return { kind: 'client', user, companyId: user.companyId };
  };

  const roleExists = async (tx: Database, role: string) => {
    if ((KNOWN_ROLES as readonly string[]).includes(role)) return true;
    const { rows } = await tx.query<{ found: boolean }>(`SELECT to_regclass('roles') IS NOT NULL AS found`);
    if (!rows[0]?.found) return false;
    const custom = await tx.query('SELECT 1 FROM roles WHERE key = $1', [role]);
    return custom.rows.length > 0;
  };

  /** Refuses (404 like a missing one, or 403) what `manager` may not touch. */
  const assertMayManage = (manager: Manager, target: AccountRow, reading = false) => {
    if (manager.kind === 'none') throw notFound('Usuário não encontrado');
    if (manager.kind === 'client') {
      if (!isClientRole(target.role) || target.company_id !== manager.companyId)
        throw notFound('Usuário não encontrado');
      return;
    }
    // A staff manager limited to some companies (issue 13) manages staff and the reached companies' people.
    if (!scopeReachesCompany(companyScopeOf(manager.user), target.company_id, { unassigned: true }))
      throw notFound('Usuário não encontrado');
    if (!reading && isAdminRole(target.role) && !isAdminRole(manager.user.role))
      throw conflict('Só um administrador pode alterar a conta de outro administrador.');
  };

  /** Keys `manager` may grant: admins any; other staff only keys they hold. */
  const assertMayGrant = (manager: Manager, keys: readonly string[], role: string) => {
    if (manager.kind !== 'staff') return;
    if (isAdminRole(manager.user.role)) return;
    if (isAdminRole(role)) throw invalid('role', 'Só um administrador pode criar ou nomear administradores');
    const missing = keys.filter((key) => !manager.user.permissions.includes(key));
    if (missing.length > 0)
      throw invalid('permissions', `Você não pode conceder permissões que não tem: ${missing.join(', ')}`);
  };

  const assertNotLastAdmin = async (tx: Database, target: AccountRow, message: string) => {
    if (
      isAdminRole(target.role) &&
      target.status === 'ativo' &&
      (await otherActiveAdmins(tx, target.id)) === 0
    )
      throw conflict(message);
  };

  const load = async (tx: Database, id: number, lock = false) => {
    const row = await loadAccount(tx, twoFactor, id, lock);
    if (!row) throw notFound('Usuário não encontrado');
    return row;
  };

  const linkUrl = (origin: LinkOrigin, path: string, token: string) => `${origin.base}${path}/${token}`;

  const sendInvitation = async (row: AccountRow, url: string) =>
    mailer.enabled ? mailer.send(invitationMail(row.email, fullName(row), url, INVITATION_TTL_MS)) : false;

  const afterStatusChange = async (id: number, status: AccountStatus) => {
    if (status !== 'ativo') await app.revokeUserSessions(id);
    else app.tokens.forgetUser(id);
  };

  const setStatus = async (
    manager: Manager,
    source: AuditSource,
    id: number,
    action: AccountAction,
  ): Promise<Account> => {
    if (manager.kind === 'client' && action === 'deactivate')
      throw conflict('Para desligar alguém da empresa, fale com a equipe de suporte.');
    const status = ACTION_STATUS[action];
    const row = await db.transaction(async (tx) => {
      const before = await load(tx, id, true);
      assertMayManage(manager, before);
      if (before.id === manager.user.id && status !== 'ativo')
        throw conflict('Você não pode suspender nem desativar a sua própria conta.');
      if (before.status === status) return before;
      if (status !== 'ativo')
        await assertNotLastAdmin(tx, before, 'Não é possível: esta é a última conta de administrador ativa.');
      await tx.query(
        'UPDATE users SET status = $2, status_changed_at = now(), updated_at = now() WHERE id = $1',
        [id, status],
      );
      const after = await load(tx, id);
      await audit(
        {
          ...source,
          module: 'accounts',
          action: ACTION_AUDIT[action],
          companyId: after.company_id,
          targetType: 'user',
          targetId: id,
          details: { changes: diff(snapshot(before), snapshot(after)) },
        },
        tx,
      );
      return after;
    });
    await afterStatusChange(id, row.status);
    return toAccount(row);
  };

  return {
    managerOf,

    /** The signed-in person's own account flags (the portal's temporary-password gate, the gestor's widget). */
    async me(user: AuthUser) {
      const { rows } = await db.query<{ must_change_password: boolean; company_manager: boolean }>(
        'SELECT must_change_password, company_manager FROM users WHERE id = $1',
        [user.id],
      );
      return {
        must_change_password: rows[0]?.must_change_password ?? false,
        company_manager: (isClientRole(user.role) && rows[0]?.company_manager) ?? false,
      };
    },

    async list(user: AuthUser, query: ListQuery) {
      const manager = await managerOf(user);
      if (manager.kind === 'none') return { items: [], total: 0 };
      return listAccounts(db, twoFactor, {
        q: query.q || undefined,
        status: query.status,
        role: query.role || undefined,
        companyId: manager.kind === 'client' ? undefined : query.company_id,
        clientsOf: manager.kind === 'client' ? manager.companyId : undefined,
        scope: manager.kind === 'staff' ? companyScopeOf(user) : undefined,
        clientRoles: CLIENT_ROLES,
        sort: query.sort ?? 'name',
        order: query.order ?? 'asc',
        page: query.page,
        limit: query.limit,
      });
    },

    async get(user: AuthUser, id: number) {
      const manager = await managerOf(user);
      const row = await load(db, id);
      assertMayManage(manager, row, true);
      return toAccount(row);
    },

    async create(
      user: AuthUser,
      input: CreateInput,
      source: AuditSource,
      origin: LinkOrigin,
    ): Promise<CreateAccountResponse> {
      const manager = await managerOf(user);
      if (manager.kind === 'none') throw forbidden();
      const { role } = input;
      let { company_id: companyId, company_manager: companyManager, permissions } = input;
      if (manager.kind === 'client') {
        // A gestor invites colleagues of their own company, as clients, by invitation only.
        if (!isClientRole(role)) throw invalid('role', 'Você só pode convidar usuários da sua empresa');
        if (input.delivery !== 'invite')
          throw invalid('delivery', 'Convide a pessoa: ela mesma cria a senha');
        companyId = manager.companyId;
        permissions = [];
      }
      const client = isClientRole(role);
      if (client && companyId === null) throw invalid('company_id', 'Escolha a empresa do cliente');
      if (!client) companyManager = false;
      if (client) permissions = [];
      assertMayGrant(manager, permissions, role);
      if (input.delivery === 'temporary_password' && input.temporary_password)
        assertPasswordPolicy(input.temporary_password, input, 'temporary_password');
      const passwordHash =
        input.delivery === 'temporary_password' && input.temporary_password
          ? await hashPassword(input.temporary_password)
          : // No password until the invitation is accepted: nothing verifies against this.
            '!invited';
      const result = await db.transaction(async (tx) => {
        if (!(await roleExists(tx, role))) throw invalid('role', 'Função desconhecida');
        if (companyId !== null) {
          const company = await tx.query('SELECT 1 FROM companies WHERE id = $1', [companyId]);
          if (company.rows.length === 0) throw invalid('company_id', 'Empresa não encontrada');
        }
        const taken = await tx.query('SELECT 1 FROM users WHERE lower(email) = $1', [input.email]);
        if (taken.rows.length > 0)
          throw conflict('Já existe uma conta com este e-mail', {
            email: 'Já existe uma conta com este e-mail',
          });
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO users (email, first_name, last_name, role, permissions, company_id, company_manager,
                              password_hash, must_change_password)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
          [
            input.email,
            input.first_name,
            input.last_name,
            role,
            permissions,
            companyId,
            companyManager,
            passwordHash,
            input.delivery === 'temporary_password',
          ],
        );
        const id = rows[0]!.id;
        const link =
          input.delivery === 'invite'
            ? await issueLink(tx, 'invitation', id, INVITATION_TTL_MS, user.id)
            : null;
        const row = await load(tx, id);
        await audit(
          {
            ...source,
            module: 'accounts',
            action: input.delivery === 'invite' ? 'invited' : 'created',
            companyId: row.company_id,
            targetType: 'user',
            targetId: id,
            details: { changes: diff({}, snapshot(row)), delivery: input.delivery },
          },
          tx,
        );
        return { row, link };
      });
      if (!result.link) return { account: toAccount(result.row), invitation: null };
      const url = linkUrl(origin, '/convite', result.link.token);
      const emailed = await sendInvitation(result.row, url);
      return {
        account: toAccount(result.row),
        invitation: { url, expires_at: result.link.expiresAt.toISOString(), emailed },
      };
    },

    async resendInvitation(user: AuthUser, id: number, source: AuditSource, origin: LinkOrigin) {
      const manager = await managerOf(user);
      const { row, link } = await db.transaction(async (tx) => {
        const row = await load(tx, id, true);
        assertMayManage(manager, row);
        if (row.invitation_expires_at === null)
          throw conflict('Esta pessoa já criou a senha: use "Esqueci minha senha" se ela a perdeu.');
        const link = await issueLink(tx, 'invitation', id, INVITATION_TTL_MS, user.id);
        await audit(
          {
            ...source,
            module: 'accounts',
            action: 'invitation_renewed',
            companyId: row.company_id,
            targetType: 'user',
            targetId: id,
          },
          tx,
        );
        return { row: await load(tx, id), link };
      });
      const url = linkUrl(origin, '/convite', link.token);
      return { url, expires_at: link.expiresAt.toISOString(), emailed: await sendInvitation(row, url) };
    },

    async update(user: AuthUser, id: number, input: UpdateInput, source: AuditSource) {
      const manager = await managerOf(user);
      if (manager.kind !== 'staff') {
        if (input.role !== undefined || input.company_id !== undefined || input.permissions !== undefined)
          throw conflict('Só a equipe pode mudar a função, a empresa ou as permissões de alguém.');
      }
      const row = await db.transaction(async (tx) => {
        const before = await load(tx, id, true);
        assertMayManage(manager, before);
        const role = input.role ?? before.role;
        if (input.role !== undefined && input.role !== before.role) {
          if (before.id === user.id) throw invalid('role', 'Você não pode alterar a sua própria função');
          if (!(await roleExists(tx, role))) throw invalid('role', 'Função desconhecida');
          if (isAdminRole(before.role))
            await assertNotLastAdmin(
              tx,
              before,
              'Não é possível: esta é a última conta de administrador ativa.',
            );
        }
        if (input.permissions !== undefined && before.id === user.id && !isAdminRole(user.role)) {
          const added = input.permissions.filter((key) => !before.permissions.includes(key));
          if (added.length > 0) throw invalid('permissions', 'Você não pode conceder permissões a si mesmo');
        }
        const client = isClientRole(role);
        const companyId = input.company_id !== undefined ? input.company_id : before.company_id;
        if (client && companyId === null) throw invalid('company_id', 'Escolha a empresa do cliente');
        if (companyId !== null && input.company_id !== undefined) {
          const company = await tx.query('SELECT 1 FROM companies WHERE id = $1', [companyId]);
          if (company.rows.length === 0) throw invalid('company_id', 'Empresa não encontrada');
        }
        const permissions = client ? [] : (input.permissions ?? before.permissions);
        const granted = permissions.filter((key) => !before.permissions.includes(key));
        assertMayGrant(manager, granted, input.role !== undefined ? role : 'unchanged');
        const companyManager = client ? (input.company_manager ?? before.company_manager) : false;
        await tx.query(
          `UPDATE users SET first_name = $2, last_name = $3, role = $4, company_id = $5, company_manager = $6,
                  permissions = $7, updated_at = now() WHERE id = $1`,
          [
            id,
            input.first_name ?? before.first_name,
            input.last_name ?? before.last_name,
            role,
            companyId,
            companyManager,
            permissions,
          ],
        );
        const after = await load(tx, id);
        const changes = diff(snapshot(before), snapshot(after));
        if (Object.keys(changes).length > 0)
          await audit(
            {
              ...source,
              module: 'accounts',
              action: 'updated',
              companyId: after.company_id,
              targetType: 'user',
              targetId: id,
              details: { changes },
            },
            tx,
          );
        return {
          after,
          roleChanged: 'role' in changes || 'permissions' in changes || 'company_id' in changes,
        };
      });
      // A change of what someone may reach signs them out everywhere (their next sign-in carries it).
      if (row.roleChanged) await app.revokeUserSessions(id);
      else app.tokens.forgetUser(id);
      return toAccount(row.after);
    },

    async act(user: AuthUser, id: number, action: AccountAction, source: AuditSource) {
      return setStatus(await managerOf(user), source, id, action);
    },

    async bulk(
      user: AuthUser,
      ids: number[],
      action: AccountAction,
      source: AuditSource,
    ): Promise<BulkAccountResult> {
      const manager = await managerOf(user);
      const result: BulkAccountResult = { updated: [], refused: [] };
      for (const id of [...new Set(ids)]) {
        try {
          await setStatus(manager, source, id, action);
          result.updated.push(id);
        } catch (error) {
          const message = error instanceof Error ? error.message : 'Não foi possível';
          result.refused.push({ id, message });
        }
      }
      return result;
    },

    async setTemporaryPassword(user: AuthUser, id: number, password: string, source: AuditSource) {
      const manager = await managerOf(user);
      if (manager.kind !== 'staff') throw forbidden();
      const target = await load(db, id);
      assertMayManage(manager, target);
      if (target.id === user.id) throw conflict('Para a sua própria senha, use o seu perfil.');
      assertPasswordPolicy(password, target);
      const hash = await hashPassword(password);
      const row = await db.transaction(async (tx) => {
        await tx.query(
          'UPDATE users SET password_hash = $2, must_change_password = true, updated_at = now() WHERE id = $1',
          [id, hash],
        );
        await tx.query(`UPDATE account_links SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [
          id,
        ]);
        await audit(
          {
            ...source,
            module: 'accounts',
            action: 'temporary_password_set',
            companyId: target.company_id,
            targetType: 'user',
            targetId: id,
            details: { changes: { must_change_password: { from: target.must_change_password, to: true } } },
          },
          tx,
        );
        return load(tx, id);
      });
      await app.revokeUserSessions(id);
      return toAccount(row);
    },

    /** The signed-in person's own password (their temporary one, or from the profile). */
    async changeOwnPassword(
      user: AuthUser,
      current: string,
      password: string,
      source: AuditSource,
      keepToken: string | null,
    ) {
      const { rows } = await db.query<AccountRow & { password_hash: string }>(
        'SELECT id, email, first_name, last_name, password_hash, must_change_password, company_id FROM users WHERE id = $1',
        [user.id],
      );
      const row = rows[0];
      if (!row) throw notFound('Usuário não encontrado');
      if (!(await verifyPassword(current, row.password_hash)))
        throw invalid('current_password', 'Senha atual incorreta');
      if (current === password) throw invalid('password', 'A nova senha deve ser diferente da atual');
      assertPasswordPolicy(password, row);
      const hash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await tx.query(
          'UPDATE users SET password_hash = $2, must_change_password = false, updated_at = now() WHERE id = $1',
          [user.id, hash],
        );
        await audit(
          {
            ...source,
            module: 'accounts',
            action: 'password_changed',
            companyId: row.company_id,
            targetType: 'user',
            targetId: user.id,
            details: row.must_change_password
              ? { changes: { must_change_password: { from: true, to: false } } }
              : {},
          },
          tx,
        );
      });
      // Every other session ends; this one stays.
      await app.revokeUserSessions(user.id, { exceptToken: keepToken });
    },

    async invitationInfo(token: string) {
      const link = await findLink(db, 'invitation', token);
      if (!link || link.used_at !== null || new Date(link.expires_at).getTime() <= Date.now())
        throw linkGone();
      if (link.status !== 'ativo')
        throw httpError(403, 'account_inactive', ACCOUNT_REFUSAL_MESSAGES[link.status]);
      return { email: link.email, name: fullName(link), expires_at: new Date(link.expires_at).toISOString() };
    },

    async resetInfo(token: string) {
      const link = await findLink(db, 'password_reset', token);
      if (!link || link.used_at !== null || new Date(link.expires_at).getTime() <= Date.now())
        throw linkGone();
      if (link.status !== 'ativo')
        throw httpError(403, 'account_inactive', ACCOUNT_REFUSAL_MESSAGES[link.status]);
      return { email: link.email, name: fullName(link), expires_at: new Date(link.expires_at).toISOString() };
    },

    /** Accepting an invitation or using a reset link: sets the password, ends the link (and other sessions). */
    async useLink(
      kind: 'invitation' | 'password_reset',
      token: string,
      password: string,
      source: AuditSource,
    ) {
      const preview = await findLink(db, kind, token);
      if (!preview || preview.used_at !== null || new Date(preview.expires_at).getTime() <= Date.now())
        throw linkGone();
      if (preview.status !== 'ativo')
        throw httpError(403, 'account_inactive', ACCOUNT_REFUSAL_MESSAGES[preview.status]);
      assertPasswordPolicy(password, preview);
      const hash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const link = await findLink(tx, kind, token, true);
        if (!link || link.used_at !== null || new Date(link.expires_at).getTime() <= Date.now())
          throw linkGone();
        await tx.query('UPDATE account_links SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
          link.user_id,
        ]);
        await tx.query(
          'UPDATE users SET password_hash = $2, must_change_password = false, updated_at = now() WHERE id = $1',
          [link.user_id, hash],
        );
        await audit(
          {
            ...source,
            actorId: link.user_id,
            actorKind: isClientRole(link.role) ? 'client' : 'staff',
            module: 'accounts',
            action: kind === 'invitation' ? 'invitation_accepted' : 'password_reset',
            companyId: link.company_id,
            targetType: 'user',
            targetId: link.user_id,
          },
          tx,
        );
        return link.user_id;
      });
      if (kind === 'password_reset') await app.revokeUserSessions(userId);
    },

    /**
     * "Esqueci minha senha": a link for an active account with that e-mail (or username), sent by e-mail or
     * logged for the operator when there is no SMTP; the answer never says whether the account exists.
     */
    async requestReset(
      email: string,
      source: AuditSource,
      origin: LinkOrigin,
      log: { info(o: object, m?: string): void },
    ) {
      const { rows } = await db.query<AccountRow & { password_hash: string }>(
        `SELECT id, email, first_name, last_name, username, status, company_id, role FROM users
          WHERE lower(email) = $1 OR lower(username) = $1 ORDER BY id LIMIT 1`,
        [email],
      );
      const row = rows[0];
      if (!row || row.status !== 'ativo') return;
      const link = await db.transaction(async (tx) => {
        const link = await issueLink(tx, 'password_reset', row.id, PASSWORD_RESET_TTL_MS, null);
        await audit(
          {
            ...source,
            module: 'accounts',
            action: 'password_reset_requested',
            companyId: row.company_id,
            targetType: 'user',
            targetId: row.id,
          },
          tx,
        );
        return link;
      });
      const url = linkUrl(origin, '/redefinir-senha', link.token);
      if (mailer.enabled) {
        // Sent after the answer, so an existing account does not answer slower than a missing one.
        void mailer.send(passwordResetMail(row.email, fullName(row), url, PASSWORD_RESET_TTL_MS));
      } else {
        log.info({ userId: row.id }, 'password reset link made (no SMTP_URL: the link is not e-mailed)');
      }
    },

    async offboardingPreview(user: AuthUser, id: number): Promise<OffboardingPreview> {
      const manager = await managerOf(user);
      if (manager.kind !== 'staff') throw forbidden();
      const row = await load(db, id);
      assertMayManage(manager, row);
      const sessions = await db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()',
        [id],
      );
      const steps = [];
      for (const step of offboardingSteps()) {
        const found = await step.preview(db, id);
        steps.push({ id: step.id, label: step.label, reassigns: step.reassigns, ...found });
      }
      const keys = isAdminRole(row.role) ? Object.keys(PERMISSION_REGISTRY) : row.permissions;
      return {
        account: toAccount(row),
        access: {
          role: row.role,
          permissions: keys.map((key) => ({
            key,
            label: (PERMISSION_REGISTRY as Record<string, { label: string }>)[key]?.label ?? key,
          })),
          company: row.company_name,
          sessions: sessions.rows[0]?.count ?? 0,
        },
        steps,
      };
    },

    async offboard(
      user: AuthUser,
      id: number,
      assigneeId: number | null,
      source: AuditSource,
    ): Promise<OffboardingResult> {
      const manager = await managerOf(user);
      if (manager.kind !== 'staff') throw forbidden();
      if (id === user.id) throw conflict('Você não pode desligar a sua própria conta.');
      const result = await db.transaction(async (tx) => {
        const before = await load(tx, id, true);
        assertMayManage(manager, before);
        await assertNotLastAdmin(tx, before, 'Não é possível: esta é a última conta de administrador ativa.');
        let assigneeName: string | null = null;
        if (assigneeId !== null) {
          if (assigneeId === id) throw invalid('assignee_id', 'Escolha outra pessoa para receber o trabalho');
          const assignee = await loadAccount(tx, twoFactor, assigneeId);
          if (!assignee || isClientRole(assignee.role) || assignee.status !== 'ativo')
            throw invalid('assignee_id', 'Escolha alguém da equipe com a conta ativa');
          assigneeName = fullName(assignee);
        }
        const steps = offboardingSteps();
        for (const step of steps) {
          if (!step.reassigns || assigneeId !== null) continue;
          const { count } = await step.preview(tx, id);
          if (count > 0) throw invalid('assignee_id', 'Escolha quem recebe os chamados e as tarefas abertas');
        }
        await tx.query(
          `UPDATE users SET status = 'desativado', status_changed_at = now(), company_manager = false,
                  updated_at = now() WHERE id = $1`,
          [id],
        );
        const done = [];
        const context = {
          userId: id,
          userName: fullName(before),
          assigneeId,
          assigneeName,
          actorId: user.id,
        };
        for (const step of steps)
          done.push({ id: step.id, label: step.label, done: await step.run(tx, context) });
        const after = await load(tx, id);
        await audit(
          {
            ...source,
            module: 'accounts',
            action: 'offboarded',
            companyId: after.company_id,
            targetType: 'user',
            targetId: id,
            details: {
              changes: diff(snapshot(before), snapshot(after)),
              assignee_id: assigneeId,
              steps: Object.fromEntries(done.map((step) => [step.id, step.done])),
            },
          },
          tx,
        );
        return { after, done };
      });
      const revoked = await app.revokeUserSessions(id);
      return {
        account: toAccount(result.after),
        steps: [
          { id: 'conta', label: 'Conta', done: 'Conta desativada; o histórico fica guardado.' },
          {
            id: 'sessoes',
            label: 'Sessões',
            done:
              revoked === 0
                ? 'Nenhuma sessão aberta.'
                : `${revoked} ${revoked === 1 ? 'sessão encerrada' : 'sessões encerradas'}.`,
          },
          ...result.done,
        ],
      };
    },
  };
};

export type AccountService = ReturnType<typeof createAccountService>;
