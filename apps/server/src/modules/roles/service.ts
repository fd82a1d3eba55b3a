/**
 * Roles, extra keys and company scope (issue 13): the rules of who may change what, and the audit of every
 * change with its before and after.
 */
import {
  BUILT_IN_ROLES,
  isAdminRole,
  isClientRole,
  type Role,
  type UserAccess,
  type createRoleSchema,
  type updateRoleSchema,
  type updateUserAccessSchema,
} from '@farol/data/contract';
import type { z } from 'zod';
import { hasPermissions, type AuthUser } from '../../auth/types';
import type { TokenVerifier } from '../../auth/tokens';
import type { Database } from '../../db/database';
import { companyScopeOf } from '../../http/access';
import { companyScopeSql, scopeReachesCompany } from '../../http/company-scope';
import { httpError, notFound } from '../../http/errors';
import type { Audit, AuditSource } from '../../shared/audit';
import {
  companyNames,
  findRole,
  holdersOf,
  listRoles,
  loadSubject,
  otherActiveAdmins,
  roleKeyOf,
  roleKeyTaken,
  roleNameTaken,
  toUserAccess,
} from './repository';

const invalid = (field: string, message: string) =>
  httpError(400, 'validation_failed', 'Dados inválidos', { [field]: message });
const refused = (field: string, message: string) =>
  httpError(403, 'forbidden', message, { [field]: message });
const conflict = (field: string, message: string) =>
  httpError(409, 'conflict', message, { [field]: message });

/** Keys a route or a path could confuse with a role key. */
const RESERVED_KEYS = new Set<string>([...BUILT_IN_ROLES, 'client', 'why', 'access', 'new']);

/** A role key from its name: ascii, lower case, dashes ('Suporte N1' → 'suporte-n1'). */
export const slugOf = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50) || 'funcao';

/** The keys among `keys` the actor does not hold (admins hold every key). */
const notHeld = (actor: AuthUser, keys: readonly string[]) =>
  isAdminRole(actor.role) ? [] : keys.filter((key) => !hasPermissions(actor, [key]));

const diff = (from: readonly string[], to: readonly string[]) => ({
  added: to.filter((key) => !from.includes(key)),
  removed: from.filter((key) => !to.includes(key)),
});

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((key) => b.includes(key));

export interface RoleServiceDeps {
  db: Database;
  audit: Audit;
  tokens: Pick<TokenVerifier, 'forgetUser'>;
}

export const createRoleService = ({ db, audit, tokens }: RoleServiceDeps) => {
  const forgetHolders = async (key: string) => {
    for (const id of await holdersOf(db, key)) tokens.forgetUser(id);
  };

  return {
    list: () => listRoles(db),

    async create(
      actor: AuthUser,
      input: z.output<typeof createRoleSchema>,
      source: AuditSource,
    ): Promise<Role> {
      let keys: string[] = input.permissions;
      if (keys.length === 0 && input.copy_from) {
        const from = await findRole(db, input.copy_from);
        if (!from) throw invalid('copy_from', 'Função de origem não encontrada');
        keys = from.key === 'cliente' ? [] : from.permissions;
      }
      const missing = notHeld(actor, keys);
      if (missing.length > 0)
        throw refused('permissions', `Você não pode conceder permissões que não tem: ${missing.join(', ')}`);
      const key = await db.transaction(async (tx) => {
        if (await roleNameTaken(tx, input.name)) throw conflict('name', 'Já existe uma função com este nome');
        const base = slugOf(input.name);
        let candidate = base;
        for (let n = 2; RESERVED_KEYS.has(candidate) || (await roleKeyTaken(tx, candidate)); n += 1)
          candidate = `${base}-${n}`;
        await tx.query('INSERT INTO roles (key, name, built_in, permissions) VALUES ($1, $2, false, $3)', [
          candidate,
          input.name,
          keys,
        ]);
        await audit(
          {
            ...source,
            module: 'roles',
            action: 'created',
            targetType: 'role',
            targetId: candidate,
            details: {
              name: { from: null, to: input.name },
              permissions: { from: [], to: keys },
              ...(input.copy_from ? { copy_from: input.copy_from } : {}),
            },
          },
          tx,
        );
        return candidate;
      });
      return (await findRole(db, key))!;
    },

    async update(
      actor: AuthUser,
      key: string,
      input: z.output<typeof updateRoleSchema>,
      source: AuditSource,
    ): Promise<Role> {
      await db.transaction(async (tx) => {
        const current = await findRole(tx, key, true);
        if (!current) throw notFound('Função não encontrada');
        const details: Record<string, unknown> = {};
        if (input.name !== undefined && input.name !== current.name) {
          if (current.built_in) throw conflict('name', 'O nome de uma função padrão não muda');
          if (await roleNameTaken(tx, input.name, current.key))
            throw conflict('name', 'Já existe uma função com este nome');
          details.name = { from: current.name, to: input.name };
        }
        if (input.permissions !== undefined && !sameKeys(input.permissions, current.permissions)) {
          if (!current.editable)
            throw conflict(
              'permissions',
              current.key === 'admin'
                ? 'Administradores têm todas as permissões: elas não mudam'
                : 'Clientes não recebem permissões da equipe: elas não mudam',
            );
          const { added, removed } = diff(current.permissions, input.permissions);
          const missing = notHeld(actor, added);
          if (missing.length > 0)
            throw refused(
              'permissions',
              `Você não pode conceder permissões que não tem: ${missing.join(', ')}`,
            );
          if (removed.length > 0 && !isAdminRole(actor.role) && roleKeyOf(actor.role) === current.key)
            throw refused('permissions', 'Você não pode reduzir a sua própria função');
          details.permissions = { from: current.permissions, to: input.permissions, added, removed };
        }
        if (Object.keys(details).length === 0) return;
        await tx.query(
          `UPDATE roles SET name = COALESCE($2, name), permissions = COALESCE($3, permissions), updated_at = now()
            WHERE key = $1`,
          [current.key, details.name ? input.name : null, details.permissions ? input.permissions : null],
        );
        await audit(
          {
            ...source,
            module: 'roles',
            action: 'updated',
            targetType: 'role',
            targetId: current.key,
            details,
          },
          tx,
        );
      });
      await forgetHolders(roleKeyOf(key));
      return (await findRole(db, key))!;
    },

    async remove(key: string, source: AuditSource): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await findRole(tx, key, true);
        if (!current) throw notFound('Função não encontrada');
        if (current.built_in) throw conflict('key', 'Funções padrão não podem ser excluídas');
        if (current.user_count > 0)
          throw conflict(
            'key',
            `Função em uso por ${current.user_count} ${current.user_count === 1 ? 'pessoa' : 'pessoas'}: troque a função delas antes de excluir`,
          );
        await tx.query('DELETE FROM roles WHERE key = $1', [current.key]);
        await audit(
          {
            ...source,
            module: 'roles',
            action: 'deleted',
            targetType: 'role',
            targetId: current.key,
            details: {
              name: { from: current.name, to: null },
              permissions: { from: current.permissions, to: [] },
            },
          },
          tx,
        );
      });
    },

    async access(userId: number): Promise<UserAccess> {
      const subject = await loadSubject(db, userId);
      if (!subject) throw notFound('Usuário não encontrado');
      return toUserAccess(db, subject.row, subject.user);
    },

    async setAccess(
      actor: AuthUser,
      userId: number,
      input: z.output<typeof updateUserAccessSchema>,
      source: AuditSource,
    ): Promise<UserAccess> {
      await db.transaction(async (tx) => {
        const subject = await loadSubject(tx, userId, true);
        if (!subject) throw notFound('Usuário não encontrado');
        const { row } = subject;
        const before = await toUserAccess(tx, row, subject.user);
        const actorAdmin = isAdminRole(actor.role);
        // A manager limited to some companies manages only people they reach (staff of no company included).
        if (!scopeReachesCompany(companyScopeOf(actor), row.company_id, { unassigned: true }))
          throw notFound('Usuário não encontrado');
        // 409 as Gerenciar Usuários answers for an admin's account: 403 means the caller lacks the route's key.
        if (isAdminRole(row.role) && !actorAdmin)
          throw conflict('role', 'Só um administrador muda o acesso de outro administrador');

        // Role.
        let role = before.role;
        if (input.role !== undefined && roleKeyOf(input.role) !== before.role) {
          const next = await findRole(tx, input.role);
          if (!next) throw invalid('role', 'Função não encontrada');
          if (isClientRole(next.key) !== before.is_client)
            throw conflict(
              'role',
              before.is_client
                ? 'Uma conta de cliente não recebe função da equipe'
                : 'Uma conta da equipe não vira cliente por aqui',
            );
          if (!actorAdmin && next.key === 'admin')
            throw refused('role', 'Só um administrador pode tornar alguém administrador');
          const missing = notHeld(actor, next.permissions);
          if (missing.length > 0)
            throw refused('role', `Esta função concede permissões que você não tem: ${missing.join(', ')}`);
          if (actor.id === row.id) {
            const lowers =
              before.is_admin || before.role_permissions.some((key) => !next.permissions.includes(key));
            if (lowers) throw refused('role', 'Você não pode reduzir a sua própria função');
          }
          if (before.is_admin && next.key !== 'admin' && (await otherActiveAdmins(tx, row.id)) === 0)
            throw conflict('role', 'É preciso manter ao menos um administrador ativo');
          role = next.key;
        }
        const admin = role === 'admin';

        // Extra keys.
        let extra = before.extra_permissions;
        if (input.extra_permissions !== undefined && !sameKeys(input.extra_permissions, extra)) {
          if (before.is_client && input.extra_permissions.length > 0)
            throw invalid('extra_permissions', 'Contas de cliente não recebem permissões da equipe');
          const { added } = diff(extra, input.extra_permissions);
          const missing = notHeld(actor, added);
          if (missing.length > 0)
            throw refused(
              'extra_permissions',
              `Você não pode conceder permissões que não tem: ${missing.join(', ')}`,
            );
          extra = input.extra_permissions;
        }

        // Company scope.
        let allow = row.company_allow;
        let deny = row.company_deny;
        const scope = input.company_scope;
        if (scope !== undefined) {
          if ((before.is_client || admin) && scope.mode !== 'all')
            throw invalid(
              'company_scope',
              before.is_client
                ? 'Clientes alcançam só a própria empresa'
                : 'Administradores alcançam todas as empresas',
            );
          const nextAllow = scope.mode === 'selected' ? scope.company_ids : null;
          const nextDeny = scope.mode === 'all' ? [] : scope.excluded_company_ids;
          const ids = [...(nextAllow ?? []), ...nextDeny];
          const known = await companyNames(tx, ids);
          const unknown = ids.filter((id) => !known.has(id));
          if (unknown.length > 0)
            throw invalid('company_scope', `Empresa não encontrada: ${unknown.join(', ')}`);
          // A limited manager gives only what they reach: chosen companies they reach, never "all".
          const actorScope = companyScopeOf(actor);
          if (actorScope.kind === 'limited') {
            const beyond =
              nextAllow === null
                ? true
                : nextAllow.some((id) => !scopeReachesCompany(actorScope, id) && !nextDeny.includes(id));
            if (beyond) throw refused('company_scope', 'Você não pode conceder empresas que não alcança');
          }
          allow = nextAllow;
          deny = nextDeny;
        }

        const after = {
          role,
          extra,
          allow: admin || before.is_client ? null : allow,
          deny: admin || before.is_client ? [] : deny,
        };
        const details: Record<string, unknown> = {};
        if (after.role !== before.role) details.role = { from: before.role, to: after.role };
        if (!sameKeys(after.extra, before.extra_permissions))
          details.extra_permissions = {
            from: before.extra_permissions,
            to: after.extra,
            ...diff(before.extra_permissions, after.extra),
          };
        const scopeBefore = { allow: row.company_allow, deny: row.company_deny };
        if (JSON.stringify(scopeBefore) !== JSON.stringify({ allow: after.allow, deny: after.deny }))
          details.company_scope = { from: scopeBefore, to: { allow: after.allow, deny: after.deny } };
        if (Object.keys(details).length === 0) return;
        await tx.query(
          `UPDATE users SET role = $2, permissions = $3, company_allow = $4, company_deny = $5, updated_at = now()
            WHERE id = $1`,
          [row.id, after.role, after.extra, after.allow, after.deny],
        );
        if (details.company_scope && (after.allow !== null || after.deny.length > 0)) {
          // The chamados of companies now out of reach leave the person's notifications (list and count).
          const params: unknown[] = [row.id];
          const reach = companyScopeSql(
            { kind: 'limited', allow: after.allow, deny: after.deny },
            params,
            't.company_id',
          );
          await tx.query(
            `DELETE FROM notifications n USING tickets t
              WHERE n.user_id = $1 AND n.link = '/tickets/' || t.id AND NOT ${reach}`,
            params,
          );
        }
        await audit(
          {
            ...source,
            module: 'users',
            action: 'access_changed',
            targetType: 'user',
            targetId: row.id,
            companyId: row.company_id,
            details,
          },
          tx,
        );
      });
      tokens.forgetUser(userId);
      return this.access(userId);
    },
  };
};

export type RoleService = ReturnType<typeof createRoleService>;
