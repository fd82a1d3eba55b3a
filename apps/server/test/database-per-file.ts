import { afterAll } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/seed/demo';
import {
  createDatabase,
  databaseUrlNamed,
  newDatabaseName,
  runDatabaseUrl,
  templateDatabaseName,
  withRunDatabase,
} from './postgres-databases';

/**
 * The PostgreSQL pass gives every test file a database of its own, copied from a template that is migrated and
 * seeded once per run (global-setup.ts drops them all at the end). Files used to share one database, and one
 * file's writes (an admin deactivated, a role changed) failed whichever file vitest ran next: CI's order differed
 * from the machine's and eight tests failed there ("login admin@farol.dev: account_inactive").
 *
 * Runs before each file's imports (a setupFiles entry), so FAROL_TEST_DATABASE_URL already names the file's own
 * database wherever a test reads it; FAROL_TEST_RUN_DATABASE_URL keeps the run's.
 */
if (process.env.FAROL_TEST_DB === 'postgres') {
  const runUrl = (process.env.FAROL_TEST_RUN_DATABASE_URL ??= runDatabaseUrl());
  const template = templateDatabaseName(runUrl);
  const own = newDatabaseName(runUrl);

  await withRunDatabase(async (client) => {
    // One file builds the template; a file starting meanwhile (another vitest process) waits for it.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (!rowCount) {
        const building = `${template}_building`;
        await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
        await client.query(`CREATE DATABASE "${building}"`);
        const db = await openDatabase({ databaseUrl: databaseUrlNamed(building, runUrl) });
        try {
          await migrate(db);
          await seedDemo(db);
        } finally {
          await db.close();
        }
        // Renamed only once complete: a template that exists is a whole one.
        await client.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
  }, runUrl);
  process.env.FAROL_TEST_DATABASE_URL = await createDatabase(own, template);

  afterAll(() =>
    withRunDatabase((client) => client.query(`DROP DATABASE IF EXISTS "${own}" WITH (FORCE)`), runUrl),
  );
}
