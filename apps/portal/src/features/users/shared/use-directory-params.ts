import { USER_PRESENCE_STATUSES, type UserDirectoryParams } from '@farol/data/users';
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

/** What the URL of /users says: `?q=&company=&role=&status=&page=` (the page size is the page's). */
export type DirectoryUrlParams = Omit<UserDirectoryParams, 'limit'>;

const LIST_PATH = '/users';

function parsePositiveInt(value: string | null): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
}

/** The filters a URL holds; unknown or malformed values are dropped (the list shows what it would without them). */
export function readDirectoryUrl(search: URLSearchParams): DirectoryUrlParams {
  const company = search.get('company');
  const role = search.get('role')?.trim().toLowerCase();
  const status = USER_PRESENCE_STATUSES.find((value) => value === search.get('status'));
  const page = parsePositiveInt(search.get('page'));
  const params: DirectoryUrlParams = {};
  const q = search.get('q')?.trim();
  if (q) params.q = q.slice(0, 100);
  const companyId = company === 'none' ? 'none' : parsePositiveInt(company);
  if (companyId !== undefined) params.company_id = companyId;
  if (role && /^[\p{L}\p{N} ._-]{1,40}$/u.test(role)) params.role = role;
  if (status) params.status = status;
  if (page && page > 1) params.page = page;
  return params;
}

/** The URL of a directory list. */
export function directoryHref(params: DirectoryUrlParams): string {
  const search = new URLSearchParams();
  if (params.q?.trim()) search.set('q', params.q.trim());
  if (params.company_id !== undefined) search.set('company', String(params.company_id));
  if (params.role) search.set('role', params.role);
  if (params.status) search.set('status', params.status);
  if (params.page && params.page > 1) search.set('page', String(params.page));
  const text = search.toString();
  return text ? `${LIST_PATH}?${text}` : LIST_PATH;
}

export const isDirectoryFiltered = (params: DirectoryUrlParams) =>
  Boolean(params.q || params.company_id !== undefined || params.role || params.status);

/** The same list with the filters changed: a new filter starts again at page 1 unless a page is given. */
export function withDirectoryChanges(
  params: DirectoryUrlParams,
  changes: Partial<DirectoryUrlParams>,
): DirectoryUrlParams {
  const next: Record<string, unknown> = { ...params, ...changes };
  if (!('page' in changes)) delete next.page;
  for (const [key, value] of Object.entries(next)) if (value === undefined || value === '') delete next[key];
  return next as DirectoryUrlParams;
}

export interface UpdateDirectoryOptions {
  /** Replace the history entry (typing in the search box) instead of adding one. */
  replace?: boolean;
}

/** The directory's state, read from and written to the URL. */
export function useDirectoryParams() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const params = useMemo(() => readDirectoryUrl(searchParams), [searchParams]);
  const update = useCallback(
    (changes: Partial<DirectoryUrlParams>, { replace = false }: UpdateDirectoryOptions = {}) =>
      void navigate(directoryHref(withDirectoryChanges(params, changes)), { replace }),
    [navigate, params],
  );
  const clear = useCallback(() => void navigate(LIST_PATH), [navigate]);
  return { params, filtered: isDirectoryFiltered(params), update, clear };
}
