import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL pass's databases, all named `<run database>_t_…` beside the database FAROL_TEST_DATABASE_URL
 * names (the run's): a template migrated and seeded once, each file's copy of it, and empty ones for tests of
 * migrations. The global setup drops them all before and after the run, whatever an interrupted run left.
 */
export const runDatabaseUrl = (): string => {
  const url = process.env.FAROL_TEST_RUN_DATABASE_URL ?? process.env.FAROL_TEST_DATABASE_URL;
  if (!url) throw new Error('FAROL_TEST_DB=postgres needs FAROL_TEST_DATABASE_URL');
  return url;
};

const prefix = (runUrl: string) => `${new URL(runUrl).pathname.slice(1)}_t_`;

export const databaseUrlNamed = (name: string, runUrl = runDatabaseUrl()) =>
  Object.assign(new URL(runUrl), { pathname: `/${name}` }).toString();

export const templateDatabaseName = (runUrl = runDatabaseUrl()) => `${prefix(runUrl)}template`;

export const newDatabaseName = (runUrl = runDatabaseUrl()) =>
  `${prefix(runUrl)}${randomBytes(5).toString('hex')}`;

/** Runs `work` with a client connected to the run's database (to create, copy and drop the others). */
export const withRunDatabase = async <T>(
  work: (client: pg.Client) => Promise<T>,
  runUrl = runDatabaseUrl(),
) => {
  const client = new pg.Client({ connectionString: runUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/** Creates an empty database (or a copy of `template`) and answers its URL. */
export const createDatabase = async (name: string, template?: string) => {
  await withRunDatabase((client) =>
    client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`),
  );
  return databaseUrlNamed(name);
};

/** Drops every database of the pass, connections and all. */
export const dropPassDatabases = (runUrl: string) =>
  withRunDatabase(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix(runUrl)],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }, runUrl);
