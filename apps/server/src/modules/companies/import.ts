/**
 * CSV imports of companies and of contacts: every row validated with the contract's schema, valid rows saved
 * (each behind a savepoint, so one row the database refuses does not undo the others) and invalid rows
 * reported with their line, column and a Portuguese reason. A transaction per 100 rows; events after the last.
 */
import {
  COMPANY_IMPORT_MAX_ROWS,
  createCompanyContactSchema,
  createCompanySchema,
  isValidCnpj,
  normalizeCnpj,
  type ImportReport,
  type ImportRowError,
} from '@farol/data/contract';
import type { Database } from '../../db/database';
import { httpError } from '../../http/errors';
import type { Audit, AuditSource } from '../../shared/audit';
import {
  COMPANY_COLUMN_FIELDS,
  CONTACT_COLUMN_FIELDS,
  CsvError,
  cellsByColumn,
  columnOfField,
  companyInput,
  contactInput,
  parseCsv,
  type CsvTable,
} from './csv';
import type { CompanyEvents } from './events';
import {
  clearPrimaryContact,
  contactByEmail,
  findCompanyBy,
  insertCompany,
  insertContact,
  loadCompany,
  loadCompanyRow,
  updateCompanyRow,
  updateContactRow,
  type CompanyValues,
  type ContactValues,
} from './repository';
import { changesOf, checkCompany, companyTarget } from './service';

/** At most this many companies are announced live after an import; lists refetch on the first anyway. */
export const IMPORT_EVENTS_CAP = 50;

const badFile = (message: string) => httpError(400, 'validation_failed', message, { csv: message });

/** The file's table, or 400 when it is not CSV, lacks `required` columns or has too many rows. */
const readTable = (csv: string, required: readonly string[][]): CsvTable => {
  let table: CsvTable;
  try {
    table = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvError) throw badFile(`Arquivo CSV inválido: ${error.message}`);
    throw error;
  }
  const missing = required.filter((names) => !names.some((name) => table.header.includes(name)));
  if (missing.length > 0) {
    throw badFile(`Colunas obrigatórias ausentes: ${missing.map((names) => names.join(' ou ')).join(', ')}`);
  }
  if (table.records.length === 0) throw badFile('O arquivo não tem linhas além do cabeçalho');
  if (table.records.length > COMPANY_IMPORT_MAX_ROWS) {
    throw badFile(`No máximo ${COMPANY_IMPORT_MAX_ROWS.toLocaleString('pt-BR')} linhas por arquivo`);
  }
  return table;
};

/**
 * Rows per transaction. Between chunks the import yields to the event loop, so other requests are served (on
 * PGlite the database runs on this thread: a chain of queries alone would starve every other request), and the
 * kept counts' rows never collect more than one chunk's versions.
 */
export const IMPORT_CHUNK_ROWS = 100;

/**
 * Each record in turn, IMPORT_CHUNK_ROWS to a transaction. Rows stand alone (a refused row is only reported),
 * so a chunk committing before a later one fails loses nothing the report would not say.
 */
const inChunks = async (
  db: Database,
  table: CsvTable,
  fn: (tx: Database, record: CsvTable['records'][number]) => Promise<void>,
) => {
  for (let start = 0; start < table.records.length; start += IMPORT_CHUNK_ROWS) {
    const chunk = table.records.slice(start, start + IMPORT_CHUNK_ROWS);
    await db.transaction(async (tx) => {
      for (const record of chunk) await fn(tx, record);
    });
    await new Promise((resolve) => setImmediate(resolve));
  }
};

/** The message of an error a check throws (HttpError details), by field. */
const detailsOf = (error: unknown): Record<string, string> | null =>
  (error as { details?: Record<string, string> }).details ?? null;

export const createCompanyImporter = ({
  db,
  audit,
  events,
}: {
  db: Database;
  audit: Audit;
  events: CompanyEvents;
}) => {
  /**
   * Runs one row's writes behind a savepoint: a refusal (an HttpError with details) or a database error
   * becomes the row's errors and undoes only that row.
   */
  const row = async (
    tx: Database,
    line: number,
    errors: ImportRowError[],
    fn: () => Promise<void>,
  ): Promise<boolean> => {
    await tx.exec('SAVEPOINT import_row');
    try {
      await fn();
      await tx.exec('RELEASE SAVEPOINT import_row');
      return true;
    } catch (error) {
      await tx.exec('ROLLBACK TO SAVEPOINT import_row');
      const details = detailsOf(error);
      if (details) {
        for (const [field, message] of Object.entries(details)) errors.push({ line, field, message });
      } else {
        errors.push({ line, field: '_', message: 'Não foi possível salvar esta linha' });
      }
      return false;
    }
  };

  const announce = async (created: number[], updated: number[]) => {
    const all = [...created.map((id) => [id, true] as const), ...updated.map((id) => [id, false] as const)];
    for (const [id, isNew] of all.slice(0, IMPORT_EVENTS_CAP)) {
      const company = await loadCompany(db, id);
      await (isNew ? events.created(company) : events.updated(company));
    }
  };

  return {
    /** A row whose CNPJ exists (else whose name does) updates that company with the row's non-blank cells. */
    async companies(csv: string, source: AuditSource): Promise<ImportReport> {
      const table = readTable(csv, [['nome'], ['razao_social']]);
      const errors: ImportRowError[] = [];
      const created: number[] = [];
      const updated = new Set<number>();
      await inChunks(db, table, async (tx, record) => {
        const cells = cellsByColumn(table, record);
        const input = companyInput(cells);
        const parsed = createCompanySchema.safeParse(input);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const path = issue.path.map(String).join('.');
            errors.push({
              line: record.line,
              field: issue.code === 'unrecognized_keys' ? '_' : columnOfField(COMPANY_COLUMN_FIELDS, path),
              message: issue.message,
            });
          }
          return;
        }
        const data = parsed.data;
        await row(tx, record.line, errors, async () => {
          const byCnpj = data.cnpj ? await findCompanyBy(tx, 'cnpj', data.cnpj) : null;
          const byName = byCnpj ? null : await findCompanyBy(tx, 'name', data.name);
          if (byName && data.cnpj && byName.cnpj && byName.cnpj !== data.cnpj) {
            throw httpError(409, 'conflict', 'Nome em uso', {
              nome: 'Já existe outra empresa com este nome e outro CNPJ',
            });
          }
          const targetId = byCnpj?.id ?? byName?.id ?? null;
          if (targetId === null) {
            const values: CompanyValues = { ...data };
            await checkCompany(tx, values, null);
            const id = await insertCompany(tx, values);
            await audit(
              {
                ...source,
                ...companyTarget(id),
                action: 'imported',
                details: { mode: 'created', line: record.line, name: data.name, cnpj: data.cnpj ?? null },
              },
              tx,
            );
            created.push(id);
            return;
          }
          // Only the cells the row filled change the company (blanks keep what it has).
          const given = Object.fromEntries(
            Object.keys(input).map((field) => [field, data[field as keyof typeof data]]),
          );
          const current = await loadCompanyRow(tx, targetId, true);
          const changes = changesOf(current as unknown as Record<string, unknown>, given);
          if (Object.keys(changes).length > 0) {
            const values = Object.fromEntries(
              Object.keys(changes).map((field) => [field, changes[field]!.to]),
            );
            await checkCompany(tx, values, current);
            await updateCompanyRow(tx, targetId, values);
            await audit(
              {
                ...source,
                ...companyTarget(targetId),
                action: 'imported',
                details: { mode: 'updated', line: record.line, changes },
              },
              tx,
            );
          }
          updated.add(targetId);
        });
      });
      const updatedOnly = [...updated].filter((id) => !created.includes(id));
      await announce(created, updatedOnly);
      return {
        created: created.length,
        updated: updatedOnly.length,
        errors: byColumn(errors, COMPANY_COLUMN_FIELDS),
      };
    },

    /**
     * Each row's company is found by `empresa_cnpj`, else by `empresa` (its name, accents and case ignored);
     * a contact with the row's e-mail in that company is updated, else one is created.
     */
    async contacts(csv: string, source: AuditSource): Promise<ImportReport> {
      const table = readTable(csv, [['nome'], ['empresa_cnpj', 'empresa']]);
      const errors: ImportRowError[] = [];
      let created = 0;
      let updated = 0;
      const touched = new Set<number>();
      const companies = new Map<string, number | null>();

      const companyOf = async (tx: Database, cells: Record<string, string>, line: number) => {
        const cnpjCell = cells.empresa_cnpj;
        if (cnpjCell !== undefined) {
          if (!isValidCnpj(cnpjCell)) {
            errors.push({ line, field: 'empresa_cnpj', message: 'CNPJ inválido' });
            return null;
          }
          const key = `cnpj:${normalizeCnpj(cnpjCell)}`;
          if (!companies.has(key)) {
            companies.set(key, (await findCompanyBy(tx, 'cnpj', normalizeCnpj(cnpjCell)))?.id ?? null);
          }
          const id = companies.get(key) ?? null;
          if (id === null) errors.push({ line, field: 'empresa_cnpj', message: 'Empresa não encontrada' });
          return id;
        }
        const name = cells.empresa ?? '';
        const key = `name:${name.toLowerCase()}`;
        if (!companies.has(key)) {
          const { rows } = await tx.query<{ id: number }>(
            `SELECT id FROM companies WHERE lower(name) = lower($1) OR farol_fold(name) = farol_fold($1)
             ORDER BY lower(name) = lower($1) DESC, id LIMIT 1`,
            [name],
          );
          companies.set(key, rows[0]?.id ?? null);
        }
        const id = companies.get(key) ?? null;
        if (id === null) errors.push({ line, field: 'empresa', message: 'Empresa não encontrada' });
        return id;
      };

      await inChunks(db, table, async (tx, record) => {
        const cells = cellsByColumn(table, record);
        const input = contactInput(cells);
        const parsed = createCompanyContactSchema.safeParse(input);
        const companyId = await companyOf(tx, cells, record.line);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const path = issue.path.map(String).join('.');
            errors.push({
              line: record.line,
              field: columnOfField(CONTACT_COLUMN_FIELDS, path),
              message: issue.message,
            });
          }
          return;
        }
        if (companyId === null) return;
        const { other_company_ids: _others, ...data } = parsed.data;
        await row(tx, record.line, errors, async () => {
          const existing = data.email ? await contactByEmail(tx, companyId, data.email) : null;
          if (existing === null) {
            if (data.primary) await clearPrimaryContact(tx, companyId, null);
            const id = await insertContact(tx, companyId, data as ContactValues);
            await audit(
              {
                ...source,
                ...companyTarget(companyId),
                targetType: 'contact',
                targetId: id,
                action: 'contact_imported',
                details: { mode: 'created', line: record.line, contact_id: id, name: data.name },
              },
              tx,
            );
            created += 1;
          } else {
            const values = Object.fromEntries(
              Object.keys(input).map((field) => [field, data[field as keyof typeof data]]),
            ) as ContactValues;
            if (values.primary === true) await clearPrimaryContact(tx, companyId, existing);
            await updateContactRow(tx, existing, values);
            await audit(
              {
                ...source,
                ...companyTarget(companyId),
                targetType: 'contact',
                targetId: existing,
                action: 'contact_imported',
                details: { mode: 'updated', line: record.line, contact_id: existing, name: data.name },
              },
              tx,
            );
            updated += 1;
          }
          touched.add(companyId);
        });
      });
      await announce([], [...touched]);
      return { created, updated, errors: byColumn(errors, CONTACT_COLUMN_FIELDS) };
    },
  };
};

/** Refusals from the shared checks name schema fields; the report names the CSV's columns. */
const byColumn = (errors: ImportRowError[], columns: Readonly<Record<string, string>>) =>
  errors.map((error) => ({ ...error, field: columnOfField(columns, error.field) }));
