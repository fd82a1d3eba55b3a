import type { Database, PreparedStatement, QueryResult } from './types';

/** `preparedMany` as one `prepared` after another: what every engine does outside a PGlite transaction. */
export const preparedOneByOne = async (
  db: Pick<Database, 'prepared'>,
  statements: readonly PreparedStatement[],
): Promise<QueryResult<Record<string, unknown>>[]> => {
  const results: QueryResult<Record<string, unknown>>[] = [];
  for (const { name, sql, params } of statements) results.push(await db.prepared(name, sql, params));
  return results;
};
