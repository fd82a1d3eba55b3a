// Vault import at scale (issue 14): a 5,000-row Bitwarden CSV (the import's row limit) previewed and then
// imported through the API into one company and folder, on PGlite (or PostgreSQL with --postgres and
// DATABASE_URL). Every row is sealed under the company's data key and audited, as through the page. Prints
// the preview's and the import's time, the server's CPU for each, the rows per second, and the target from
// docs/decisions.md (the issue names none): the import answers within 60 s on PGlite.
// Usage: node bench/passwords-import.mjs [--postgres] [--rows 5000]
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cpuOf,
  createBenchServer,
  numberArg,
  serveParent,
  startChild,
  stopChildren,
} from './support/forked-server.mjs';

const self = fileURLToPath(import.meta.url);
const role = process.argv[2];
const TARGET_SECONDS = 60;
const HEADER =
  'folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp';

if (role === 'child:server') {
  const { issueToken } = await import('../apps/server/src/auth/tokens');
  const server = await createBenchServer({
    vaultKey: Buffer.alloc(32, 5).toString('base64'),
    vaultRotationSweep: false,
    vaultTransfersPerMinute: 1000,
  });
  const { db } = server;
  const { rows: users } = await db.query("SELECT id FROM users WHERE email = 'admin@farol.dev'");
  const { rows: companies } = await db.query(
    "INSERT INTO companies (name) VALUES ('Importação em massa') RETURNING id",
  );
  const companyId = /** @type {{ id: number }} */ (companies[0]).id;
  const { rows: folders } = await db.query(
    "INSERT INTO vault_folders (company_id, name) VALUES ($1, 'Importados') RETURNING id",
    [companyId],
  );
  const { token } = await issueToken(db, /** @type {{ id: number }} */ (users[0]).id);
  const url = await server.listen();
  serveParent(
    { url, token, kind: db.kind, companyId, folderId: /** @type {{ id: number }} */ (folders[0]).id },
    () => server.close(),
  );
} else {
  const postgres = process.argv.includes('--postgres');
  const rows = numberArg('rows', 5000);
  if (postgres && !process.env.DATABASE_URL) {
    console.error('--postgres needs DATABASE_URL (a scratch database: the rows are added to it)');
    process.exit(2);
  }
  const dataDir = postgres ? null : mkdtempSync(path.join(tmpdir(), 'farol-bench-vault-import-'));
  /** @type {any} */
  const server = await startChild(self, 'child:server', {
    ...(postgres
      ? { BENCH_DATABASE_URL: String(process.env.DATABASE_URL) }
      : { BENCH_DATA_DIR: String(dataDir) }),
  });
  // Logins with a password, a URL and a user; every 10th with a TOTP seed, every 7th with notes and two custom
  // fields (one secret), every 25th a secure note; names unique, so nothing is skipped as a duplicate.
  const lines = [HEADER];
  for (let n = 1; n <= rows; n += 1) {
    if (n % 25 === 0) {
      lines.push(`Notas,,note,Procedimento ${n},"Passo 1\nPasso 2 do item ${n}",,,,,,`);
      continue;
    }
    const fields = n % 7 === 0 ? `"VLAN: ${n % 4000}\nPIN: ${1000 + (n % 9000)}"` : '';
    const notes = n % 7 === 0 ? `"Observação do item ${n}, com vírgula"` : '';
    const totp = n % 10 === 0 ? 'JBSWY3DPEHPK3PXP' : '';
    lines.push(
      `Servidores,,login,Servidor ${n} São Paulo,${notes},${fields},0,https://host${n}.exemplo.com.br,admin${n % 50},Senha-${n}-${(n * 7919) % 100000},${totp}`,
    );
  }
  const file = lines.join('\n');
  const body = JSON.stringify({ file, company_id: server.companyId, folder_id: server.folderId });
  const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
  /** @param {string} route */
  const post = async (route) => {
    const before = await cpuOf(server.child);
    const started = performance.now();
    const response = await fetch(`${server.url}/api/passwords/${route}`, { method: 'POST', headers, body });
    const text = await response.text();
    const ms = performance.now() - started;
    const cpu = (await cpuOf(server.child)) - before;
    if (response.status !== 200) {
      console.error(`FAIL: ${route} answered ${response.status}: ${text.slice(0, 300)}`);
      process.exit(1);
    }
    return { ms, cpu, report: JSON.parse(text) };
  };
  console.log(
    `\nPOST /api/passwords/import on ${server.kind}: a Bitwarden CSV of ${rows} rows (${(file.length / 1024).toFixed(0)} kB) into one company and folder, signed in as the admin`,
  );
  const preview = await post('import/preview');
  const load1 = loadavg()[0] ?? 0;
  const done = await post('import');
  const load2 = loadavg()[0] ?? 0;
  const { report } = done;
  const ok = report.imported === rows && report.errors === 0 && done.ms <= TARGET_SECONDS * 1000;
  const line = (/** @type {string} */ label, /** @type {{ ms: number, cpu: number }} */ run) =>
    `  ${label.padEnd(10)} ${(run.ms / 1000).toFixed(1).padStart(6)} s   server CPU ${(run.cpu / 1000).toFixed(1).padStart(6)} s   ${((rows / run.ms) * 1000).toFixed(0).padStart(5)} rows/s   ${(run.cpu / rows).toFixed(2)} ms CPU/row`;
  console.log(line('preview', preview));
  console.log(line('import', done));
  console.log(
    `  report     ${report.imported} importados, ${report.skipped} ignorados, ${report.errors} com erro (of ${report.total})`,
  );
  console.log(
    `  machine load   ${load1.toFixed(1)} → ${load2.toFixed(1)} (1-min average, ${cpus().length} cores)`,
  );
  console.log(`  target         ${rows} rows imported within ${TARGET_SECONDS} s → ${ok ? 'PASS' : 'FAIL'}`);
  await stopChildren([server.child]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(ok ? 0 : 1);
}
