/** One schema change. An id, once released, never changes meaning: databases remember which ids they ran. */
export interface Migration {
  id: string;
  sql: string;
}
