import { spawn } from 'node:child_process';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { login, refusedStart, request, seededDataDir, startServer } from './harness';

/** The server starts, answers, and stops cleanly: the lock it found did not block it. */
const startsAndServes = async (dataDir: string, shellPrefix?: string) => {
  const server = await startServer({ dataDir, ...(shellPrefix ? { shellPrefix } : {}) });
  try {
    const token = await login(server.url);
    expect((await request(`${server.url}/api/profile`, { token })).status).toBe(200);
    // The lock now names this server.
    expect(JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8')).pid).toBe(server.pid);
  } finally {
    expect(await server.stop()).toBe(0);
  }
};

describe('a lock file left behind does not block the start', () => {
  it('one naming the new server’s own pid (a crash, then a restart in a container)', async () => {
    const dataDir = seededDataDir('own-pid');
    // The shell writes its pid in the earlier format (a bare pid), then becomes the server: same pid.
    await startsAndServes(dataDir, `printf %s "$$" > '${dataDir}.lock'`);
  });

  it('one naming an unrelated live process that started after the lock was written', async () => {
    const dataDir = seededDataDir('live-pid');
    const sleeper = spawn('sleep', ['600'], { stdio: 'ignore' });
    try {
      writeFileSync(`${dataDir}.lock`, String(sleeper.pid));
      const anHourAgo = new Date(Date.now() - 3_600_000);
      utimesSync(`${dataDir}.lock`, anHourAgo, anHourAgo);
      await startsAndServes(dataDir);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('one in the current format whose pid now belongs to another process (its start time differs)', async () => {
    const dataDir = seededDataDir('reused-pid');
    const sleeper = spawn('sleep', ['600'], { stdio: 'ignore' });
    try {
      const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      writeFileSync(
        `${dataDir}.lock`,
        JSON.stringify({
          pid: sleeper.pid,
          start: '1',
          boot,
          pidns: null,
          host: null,
          since: new Date().toISOString(),
        }),
      );
      await startsAndServes(dataDir);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('while a live server holding the folder still refuses a second one', async () => {
    const dataDir = seededDataDir('held');
    const first = await startServer({ dataDir });
    try {
      const second = await refusedStart({ dataDir });
      expect(second.code).toBe(1);
      expect(second.reason).toContain(`já está em uso pelo processo ${first.pid}`);
      expect((await request(`${first.url}/api/health`)).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
  });
});
