import type {
  VaultExportRequest,
  VaultImportReport,
  VaultImportRequest,
} from '../../contract/password-transfer';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { passwordKeys } from '../keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PASSWORDS_URL } from './urls';

/** The vault's import and export (issue 14): Bitwarden, KeePass and Farol files in; only encrypted files out. */
export const VAULT_IMPORT_URL = `${PASSWORDS_URL}/import`;
export const VAULT_EXPORT_URL = `${PASSWORDS_URL}/export`;

/**
 * POST /api/passwords/import/preview {file, company_id, folder_id?, passphrase?} → what importing would do,
 * row by row (nothing saved; no secret ever in the answer).
 */
export function previewVaultImport(api: Pick<ApiClient, 'post'>, input: VaultImportRequest) {
  return api.post<VaultImportReport>(`${VAULT_IMPORT_URL}/preview`, input);
}

/** The preview: a read, so nothing cached changes. */
export function usePreviewVaultImport() {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: VaultImportRequest) => previewVaultImport(api, input) });
}

/** POST /api/passwords/import → the report: a line per row (importado, ignorado or erro, and why). */
export function importVault(api: Pick<ApiClient, 'post'>, input: VaultImportRequest) {
  return api.post<VaultImportReport>(VAULT_IMPORT_URL, input);
}

/** The import: the vault's lists, folders (their counts) and options are stale after it. */
export function useImportVault() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VaultImportRequest) => importVault(api, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passwordKeys.all }),
  });
}

/** What an export file says about itself (its header is in clear; the items are not). */
export interface VaultExportFile {
  blob: Blob;
  items: number;
  leftOut: number;
}

/**
 * POST /api/passwords/export {company_id, folder_id?, passphrase, password, reason?, break_glass?} → the
 * encrypted file (farol-vault-export, version 1). The passphrase travels in the body, never in a URL.
 */
export async function exportVault(
  api: Pick<ApiClient, 'post'>,
  input: VaultExportRequest,
): Promise<VaultExportFile> {
  const blob = await api.post<Blob>(VAULT_EXPORT_URL, input, { responseType: 'blob' });
  let header: { items?: unknown; left_out?: unknown } = {};
  try {
    header = JSON.parse(await blob.text()) as typeof header;
  } catch {
    // A file that is not JSON still downloads; its counts are unknown.
  }
  return {
    blob,
    items: typeof header.items === 'number' ? header.items : 0,
    leftOut: typeof header.left_out === 'number' ? header.left_out : 0,
  };
}

/** The export: each item's reveal log gains a line, so the log is stale after it. */
export function useExportVault() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VaultExportRequest) => exportVault(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...passwordKeys.all, 'reveals'] }),
  });
}
