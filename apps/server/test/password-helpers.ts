import { randomUUID } from 'node:crypto';
import type { setupTestServer } from './harness';

type TestServer = ReturnType<typeof setupTestServer>;

/**
 * The vault key of every vault test server: fixed, because the PostgreSQL pass shares one database between
 * files and runs, and data keys wrapped by one run must open in the next.
 */
export const TEST_VAULT_KEY = Buffer.alloc(32, 7).toString('base64');
export const TEST_VAULT_KEY_2 = Buffer.alloc(32, 9).toString('base64');

/** A word no other test's data holds. */
export const vaultMarker = () => `cofre${randomUUID().replace(/-/g, '').slice(0, 10)}`;

/** A fresh company of this test's own (its data key is its own scope). */
export const createTestCompany = async (ctx: TestServer, name = vaultMarker()): Promise<number> => {
  const { rows } = await ctx.server.db.query<{ id: number }>(
    `INSERT INTO companies (name) VALUES ($1) RETURNING id`,
    [name],
  );
  return rows[0]!.id;
};
