/**
 * Who reaches which item, in SQL so lists filter and count through it (issue 14):
 * - the permission keys give the ceiling: passwords.view → usar, passwords.reveal → ver, passwords.manage →
 *   gerenciar (admins: gerenciar);
 * - an item whose item or folder has grants is reached only through them (the best grant of the person or
 *   their role, capped by the ceiling); without grants the ceiling applies (folder grants cover future items:
 *   the rule is read on every request);
 * - an admin outside every grant still sees the metadata, and reveals only through quebra-vidro.
 */
import { VAULT_ACCESS_LEVELS, minVaultLevel, type VaultAccessLevel } from '@farol/data/contract';
import { hasPermissions, isAdminRole, type AuthUser } from '../../auth/types';
import type { CompanyScope } from '../../http/access';

export interface VaultViewer {
  id: number;
  role: string;
  admin: boolean;
  ceiling: VaultAccessLevel;
  scope: CompanyScope;
}

export const vaultViewerOf = (user: AuthUser, scope: CompanyScope): VaultViewer => {
  const admin = isAdminRole(user.role);
  const ceiling: VaultAccessLevel =
    admin || hasPermissions(user, ['passwords.manage'])
      ? 'gerenciar'
      : hasPermissions(user, ['passwords.reveal'])
        ? 'ver'
        : 'usar';
  return { id: user.id, role: user.role.toLowerCase(), admin, ceiling, scope };
};

export const levelOfRank = (rank: number | null): VaultAccessLevel | null =>
  rank === null || rank < 0 ? null : (VAULT_ACCESS_LEVELS[rank] ?? null);

export const rankOf = (level: VaultAccessLevel) => VAULT_ACCESS_LEVELS.indexOf(level);

const LEVELS_SQL = `ARRAY[${VAULT_ACCESS_LEVELS.map((level) => `'${level}'`).join(', ')}]`;

/**
 * The pieces of a query reading items `i` (joined to folders `f` or not) with the viewer's level:
 * `with` (a CTE), `joins`, `rank` (an expression: -1 not reached, else the level's index) and `breakGlass`.
 * Values are appended to `params`.
 */
export const accessSql = (viewer: VaultViewer, params: unknown[]) => {
  params.push(viewer.id, viewer.role);
  const user = `$${params.length - 1}`;
  const role = `$${params.length}`;
  const ceiling = rankOf(viewer.ceiling);
  const outside = viewer.admin ? 0 : -1;
  const granted = `greatest(gi.mine, gf.mine)`;
  return {
    with: `vault_reach AS (
      SELECT folder_id, item_id,
             max(array_position(${LEVELS_SQL}, level) - 1) FILTER (WHERE user_id = ${user} OR lower(role) = ${role}) AS mine
        FROM vault_grants GROUP BY folder_id, item_id)`,
    joins: `LEFT JOIN vault_reach gi ON gi.item_id = i.id
            LEFT JOIN vault_reach gf ON gf.folder_id = i.folder_id AND gf.item_id IS NULL`,
    rank: `(CASE WHEN gi.item_id IS NULL AND gf.folder_id IS NULL THEN ${ceiling}
                 WHEN ${granted} IS NULL THEN ${outside}
                 ELSE least(${granted}, ${ceiling}) END)`,
    breakGlass: viewer.admin
      ? `((gi.item_id IS NOT NULL OR gf.folder_id IS NOT NULL) AND ${granted} IS NULL)`
      : 'false',
  };
};

/** The same rule for a folder `f` (its own grants only). */
export const folderAccessSql = (viewer: VaultViewer, params: unknown[]) => {
  params.push(viewer.id, viewer.role);
  const user = `$${params.length - 1}`;
  const role = `$${params.length}`;
  const ceiling = rankOf(viewer.ceiling);
  const outside = viewer.admin ? 0 : -1;
  return `(SELECT CASE WHEN count(*) = 0 THEN ${ceiling}
                       WHEN max(array_position(${LEVELS_SQL}, g.level) - 1) FILTER (WHERE g.user_id = ${user} OR lower(g.role) = ${role}) IS NULL THEN ${outside}
                       ELSE least(max(array_position(${LEVELS_SQL}, g.level) - 1) FILTER (WHERE g.user_id = ${user} OR lower(g.role) = ${role}), ${ceiling}) END
             FROM vault_grants g WHERE g.folder_id = f.id)`;
};

/**
 * The WHERE fragment limiting `column` (a company id, null for internal items) to the viewer's companies.
 * Staff reach internal items; a client never does (their routes add their own rule).
 */
export const scopeSql = (scope: CompanyScope, params: unknown[], column: string): string => {
  if (scope.kind === 'all') return 'TRUE';
  if (scope.kind === 'company') {
    params.push(scope.companyId ?? -1);
    return `${column} = $${params.length}`;
  }
  // A staff account limited to some companies (issue 13): allow (null: all) minus deny.
  const limited = scope as unknown as { allow: readonly number[] | null; deny: readonly number[] };
  const parts: string[] = [];
  if (limited.allow !== null) {
    params.push(limited.allow);
    parts.push(`${column} = ANY ($${params.length}::int[])`);
  }
  if (limited.deny.length > 0) {
    params.push(limited.deny);
    parts.push(`${column} <> ALL ($${params.length}::int[])`);
  }
  return parts.length === 0 ? 'TRUE' : `(${column} IS NULL OR (${parts.join(' AND ')}))`;
};

export { minVaultLevel };
