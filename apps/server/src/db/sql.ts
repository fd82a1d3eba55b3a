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
