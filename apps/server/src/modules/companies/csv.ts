/**
 * The companies' CSV (reader, writer, columns) lives in the contract (`company-csv.ts`), shared with the MSW
 * mocks; the server adds the export file as bytes.
 */
import { csvFileText } from '@farol/data/contract';

export {
  COMPANY_COLUMN_FIELDS,
  CONTACT_COLUMN_FIELDS,
  CsvError,
  cellsByColumn,
  columnOfField,
  companyCsvRows,
  companyInput,
  contactInput,
  headerKey,
  parseCsv,
  writeCsv,
  type CsvDelimiter,
  type CsvRecord,
  type CsvTable,
} from '@farol/data/contract';

/** The export file: a UTF-8 BOM (so Excel reads the accents) and `;` (Excel's separator in pt-BR). */
export const csvFile = (rows: readonly (readonly string[])[]) => Buffer.from(csvFileText(rows), 'utf8');
