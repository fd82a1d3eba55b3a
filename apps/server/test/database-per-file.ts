import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/seed/demo';

/**
 * The PostgreSQL pass gives every test file a database of its own, copied from a template that is migrated and
 * seeded once per run (global-setup.ts drops them all at the end). Files used to share one database, and one
 * file's writes (an admin deactivated, a role changed) failed whichever file vitest ran next: CI's order differed
 * from the machine's and eight tests failed there ("login admin@farol.dev: account_inactive").
 *
 * Runs before each file's imports (a setupFiles entry), so FAROL_TEST_DATABASE_URL already names the file's own
 * database wherever a test reads it.
 */
if (process.env.FAROL_TEST_DB === 'postgres') {
  const runUrl = (process.env.FAROL_TEST_RUN_DATABASE_URL ??= process.env.FAROL_TEST_DATABASE_URL);
  if (!runUrl) throw new Error('FAROL_TEST_DB=postgres needs FAROL_TEST_DATABASE_URL');
  const base = new URL(runUrl);
  const baseName = base.pathname.slice(1);
  const urlOf = (name: string) => Object.assign(new URL(runUrl), { pathname: `/${name}` }).toString();
  const template = `${baseName}_t_template`;
  const own = `${baseName}_t_${randomBytes(5).toString('hex')}`;

  const admin = new pg.Client({ connectionString: runUrl });
  await admin.connect();
  try {
    // One file builds the template; a file starting meanwhile (another vitest process) waits for it.
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (!rowCount) {
      const building = `${template}_building`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${building}"`);
      const db = await openDatabase({ databaseUrl: urlOf(building) });
      try {
        await migrate(db);
        await seedDemo(db);
      } finally {
        await db.close();
      }
      // Renamed only once complete: a template that exists is a whole one.
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
    }
    await admin.query(`CREATE DATABASE "${own}" TEMPLATE "${template}"`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [template]).catch(() => undefined);
    await admin.end();
  }
  process.env.FAROL_TEST_DATABASE_URL = urlOf(own);

  afterAll(async () => {
    const client = new pg.Client({ connectionString: runUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${own}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  });
}
