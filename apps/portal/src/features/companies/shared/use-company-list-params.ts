import {
  COMPANY_KINDS,
  COMPANY_SORTS,
  COMPANY_STATUSES,
  isUf,
  type CompanyListParams,
  type CompanySort,
} from '@farol/data/companies';
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

/** What the URL of /companies can say: every filter but the page size, which the page fixes. */
export type CompanyListUrlParams = Omit<CompanyListParams, 'limit'>;

export interface CompanyListSortState {
  sort: CompanySort;
  order: 'asc' | 'desc';
}

export const COMPANY_LIST_DEFAULT_SORT: CompanyListSortState = { sort: 'name', order: 'asc' };

const LIST_PATH = '/companies';

function parsePositiveInt(value: string | null): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((item) => item === value);

/**
 * The list filters a URL holds (`?q=&kind=&status=&uf=&manager=&archived=&sort=&order=&page=`). Unknown or
 * malformed values are dropped: the list then shows what it would without them.
 */
export function readCompanyListUrl(search: URLSearchParams): CompanyListUrlParams {
  const manager = search.get('manager');
  const uf = search.get('uf')?.toUpperCase() ?? '';
  const sort = oneOf(COMPANY_SORTS, search.get('sort'));
  const order = oneOf(['asc', 'desc'] as const, search.get('order'));
  const page = parsePositiveInt(search.get('page'));
  return dropEmpty({
    q: search.get('q')?.trim() || undefined,
    kind: oneOf(COMPANY_KINDS, search.get('kind')),
    status: oneOf(COMPANY_STATUSES, search.get('status')),
    uf: isUf(uf) ? uf : undefined,
    manager_id: manager === 'me' ? 'me' : parsePositiveInt(manager),
    archived: search.get('archived') === 'true' || undefined,
    ...canonicalSort(sort, order),
    page: page && page > 1 ? page : undefined,
  });
}

/** The order as the URL keeps it: nothing for the default (name, A→Z); otherwise both keys. */
function canonicalSort(
  sort: CompanySort | undefined,
  order: 'asc' | 'desc' | undefined,
): Pick<CompanyListUrlParams, 'sort' | 'order'> {
  const state = companyListSort({ sort, order });
  return state.sort === COMPANY_LIST_DEFAULT_SORT.sort && state.order === COMPANY_LIST_DEFAULT_SORT.order
    ? {}
    : state;
}

/** The order a list is in: the URL's, else by name A→Z; a column without an order starts descending. */
export function companyListSort(params: Pick<CompanyListUrlParams, 'sort' | 'order'>): CompanyListSortState {
  const sort = params.sort ?? COMPANY_LIST_DEFAULT_SORT.sort;
  return { sort, order: params.order ?? (sort === 'name' ? 'asc' : 'desc') };
}

/** A click on the sorted column flips its order; another column starts A→Z for names, else largest first. */
export function nextCompanySort(current: CompanyListSortState, column: CompanySort): CompanyListSortState {
  if (current.sort === column) return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column, order: column === 'name' ? 'asc' : 'desc' };
}

function dropEmpty(params: CompanyListUrlParams): CompanyListUrlParams {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== '' && value !== false),
  ) as CompanyListUrlParams;
}

/** The URL of a list. */
export function companyListHref(params: CompanyListUrlParams): string {
  const search = new URLSearchParams();
  if (params.q?.trim()) search.set('q', params.q.trim());
  if (params.kind) search.set('kind', params.kind);
  if (params.status) search.set('status', params.status);
  if (params.uf) search.set('uf', params.uf);
  if (params.manager_id !== undefined) search.set('manager', String(params.manager_id));
  if (params.archived) search.set('archived', 'true');
  const sort = canonicalSort(params.sort, params.order);
  if (sort.sort) search.set('sort', sort.sort);
  if (sort.order) search.set('order', sort.order);
  if (params.page && params.page > 1) search.set('page', String(params.page));
  const text = search.toString();
  return text ? `${LIST_PATH}?${text}` : LIST_PATH;
}

/** Anything that narrows the list (search, tipo, status, UF, responsável, the archived ones). */
export function isCompanyListFiltered(params: CompanyListUrlParams): boolean {
  return Boolean(
    params.q ||
    params.kind ||
    params.status ||
    params.uf ||
    params.manager_id !== undefined ||
    params.archived,
  );
}

/** The same list with the filters changed: a new filter starts again at page 1 unless a page is given. */
export function withCompanyListChanges(
  params: CompanyListUrlParams,
  changes: Partial<CompanyListUrlParams>,
): CompanyListUrlParams {
  const next: CompanyListUrlParams = { ...params, ...changes };
  if (!('page' in changes)) delete next.page;
  return dropEmpty(next);
}

/** The filters as the server takes them: the order always explicit, the page size fixed by the page. */
export function companyQueryParams(params: CompanyListUrlParams, limit: number): CompanyListParams {
  return { ...params, ...companyListSort(params), limit };
}

export interface UpdateCompanyListOptions {
  /** Replace the history entry (typing in the search box) instead of adding one. */
  replace?: boolean;
}

/** The list state of /companies, read from and written to the URL. */
export function useCompanyListParams() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const params = useMemo(() => readCompanyListUrl(searchParams), [searchParams]);

  const update = useCallback(
    (changes: Partial<CompanyListUrlParams>, { replace = false }: UpdateCompanyListOptions = {}) =>
      void navigate(companyListHref(withCompanyListChanges(params, changes)), { replace }),
    [navigate, params],
  );
  // "Limpar filtros" keeps how the person sorted the list.
  const clear = useCallback(
    () => void navigate(companyListHref({ sort: params.sort, order: params.order })),
    [navigate, params],
  );

  return { params, filtered: isCompanyListFiltered(params), update, clear };
}
