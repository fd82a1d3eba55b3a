import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for what one run of the server suite makes once and every file reuses (harness.ts). */
    serverTestCache: string;
  }
}

/**
 * Drops the PostgreSQL pass's databases (database-per-file.ts): its template and every file's copy, whether
 * this run's or left over by an interrupted one.
 */
const dropRunDatabases = async (url: string) => {
  const baseName = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, $1 || '_t_')",
      [baseName],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
};

/**
 * The run's cache folder, removed at the end. What goes in it is made by the test files themselves: this
 * setup runs outside the workers' module resolution, which reads the workspace packages from source.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'farol-server-tests-'));
  project.provide('serverTestCache', dir);
  const postgresUrl =
    process.env.FAROL_TEST_DB === 'postgres' ? process.env.FAROL_TEST_DATABASE_URL : undefined;
  if (postgresUrl) await dropRunDatabases(postgresUrl);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (postgresUrl) await dropRunDatabases(postgresUrl);
  };
}
