import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import {
  login,
  pdfOf,
  repoRoot,
  request,
  seededDataDir,
  serverEnv,
  someCompanyId,
  startServer,
  TINY_PNG,
  waitForExit,
} from './harness';

/** `npm run backup` / `npm run restore` as an operator types them (through scripts/server-cli.mjs). */
const cli = async (tool: 'backup' | 'restore', dataDir: string, args: string[]) => {
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/server-cli.mjs'), tool, ...args], {
    cwd: path.dirname(dataDir),
    env: serverEnv(dataDir),
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const code = await waitForExit({ child, exited, output: () => output } as never);
  return { code, output };
};

/** Every row of every table of the public schema, in a stable order: the whole database as data. */
const everything = async (dataDir: string) => {
  const db = await openDatabase({ dataDir, diskReserveBytes: 0 });
  try {
    const { rows: tables } = await db.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    const dump: Record<string, string[]> = {};
    for (const { name } of tables) {
      const { rows } = await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${name}" t`);
      dump[name] = rows.map((row) => row.row).sort();
    }
    const { rows: sequences } = await db.query<{ name: string; value: number }>(
      `SELECT sequencename AS name, coalesce(last_value, 0)::int AS value FROM pg_sequences ORDER BY 1`,
    );
    return { dump, sequences };
  } finally {
    await db.close();
  }
};

describe('npm run backup / npm run restore (PGlite)', () => {
  it('backs up the running server, and a wiped folder restored from it reads back everything, attachments included', async () => {
    const dataDir = seededDataDir('backup');
    const server = await startServer({ dataDir });
    const pdf = pdfOf(300_000);
    let ticketId = 0;
    let attachmentId = 0;
    try {
      const token = await login(server.url);
      const companyId = await someCompanyId(server.url, token);
      const form = new FormData();
      form.append('subject', 'Chamado do backup');
      form.append('description', 'Com anexo, resposta e foto');
      form.append('company_id', String(companyId));
      form.append('files', new Blob([pdf], { type: 'application/pdf' }), 'contrato.pdf');
      const created = await request(`${server.url}/api/tickets`, { method: 'POST', token, body: form });
      expect(created.status, created.text).toBe(201);
      ticketId = created.body.id;
      attachmentId = (await request(`${server.url}/api/tickets/${ticketId}`, { token })).body.attachments[0]
        .id;
      const reply = new FormData();
      reply.append('body', 'Segue a foto');
      reply.append('files', new Blob([TINY_PNG], { type: 'image/png' }), 'foto.png');
      expect(
        (
          await request(`${server.url}/api/tickets/${ticketId}/messages`, {
            method: 'POST',
            token,
            body: reply,
          })
        ).status,
      ).toBe(201);
      expect(
        (await request(`${server.url}/api/profile`, { method: 'PUT', token, json: { theme: 'backup-tema' } }))
          .status,
      ).toBe(200);

      // Taken from the running server (it holds the folder); it keeps serving.
      const backup = await cli('backup', dataDir, ['copia.tar.gz']);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toMatch(/feito pelo servidor em execução/);
      expect((await request(`${server.url}/api/health`)).status).toBe(200);
      // Restoring under a running server is refused.
      const busy = await cli('restore', dataDir, ['copia.tar.gz']);
      expect(busy.code).toBe(1);
      expect(busy.output).toMatch(/Pare o servidor antes de restaurar/);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const archive = path.join(path.dirname(dataDir), 'copia.tar.gz');
    expect(statSync(archive).size).toBeGreaterThan(pdf.length);
    const before = await everything(dataDir);
    expect(before.dump.ticket_attachments?.length).toBeGreaterThanOrEqual(2);

    rmSync(dataDir, { recursive: true, force: true });
    const restore = await cli('restore', dataDir, ['copia.tar.gz']);
    expect(restore.code, restore.output).toBe(0);
    expect(await everything(dataDir)).toEqual(before);

    // A second restore keeps the folder it replaces beside it.
    const again = await cli('restore', dataDir, ['copia.tar.gz']);
    expect(again.code, again.output).toBe(0);
    const kept = readdirSync(path.dirname(dataDir)).filter((entry) =>
      entry.startsWith('data.antes-da-restauracao-'),
    );
    expect(kept).toHaveLength(1);
    expect(existsSync(path.join(path.dirname(dataDir), kept[0]!, 'PG_VERSION'))).toBe(true);

    // And the server serves it: the attachment byte for byte.
    const restored = await startServer({ dataDir });
    try {
      const token = await login(restored.url);
      const file = await fetch(`${restored.url}/api/tickets/${ticketId}/attachments/${attachmentId}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(60_000),
      });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
      expect((await request(`${restored.url}/api/profile`, { token })).body.theme).toBe('backup-tema');
    } finally {
      expect(await restored.stop()).toBe(0);
    }
  });

  it('refuses a file that is not a backup, leaving the folder as it was', async () => {
    const dataDir = seededDataDir('bad-backup');
    const bogus = path.join(path.dirname(dataDir), 'nao-e-backup.tar.gz');
    await import('node:fs').then(({ writeFileSync }) => writeFileSync(bogus, 'isto não é um backup'));
    const answer = await cli('restore', dataDir, [bogus]);
    expect(answer.code).toBe(1);
    expect(answer.output).toMatch(/Restauração não feita: o arquivo não é um backup do Farol/);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(path.dirname(dataDir)).some((entry) => entry.includes('antes-da-restauracao'))).toBe(
      false,
    );
  });
});
