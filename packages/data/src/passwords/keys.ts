import type { InvalidationRule } from '../query/invalidation-rule';

/** The vault's query keys (issue 14); every key starts with 'passwords' (spec §7's cache rule). */
export const passwordKeys = {
  all: ['passwords'] as const,
  lists: () => [...passwordKeys.all, 'list'] as const,
  list: (params: Record<string, unknown> = {}) => [...passwordKeys.all, 'list', params] as const,
  details: () => [...passwordKeys.all, 'detail'] as const,
  detail: (id: number | string) => [...passwordKeys.all, 'detail', String(id)] as const,
  versions: (id: number | string) => [...passwordKeys.detail(id), 'versions'] as const,
  access: (id: number | string) => [...passwordKeys.detail(id), 'access'] as const,
  /** The current TOTP code of an item (asked again when it runs out). */
  totp: (id: number | string) => [...passwordKeys.detail(id), 'totp'] as const,
  folderAccess: (id: number | string) => [...passwordKeys.all, 'folder', String(id), 'access'] as const,
  options: () => [...passwordKeys.all, 'options'] as const,
  reveals: (params: Record<string, unknown> = {}) => [...passwordKeys.all, 'reveals', params] as const,
};

/**
 * Writes under /api/passwords make the vault's queries stale (spec §7) — except reveals (a client's from the
 * portal too), TOTP codes, the password re-confirmation, an import's preview and an export, which change nothing a list shows (and would otherwise refetch every page on
 * each copy).
 */
export const passwordInvalidation: InvalidationRule = {
  path: /^\/api\/passwords(?!\/((portal\/items\/)?\d+\/(reveal|totp)|confirm|import\/preview|export)\/?(\?|$))(\/|$)/,
  key: passwordKeys.all,
};
