import type { ImportReport } from '../../contract';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { companyListSearch, type CompanyListParams } from '../rules';
import { useMutation } from '@tanstack/react-query';
import { COMPANIES_URL } from './company-urls';

export type CsvImportKind = 'companies' | 'contacts';

const IMPORT_URLS: Record<CsvImportKind, string> = {
  companies: `${COMPANIES_URL}/import`,
  contacts: `${COMPANIES_URL}/contacts/import`,
};

/**
 * POST /api/companies/import (or /contacts/import) {csv} → the report: valid rows saved, invalid rows listed
 * with their line, field and reason.
 */
export function importCsv(
  api: Pick<ApiClient, 'post'>,
  kind: CsvImportKind,
  csv: string,
): Promise<ImportReport> {
  return api.post<ImportReport>(IMPORT_URLS[kind], { csv });
}

export function useImportCsv(kind: CsvImportKind) {
  const api = useApiClient();
  return useMutation({ mutationFn: (csv: string) => importCsv(api, kind, csv) });
}

/** GET /api/companies/export.csv?… : the filtered list as CSV (without paging). */
export const companiesExportUrl = (params: CompanyListParams): string => {
  const { page: _page, limit: _limit, ...filters } = params;
  return `${COMPANIES_URL}/export.csv${companyListSearch(filters)}`;
};

/** Downloads the filtered list with the session (bearer and cookie), as a Blob to save. */
export function exportCompanies(api: Pick<ApiClient, 'get'>, params: CompanyListParams): Promise<Blob> {
  return api.get<Blob>(companiesExportUrl(params), { responseType: 'blob' });
}

export function useExportCompanies() {
  const api = useApiClient();
  return useMutation({ mutationFn: (params: CompanyListParams) => exportCompanies(api, params) });
}
