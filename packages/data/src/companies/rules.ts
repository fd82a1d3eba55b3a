import type { CompanyKind, CompanySort, CompanyStatus } from '../contract/company-constants';
import type { Uf } from '../contract/brazil';
import { listSearch, normalizeListParams } from '../lib/query-params';

/** The list filters as the app holds them (GET /api/companies query, before the server's defaults). */
export interface CompanyListParams {
  q?: string;
  kind?: CompanyKind;
  status?: CompanyStatus;
  uf?: Uf;
  manager_id?: number | 'me';
  archived?: boolean;
  sort?: CompanySort;
  order?: 'asc' | 'desc';
  page?: number;
  limit?: number;
}

const PARAM_ORDER = [
  'q',
  'kind',
  'status',
  'uf',
  'manager_id',
  'archived',
  'sort',
  'order',
  'page',
  'limit',
] as const satisfies readonly (keyof CompanyListParams)[];

/** The params without empty values, in a fixed key order (one cache entry per set of filters). */
export const normalizeCompanyListParams = (params: CompanyListParams): CompanyListParams =>
  normalizeListParams(params, PARAM_ORDER);

/** `?q=…&kind=cliente…` for GET /api/companies and its CSV export ('' when there is nothing to send). */
export const companyListSearch = (params: CompanyListParams): string =>
  listSearch(normalizeCompanyListParams(params));

/** How people read a company: its name, with the razão social when it differs. */
export function companyDisplayName(company: { name: string; legal_name: string }): string {
  return company.legal_name && company.legal_name !== company.name
    ? `${company.name} (${company.legal_name})`
    : company.name;
}
