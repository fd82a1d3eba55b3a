import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '../..');
const START_DEADLINE_MS = 180_000;

/** Builds the server when stale, then makes the seeded data folder every fault test starts from a copy of. */
export default async function setup(project: TestProject) {
  const build = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/server-cli.mjs'), 'build'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`the server build failed (${build.status ?? build.signal})`);

  const root = mkdtempSync(path.join(tmpdir(), 'farol-faults-'));
  try {
    await makeTemplate(path.join(root, 'template'));
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  project.provide('faultsTemplate', path.join(root, 'template'));
  project.provide('faultsRoot', root);
  return () => {
    rmSync(root, { recursive: true, force: true });
  };
}

/** The built server makes a fresh folder (migrations, demo seed) and stops cleanly. */
const makeTemplate = async (template: string) => {
  const child = spawn(process.execPath, [path.join(serverRoot, 'dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      REALTIME_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      FAROL_DATA_DIR: template,
      FAROL_STATIC_DIR: path.join(serverRoot, 'no-portal-here'),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the template server did not start:\n${output}`));
    }, START_DEADLINE_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Farol no ar:')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the template server exited (${code}):\n${output}`));
    });
  });
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`the template server did not stop cleanly (${code}):\n${output}`);
};
