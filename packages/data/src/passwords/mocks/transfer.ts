import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { hasPermission, isClient, PERMISSIONS } from '../../access/permissions';
import {
  VAULT_EXPORT_FORMAT,
  VAULT_EXPORT_SCRYPT,
  VAULT_EXPORT_VERSION,
  VaultImportFileError,
  duplicateKey,
  exportItemsToCandidates,
  looksLikeFarolExport,
  readVaultCsv,
  planVaultImport,
  vaultImportReport,
  vaultExportRequestSchema,
  vaultImportRequestSchema,
  type ImportCandidate,
  type VaultExportItem,
  type VaultImportFormat,
} from '../../contract/password-transfer';
import {
  api,
  errorResponse,
  forbidden,
  jsonBody,
  parseOr400,
  serverError,
  unauthorized,
  userFromRequest,
  validationFailed,
} from '../../mocks/http';
import { createMockStore } from '../../mocks/store';
import { folderFixtures, passwordFixtures } from './seed';

/** The passphrase of the sample export every mock knows (`VAULT_SAMPLE_EXPORT`). */
export const VAULT_SAMPLE_PASSPHRASE = 'farol exemplo cofre 2026';

const COMPANIES = new Map<number, string>([
  [100, 'Acme Logística Ltda.'],
  [101, 'Globex Comércio S.A.'],
]);

const sampleItems: VaultExportItem[] = [
  {
    kind: 'login',
    name: 'Firewall Acme (pfSense)',
    url: 'https://fw.acme.local',
    username: 'admin',
    description: null,
    tags: ['rede'],
    folder: 'Infraestrutura Acme',
    sensitive: false,
    client_visible: false,
    rotate_every_days: null,
    custom: [],
    secrets: { password: 'exemplo' },
  },
  {
    kind: 'wifi',
    name: 'Wi-Fi Visitantes',
    url: null,
    username: null,
    description: null,
    tags: [],
    folder: null,
    sensitive: false,
    client_visible: true,
    rotate_every_days: 90,
    custom: [],
    secrets: { password: 'exemplo' },
  },
];

/**
 * The mock's envelope: the real header, and `data` naming an export this mock keeps (a mock seals nothing;
 * the server's envelope is AES-256-GCM under scrypt).
 */
const envelopeText = (
  id: string,
  items: number,
  leftOut: number,
  company: string | null,
  folder: string | null,
) =>
  `${JSON.stringify(
    {
      format: VAULT_EXPORT_FORMAT,
      version: VAULT_EXPORT_VERSION,
      created_at: '2026-03-10T12:00:00.000Z',
      items,
      left_out: leftOut,
      scope: { company, folder },
      kdf: { name: 'scrypt', salt: 'bW9jay1zYWx0LW1vY2s=', ...VAULT_EXPORT_SCRYPT },
      cipher: { name: 'aes-256-gcm', nonce: 'bW9jay1ub25jZQ==', tag: 'bW9jay10YWctbW9jay10YWc=' },
      data: id,
    },
    null,
    2,
  )}\n`;

/** A Farol export file every mock opens with VAULT_SAMPLE_PASSPHRASE (two items of Acme). */
export const VAULT_SAMPLE_EXPORT = envelopeText('c2FtcGxl', 2, 0, 'Acme Logística Ltda.', null);

export interface VaultTransferMockOptions {
  /** Every call answers 500. */
  failing?: boolean;
  /** Every call answers 403. */
  forbidden?: boolean;
  /** Calls never answer. */
  loading?: boolean;
  /** An export reaches items outside the caller's grants: quebra-vidro (with a reason) is asked for. */
  breakGlass?: boolean;
  /** An export leaves this many items out ("usar" only). */
  leftOut?: number;
}

export interface VaultTransferDatabase {
  /** Exports this mock made (and the sample), by their `data`. */
  exports: Map<string, { passphrase: string; items: VaultExportItem[] }>;
  /** Items imported (name, user and URL: what duplicates are told by), by company (0: internal). */
  imported: { companyId: number; key: string; id: number }[];
  /** What each export was asked (the passphrase left out). */
  exportsAsked: { company_id: number | 'internal'; folder_id: number | null; break_glass: boolean }[];
}

export interface VaultTransferMock {
  handlers: HttpHandler[];
  database: VaultTransferDatabase;
}

export function createVaultTransferMock(options: VaultTransferMockOptions = {}): VaultTransferMock {
  const database: VaultTransferDatabase = { exports: new Map(), imported: [], exportsAsked: [] };
  // Back to the fixtures on resetMockState (each story and test starts without the last one's imports).
  createMockStore(() => {
    database.exports.clear();
    database.exports.set('c2FtcGxl', { passphrase: VAULT_SAMPLE_PASSPHRASE, items: sampleItems });
    database.imported.length = 0;
    database.exportsAsked.length = 0;
    return null;
  });
  return { handlers: transferRoutes(database, options), database };
}

export const vaultTransferHandlers = {
  default: () => createVaultTransferMock().handlers,
  failing: () => createVaultTransferMock({ failing: true }).handlers,
  forbidden: () => createVaultTransferMock({ forbidden: true }).handlers,
  loading: () => createVaultTransferMock({ loading: true }).handlers,
  breakGlass: () => createVaultTransferMock({ breakGlass: true }).handlers,
};

const invalid = (field: string, message: string) => validationFailed({ [field]: message });

function transferRoutes(db: VaultTransferDatabase, options: VaultTransferMockOptions): HttpHandler[] {
  const gate = async (request: Request) => {
    if (options.loading) await delay('infinite');
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    if (options.forbidden || isClient(user) || !hasPermission(user, PERMISSIONS.PASSWORDS_MANAGE))
      return forbidden();
    if (options.failing) return serverError();
    return user;
  };

  const target = (companyId: number | null, folderId: number | null) => {
    if (companyId !== null && !COMPANIES.has(companyId))
      return invalid('company_id', 'Empresa não encontrada');
    if (folderId === null) return null;
    const folder = folderFixtures().find((entry) => entry.id === folderId);
    if (!folder) return invalid('folder_id', 'Pasta não encontrada');
    if ((folder.company?.id ?? null) !== companyId)
      return invalid(
        'folder_id',
        companyId === null
          ? 'A pasta é de uma empresa; escolha uma pasta interna'
          : 'A pasta não é desta empresa',
      );
    return null;
  };

  /** The same report the server makes (transfer.ts), from the same contract functions. */
  const run = async (request: Request, preview: boolean) => {
    const user = await gate(request);
    if (user instanceof Response) return user;
    const parsed = parseOr400(vaultImportRequestSchema, await jsonBody(request));
    if (parsed.error) return parsed.error;
    const input = parsed.data;
    const folderId = input.folder_id ?? null;
    const refused = target(input.company_id, folderId);
    if (refused) return refused;
    let format: VaultImportFormat;
    let candidates: ImportCandidate[];
    if (looksLikeFarolExport(input.file)) {
      let data: unknown;
      try {
        data = (JSON.parse(input.file.replace(/^\uFEFF/, '')) as { data?: unknown }).data;
      } catch {
        return invalid('file', 'Arquivo de exportação do Farol inválido: não é um JSON completo');
      }
      if (!input.passphrase) return invalid('passphrase', 'Informe a senha usada na exportação');
      const stored = typeof data === 'string' ? db.exports.get(data) : undefined;
      if (!stored || stored.passphrase !== input.passphrase) {
        return invalid(
          'passphrase',
          'Senha da exportação incorreta, ou o arquivo foi alterado depois de exportado',
        );
      }
      format = 'farol';
      candidates = exportItemsToCandidates(stored.items);
    } else {
      try {
        ({ format, candidates } = readVaultCsv(input.file));
      } catch (error) {
        if (error instanceof VaultImportFileError) return invalid('file', error.message);
        throw error;
      }
    }
    const companyKey = input.company_id ?? 0;
    const existing = new Set([
      ...passwordFixtures()
        .filter((stored) => (stored.item.company?.id ?? 0) === companyKey)
        .map((stored) => duplicateKey(stored.item)),
      ...db.imported.filter((entry) => entry.companyId === companyKey).map((entry) => entry.key),
    ]);
    const { rows, toSave } = planVaultImport(
      format,
      candidates,
      { company_id: input.company_id, folder_id: folderId },
      existing,
    );
    if (!preview) {
      for (const { index, key } of toSave) {
        const id = 5000 + db.imported.length;
        db.imported.push({ companyId: companyKey, key, id });
        rows[index]!.item_id = id;
      }
    }
    const report = vaultImportReport(format, preview, rows);
    return HttpResponse.json(report, { headers: { 'cache-control': 'no-store' } });
  };

  return [
    http.post(api('/passwords/import/preview'), ({ request }) => run(request, true)),
    http.post(api('/passwords/import'), ({ request }) => run(request, false)),
    http.post(api('/passwords/export'), async ({ request }) => {
      const user = await gate(request);
      if (user instanceof Response) return user;
      const parsed = parseOr400(vaultExportRequestSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const input = parsed.data;
      if (input.password !== 'farol123') return invalid('password', 'Senha incorreta');
      const companyId = input.company_id === 'internal' ? null : input.company_id;
      const refused = target(companyId, input.folder_id ?? null);
      if (refused) return refused;
      if (options.breakGlass && !input.break_glass) {
        return errorResponse(
          403,
          'break_glass_required',
          '2 itens desta exportação têm acessos próprios e você não está entre eles. Use o quebra-vidro (com motivo) para exportá-los.',
        );
      }
      if (options.breakGlass && !input.reason) return invalid('reason', 'Informe o motivo do quebra-vidro');
      const items = sampleItems;
      const id = `ZXhw${db.exports.size}`;
      db.exports.set(id, { passphrase: input.passphrase, items });
      db.exportsAsked.push({
        company_id: input.company_id,
        folder_id: input.folder_id ?? null,
        break_glass: input.break_glass ?? false,
      });
      const leftOut = options.leftOut ?? 0;
      return new HttpResponse(
        envelopeText(
          id,
          items.length,
          leftOut,
          companyId === null ? 'Interno' : COMPANIES.get(companyId)!,
          null,
        ),
        {
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'content-disposition': 'attachment; filename="farol-cofre.json"',
            'cache-control': 'no-store',
            'x-farol-export-items': String(items.length),
            'x-farol-export-left-out': String(leftOut),
          },
        },
      );
    }),
  ];
}
