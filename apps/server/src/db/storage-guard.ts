import type { FastifyInstance } from 'fastify';
import type { Database } from './database';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Signing out only removes a session: it stays possible on a full disk. */
const ALWAYS_ALLOWED = new Set(['/api/auth/logout']);

/**
 * Refuses API writes with 507 while the embedded database's disk is below its reserve, after the route's
 * access check and validation (a stranger still gets 401) and before the handler writes anything: PGlite
 * must never meet a full disk while writing its WAL (see db/pglite.ts). The body's size counts too.
 */
export const registerStorageGuard = (app: FastifyInstance, db: Database) => {
  if (db.kind !== 'pglite') return;
  app.addHook('preHandler', async (request) => {
    if (!WRITES.has(request.method)) return;
    const pathname = request.url.split('?', 1)[0]!;
    if (!pathname.startsWith('/api/') || ALWAYS_ALLOWED.has(pathname)) return;
    await db.assertWritable(Number(request.headers['content-length']) || 0);
  });
};
