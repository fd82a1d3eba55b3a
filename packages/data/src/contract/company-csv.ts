/**
 * CSV as spreadsheets in Brazil write it (RFC 4180, with `;` or `,` between fields, quoted fields, CRLF or LF,
 * an optional UTF-8 BOM), and the companies' and contacts' columns read from it and written to it. Shared by
 * the server's import and export and the MSW mocks, so both read a file alike.
 */
import { formatCnpj, formatPhone } from './brazil';
import type { Company } from './company';
import { COMPANY_CSV_COLUMNS, type CONTACT_CSV_COLUMNS } from './company-constants';

export type CsvDelimiter = ',' | ';';

export interface CsvRecord {
  /** The file's line where the record starts (the header is line 1). */
  line: number;
  cells: string[];
}

export interface CsvTable {
  delimiter: CsvDelimiter;
  header: string[];
  records: CsvRecord[];
}

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'CsvError';
  }
}

const BOM = '\uFEFF';

/** `;` when the header line has more of them than commas (outside quotes), else `,`. */
const detectDelimiter = (text: string): CsvDelimiter => {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ';') semicolons += 1;
    else if (!quoted && char === ',') commas += 1;
  }
  return semicolons > commas ? ';' : ',';
};

/**
 * Parses CSV text into records of cells (RFC 4180: `""` is a quote inside a quoted field, which may span
 * lines). Blank lines are skipped. Throws CsvError for a quote left open or text after a closing quote.
 */
export function parseCsv(input: string, delimiter?: CsvDelimiter): CsvTable {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const separator = delimiter ?? detectDelimiter(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let index = 0;
  let quoted = false;
  let afterQuote = false;

  const endRecord = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0]!.trim() === '')) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };

  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index += 2;
          continue;
        }
        quoted = false;
        afterQuote = true;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      index += 1;
      continue;
    }
    if (char === separator) {
      cells.push(cell);
      cell = '';
      afterQuote = false;
    } else if (char === '\r' || char === '\n') {
      endRecord();
      afterQuote = false;
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      line += 1;
      recordLine = line;
    } else if (char === '"' && cell.trim() === '' && !afterQuote) {
      // A field may start with a quote (spaces before it are dropped, as spreadsheets do).
      cell = '';
      quoted = true;
    } else if (afterQuote) {
      if (char !== ' ' && char !== '\t')
        throw new CsvError(`Linha ${line}: texto depois de aspas fechadas`, line);
    } else {
      cell += char;
    }
    index += 1;
  }
  if (quoted) throw new CsvError(`Linha ${recordLine}: aspas abertas sem fechar`, recordLine);
  if (cell !== '' || cells.length > 0) endRecord();

  const [head, ...rest] = records;
  return { delimiter: separator, header: head ? head.cells.map(headerKey) : [], records: rest };
}

/** A header as a column name: lower case, no accents, words joined by '_' ('Razão social' → 'razao_social'). */
export const headerKey = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** A cell a spreadsheet would run as a formula is written with a leading apostrophe (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

const quoteCell = (value: string, delimiter: CsvDelimiter) => {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return safe.includes(delimiter) || /["\r\n]/.test(safe) || safe !== safe.trim()
    ? `"${safe.replace(/"/g, '""')}"`
    : safe;
};

/** Rows as CSV text: CRLF line ends, quoted only where needed. */
export const writeCsv = (rows: readonly (readonly string[])[], delimiter: CsvDelimiter = ';') =>
  rows.map((row) => row.map((value) => quoteCell(value, delimiter)).join(delimiter)).join('\r\n') + '\r\n';

/** The export file's text: a UTF-8 BOM (so Excel reads the accents) and `;` (Excel's separator in pt-BR). */
export const csvFileText = (rows: readonly (readonly string[])[]) => BOM + writeCsv(rows, ';');

// ---------------------------------------------------------------- companies

/** Column → field of createCompanySchema. */
export const COMPANY_COLUMN_FIELDS = {
  nome: 'name',
  razao_social: 'legal_name',
  cnpj: 'cnpj',
  inscricao_estadual: 'state_registration',
  inscricao_municipal: 'municipal_registration',
  tipo: 'kind',
  segmento: 'segment',
  site: 'website',
  dominios_email: 'email_domains',
  telefone: 'phone',
  status: 'status',
} as const satisfies Record<(typeof COMPANY_CSV_COLUMNS)[number], string>;

/** The companies' CSV: the header, then one row per company. */
export const companyCsvRows = (companies: readonly Company[]): string[][] => [
  [...COMPANY_CSV_COLUMNS],
  ...companies.map((company) => [
    company.name,
    company.legal_name,
    company.cnpj ? formatCnpj(company.cnpj) : '',
    company.state_registration ?? '',
    company.municipal_registration ?? '',
    company.kind,
    company.segment ?? '',
    company.website ?? '',
    company.email_domains.join(', '),
    company.phone ? formatPhone(company.phone) : '',
    company.status,
  ]),
];

const fold = (value: string) => headerKey(value);

/** What people write for a status ('Ativa', 'INATIVO') as the contract's values; kinds are folded. */
const STATUS_WORDS: Record<string, string> = {
  ativo: 'ativo',
  ativa: 'ativo',
  inativo: 'inativo',
  inativa: 'inativo',
};

/** The cells of a record by column name (columns the file does not have are left out; blanks too). */
export const cellsByColumn = (table: CsvTable, record: CsvRecord): Record<string, string> => {
  const values: Record<string, string> = {};
  table.header.forEach((column, index) => {
    const value = record.cells[index]?.trim() ?? '';
    // A leading apostrophe is how spreadsheets (and the export) keep a cell from being a formula.
    const cell = value.startsWith("'") ? value.slice(1) : value;
    if (column && cell !== '') values[column] = cell;
  });
  return values;
};

/** A company row as the input of createCompanySchema (blank cells left out, so the defaults apply). */
export const companyInput = (cells: Record<string, string>): Record<string, unknown> => {
  const input: Record<string, unknown> = {};
  for (const [column, field] of Object.entries(COMPANY_COLUMN_FIELDS)) {
    const value = cells[column];
    if (value === undefined) continue;
    if (field === 'email_domains') input[field] = value.split(/[\s,;|]+/).filter(Boolean);
    else if (field === 'kind') input[field] = fold(value);
    else if (field === 'status') input[field] = STATUS_WORDS[fold(value)] ?? value;
    else input[field] = value;
  }
  return input;
};

// ---------------------------------------------------------------- contacts

/** Column → field of createCompanyContactSchema (the company columns are read apart). */
export const CONTACT_COLUMN_FIELDS = {
  nome: 'name',
  cargo: 'job_title',
  departamento: 'department',
  email: 'email',
  telefone: 'phone',
  celular: 'mobile',
  whatsapp: 'whatsapp',
  principal: 'primary',
  financeiro: 'billing',
  tecnico: 'technical',
  vip: 'vip',
} as const satisfies Record<
  Exclude<(typeof CONTACT_CSV_COLUMNS)[number], 'empresa' | 'empresa_cnpj'>,
  string
>;

const FLAG_FIELDS = new Set(['whatsapp', 'primary', 'billing', 'technical', 'vip']);
const YES = new Set(['sim', 's', 'x', '1', 'true', 'verdadeiro', 'yes', 'y']);
const NO = new Set(['nao', 'n', '0', 'false', 'falso', 'no']);

/** A contact row as the input of createCompanyContactSchema; flags read 'sim'/'não', 'x', '1'/'0', true/false. */
export const contactInput = (cells: Record<string, string>): Record<string, unknown> => {
  const input: Record<string, unknown> = {};
  for (const [column, field] of Object.entries(CONTACT_COLUMN_FIELDS)) {
    const value = cells[column];
    if (value === undefined) continue;
    if (FLAG_FIELDS.has(field)) {
      const word = fold(value);
      input[field] = YES.has(word) ? true : NO.has(word) ? false : value;
    } else input[field] = value;
  }
  return input;
};

/** The CSV column of a schema field, for the import report (`email_domains.2` → 'dominios_email'). */
export const columnOfField = (columns: Readonly<Record<string, string>>, path: string): string => {
  const field = path.split('.')[0] ?? path;
  return Object.entries(columns).find(([, name]) => name === field)?.[0] ?? field;
};
