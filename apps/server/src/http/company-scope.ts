/**
 * The one SQL rule of company scope (issue 13), used by every query that reads company records: a client
 * reaches their own company; staff every company, the companies they were given, or all but the ones they
 * were denied (deny wins). Admins always reach every company.
 */
import { scopeReaches } from '@farol/data/contract';
import type { CompanyScope } from './access';

export interface ScopeSqlOptions {
  /**
   * Whether rows without a company (a personal board, a staff account, an audit event of no company) pass a
   * limited staff scope. A client never reaches them through this rule.
   */
  unassigned?: boolean;
}

/**
 * The WHERE fragment limiting `column` (an integer company id, e.g. `t.company_id`) to `scope`; its values are
 * appended to `params`. 'TRUE' when the scope reaches every company.
 */
export const companyScopeSql = (
  scope: CompanyScope,
  params: unknown[] | ((value: unknown) => string),
  column: string,
  { unassigned = false }: ScopeSqlOptions = {},
): string => {
  // Either the statement's parameter list (appended to, numbered by its length) or the caller's own binder.
  const bind =
    typeof params === 'function'
      ? params
      : (value: unknown) => {
          params.push(value);
          return `$${params.length}`;
        };
  if (scope.kind === 'all') return 'TRUE';
  // A client without a company reaches nothing.
  if (scope.kind === 'company') return `${column} = ${bind(scope.companyId ?? -1)}`;
  const parts: string[] = [];
  if (scope.allow !== null) parts.push(`${column} = ANY (${bind(scope.allow)}::int[])`);
  if (scope.deny.length > 0) parts.push(`${column} <> ALL (${bind(scope.deny)}::int[])`);
  const reach = parts.length === 0 ? 'TRUE' : parts.join(' AND ');
  return unassigned ? `(${column} IS NULL OR (${reach}))` : `(${column} IS NOT NULL AND ${reach})`;
};

/** `companyScopeSql` in TypeScript, for one record already read. */
export const scopeReachesCompany = (
  scope: CompanyScope,
  companyId: number | null,
  { unassigned = false }: ScopeSqlOptions = {},
): boolean => {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'company') return companyId !== null && companyId === scope.companyId;
  if (companyId === null) return unassigned;
  return scopeReaches(scope, companyId);
};

/** A short stable text naming a scope (cache keys). */
export const scopeCacheKey = (scope: CompanyScope): string => {
  if (scope.kind === 'all') return 'staff';
  if (scope.kind === 'company') return `company:${scope.companyId ?? 'none'}`;
  return `limited:${scope.allow?.join('.') ?? '*'}-${scope.deny.join('.')}`;
};
