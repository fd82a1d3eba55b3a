import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setupTestServer, testDatabaseKind } from './harness';

// The embedded database's disk guard: a folder (not memory) whose disk is "below the reserve" because the
// reserve is larger than any disk. The full-disk faults themselves (ENOSPC, a PANIC in PostgreSQL, a real
// tmpfs) are in the fault suite, on the built server in a process of its own.
const dataDir = mkdtempSync(path.join(tmpdir(), 'farol-storage-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const t = setupTestServer(
  testDatabaseKind === 'pglite' ? { dataDir: path.join(dataDir, 'data'), diskReserveBytes: 2 ** 50 } : {},
);

describe.runIf(testDatabaseKind === 'pglite')('a disk below the reserve', () => {
  it('refuses writes with 507 and a Portuguese message before they reach the database', async () => {
    const user = await t.createUser({ role: 'gestor', permissions: ['tickets.view'] });
    const answer = await t.api('PUT', '/api/profile', { token: user.token, body: { theme: 'escuro' } });
    expect(answer.status).toBe(507);
    expect(answer.body).toEqual({
      error: 'insufficient_storage',
      message: expect.stringMatching(/sem espaço em disco e não salvou esta alteração/),
    });
    expect(answer.headers.get('retry-after')).toBeTruthy();
    const { rows } = await t.server.db.query<{ theme: string | null }>(
      'SELECT theme FROM users WHERE id = $1',
      [user.id],
    );
    expect(rows[0]?.theme).not.toBe('escuro');
  });

  it('still answers reads, a stranger still gets 401, and signing out still works', async () => {
    const user = await t.createUser();
    expect((await t.api('GET', '/api/profile', { token: user.token })).status).toBe(200);
    expect((await t.api('POST', '/api/tickets', { body: {} })).status).toBe(401);
    expect((await t.api('POST', '/api/auth/logout', { token: user.token })).status).toBe(204);
  });

  it('makes /api/health report the database as degraded, with what to do', async () => {
    const health = await t.api('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'degraded', database: 'degraded', realtime: 'ok' });
    expect(health.body.message).toMatch(
      /Pouco espaço em disco .*Gravações são recusadas \(507\) até liberar espaço/,
    );
  });
});
