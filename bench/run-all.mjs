// `npm run bench`: every budget script in turn; each prints its own figures and PASS/FAIL lines.
// Exit code 1 when any budget failed. Pass `--only name,name` to run a subset (e.g. --only data-size,ui-size).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.join(here, '../node_modules/.bin/tsx');

/** @type {[name: string, command: string, args: string[]][]} */
const benches = [
  ['data-size', process.execPath, [path.join(here, 'data-size.mjs')]],
  ['data-ingest', tsx, [path.join(here, 'data-ingest.ts')]],
  ['ui-size', process.execPath, [path.join(here, 'ui-size.mjs')]],
  ['portal-bundle', process.execPath, [path.join(here, 'portal-bundle.mjs')]],
  ['portal-lighthouse', process.execPath, [path.join(here, 'portal-lighthouse.mjs')]],
  ['server-http', process.execPath, [path.join(here, 'server-http.mjs')]],
  ['tickets-list', process.execPath, [path.join(here, 'tickets-list.mjs')]],
  ['companies-list', process.execPath, [path.join(here, 'companies-list.mjs')]],
  ['users-directory', process.execPath, [path.join(here, 'users-directory.mjs')]],
  ['tasks-move', process.execPath, [path.join(here, 'tasks-move.mjs')]],
  ['passwords-reveal', process.execPath, [path.join(here, 'passwords-reveal.mjs')]],
  ['login-2fa', process.execPath, [path.join(here, 'login-2fa.mjs')]],
  ['passwords-list', process.execPath, [path.join(here, 'passwords-list.mjs')]],
  ['passwords-import', process.execPath, [path.join(here, 'passwords-import.mjs')]],
  ['connections-gateway', process.execPath, [path.join(here, 'connections-gateway.mjs')]],
  ['realtime-broadcast', process.execPath, [path.join(here, 'realtime-broadcast.mjs')]],
  ['tickets-list-render', process.execPath, [path.join(here, 'tickets-list-render.mjs')]],
  ['board-render', process.execPath, [path.join(here, 'board-render.mjs')]],
  ['first-screen', process.execPath, [path.join(here, 'first-screen.mjs')]],
];

const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex === -1 ? null : new Set((process.argv[onlyIndex + 1] ?? '').split(','));

const failed = [];
for (const [name, command, args] of benches) {
  if (only && !only.has(name)) continue;
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) failed.push(name);
}
console.log(failed.length ? `\nbudgets failed: ${failed.join(', ')}` : '\nall budgets passed');
process.exitCode = failed.length ? 1 : 0;
