/** SQL helpers every module shares: time stamps as the wire writes them and literal LIKE patterns. */

/** A timestamp from either driver as JavaScript's `toISOString()` writes it (UTC, milliseconds, 'Z'). */
export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * A timestamptz as JavaScript's `toISOString()` writes it (UTC, milliseconds, 'Z'), for answers built as JSON
 * inside the database.
 */
export const isoUtcSql = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A LIKE pattern's wildcards and escape character taken literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * A text value for `db.prepared` that PGlite may write into its EXECUTE as a literal (dollar-quoted, so nothing
 * in it is read as SQL), keeping the statement's one generic plan instead of planning the query afresh for
 * each value; node-postgres sends it as an ordinary parameter (`toPostgres`). Opt-in: a statement must be
 * shaped so its generic plan suits every value (e.g. a search pattern under a trigram index).
 */
export class PreparedText {
  constructor(readonly value: string) {}
  toPostgres() {
    return this.value;
  }
  toString() {
    return this.value;
  }
}
export const preparedText = (value: string) => new PreparedText(value);
