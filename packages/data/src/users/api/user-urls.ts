import type { UserDirectoryQuery } from '../../contract/user-directory';

export const USERS_URL = '/api/users';
export const userUrl = (id: number) => `${USERS_URL}/${id}`;

/** The directory's filters with what is empty left out (so equal filters share one cache entry). */
export type UserDirectoryParams = {
  q?: string;
  company_id?: number | 'none';
  role?: string;
  status?: 'online' | 'ausente' | 'offline';
  page?: number;
  limit?: number;
};

export function normalizeUserDirectoryParams(params: UserDirectoryParams): UserDirectoryParams {
  const next: UserDirectoryParams = {};
  if (params.q?.trim()) next.q = params.q.trim();
  if (params.company_id !== undefined) next.company_id = params.company_id;
  if (params.role) next.role = params.role;
  if (params.status) next.status = params.status;
  if (params.page && params.page > 1) next.page = params.page;
  if (params.limit) next.limit = params.limit;
  return next;
}

/** `?q=&company_id=&role=&status=&page=&limit=` for GET /api/users. */
export function userDirectorySearch(params: UserDirectoryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(normalizeUserDirectoryParams(params)) as [
    keyof UserDirectoryQuery,
    unknown,
  ][]) {
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
