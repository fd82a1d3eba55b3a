/**
 * A timestamptz as JavaScript's `toISOString()` writes it (UTC, milliseconds, 'Z'), for answers built as JSON
 * inside the database.
 */
export const isoUtcSql = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
