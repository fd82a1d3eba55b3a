#!/usr/bin/env node
// `npm start`: builds what is needed, then runs the reference server with the embedded database.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** @param {string} label @param {string[]} args */
const build = (label, args) => {
  process.stdout.write(`farol: construindo ${label}…\n`);
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(
      `farol: a construção de ${label} falhou (código ${result.status ?? result.signal}).\n`,
    );
    process.exit(result.status ?? 1);
  }
};

if (process.env.FAROL_SKIP_BUILD !== '1') {
  build('o servidor', ['run', 'build', '-w', '@farol/server']);
  // The portal is built only once it is an app (a Vite config or an index.html); until then the server
  // answers `/` with a page explaining how to build it.
  const portal = path.join(root, 'apps/portal');
  const portalIsApp = ['vite.config.ts', 'vite.config.js', 'vite.config.mjs', 'index.html'].some((file) =>
    existsSync(path.join(portal, file)),
  );
  if (portalIsApp) build('o portal', ['run', 'build', '-w', '@farol/portal']);
}

const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

// The server drains requests and closes the database on SIGTERM/SIGINT; pass the signal on and wait for it.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
