import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropPassDatabases } from './postgres-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for what one run of the server suite makes once and every file reuses (harness.ts). */
    serverTestCache: string;
  }
}

/**
 * The run's cache folder, removed at the end. What goes in it is made by the test files themselves: this
 * setup runs outside the workers' module resolution, which reads the workspace packages from source.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'farol-server-tests-'));
  project.provide('serverTestCache', dir);
  const postgresUrl =
    process.env.FAROL_TEST_DB === 'postgres' ? process.env.FAROL_TEST_DATABASE_URL : undefined;
  if (postgresUrl) await dropPassDatabases(postgresUrl);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (postgresUrl) await dropPassDatabases(postgresUrl);
  };
}
