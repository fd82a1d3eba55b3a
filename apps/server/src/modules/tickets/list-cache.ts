import type { Database } from '../../db/database';
import type { Viewer } from '../../http/access';
import { scopeCacheKey } from '../../http/company-scope';
import { listTicketsJson, type ListQuery } from './repository';

/** At most this many list pages are kept; the least recently read is dropped first. */
const CACHED_PAGES = 2_000;
/**
 * A kept page is also dropped after this long: `overdue` moves with the clock, and names shown in the list
 * (people, companies) change through other modules without a ticket write.
 */
const PAGE_TTL_MS = 5_000;

export interface TicketListReader {
  /** One page of the list as TicketList JSON text. */
  read(viewer: Viewer, query: ListQuery): Promise<string>;
  /** Every ticket write calls this once it is committed. */
  invalidate(): void;
}

/**
 * The list's pages, read through a cache on the embedded database only: there one process owns the data
 * folder (a lock file makes sure of it) and every ticket write goes through this module, which drops the
 * whole cache on each. With PostgreSQL several processes write, so every read asks the database. Pages are
 * shared by everyone with the same view: all staff, or one client company ('me' is resolved to the caller).
 */
export const createTicketListReader = (
  db: Database,
  { cache = db.kind === 'pglite', now = Date.now }: { cache?: boolean | undefined; now?: () => number } = {},
): TicketListReader => {
  const pages = new Map<string, { body: string; at: number }>();
  // Bumped by each write, so a read that started before a write never stores its (older) answer after it.
  let generation = 0;

  return {
    async read(viewer, query) {
      if (!cache) return listTicketsJson(db, viewer, query);
      const scope = scopeCacheKey(viewer.scope);
      const assignee = query.assignee_id === 'me' ? viewer.id : query.assignee_id;
      const key = `${scope} ${JSON.stringify({ ...query, assignee_id: assignee })}`;
      const kept = pages.get(key);
      if (kept && now() - kept.at < PAGE_TTL_MS) {
        // Re-inserting keeps the Map in least-recently-read order.
        pages.delete(key);
        pages.set(key, kept);
        return kept.body;
      }
      const startedAt = generation;
      const at = now();
      const body = await listTicketsJson(db, viewer, query);
      if (generation === startedAt) {
        pages.delete(key);
        if (pages.size >= CACHED_PAGES) pages.delete(pages.keys().next().value!);
        pages.set(key, { body, at });
      }
      return body;
    },
    invalidate() {
      generation += 1;
      pages.clear();
    },
  };
};
