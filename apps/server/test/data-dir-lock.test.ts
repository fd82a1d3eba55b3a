import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  currentOwner,
  judgeLock,
  processStartTime,
  type LockOwner,
} from '../src/db/data-dir-lock';
import { DataDirError } from '../src/db/data-dir';

const root = mkdtempSync(path.join(tmpdir(), 'farol-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
/** An unrelated live process (started now). */
const liveStranger = () => {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
};

let folders = 0;
const folder = () => path.join(root, `dados-${(folders += 1)}`);
const me = currentOwner();
const hasProc = processStartTime(process.pid) !== null;
const NOW = Date.now();

describe('judging a lock file', () => {
  const owner = (fields: Partial<LockOwner>): LockOwner => ({ ...me, ...fields });

  it('naming this very process (its pid recycled after a crash): stale', () => {
    expect(judgeLock(owner({ start: '1' }), NOW, me).kind).toBe('stale');
    expect(judgeLock({ pid: me.pid, start: null, boot: null, pidns: null, host: null }, NOW, me).kind).toBe(
      'stale',
    );
  });

  it('naming a process that is gone: stale', () => {
    expect(judgeLock(owner({ pid: 2 ** 22 + 12345 }), NOW, me).kind).toBe('stale');
  });

  it.runIf(hasProc)('naming a live process with another start time (its pid reused): stale', () => {
    const pid = liveStranger();
    expect(judgeLock(owner({ pid, start: '1' }), NOW, me).kind).toBe('stale');
    expect(judgeLock(owner({ pid, start: processStartTime(pid) }), NOW, me).kind).toBe('held');
  });

  it.runIf(hasProc)('in the earlier format (a bare pid): held only by a process older than the lock', () => {
    const pid = liveStranger();
    const bare = { pid, start: null, boot: null, pidns: null, host: null };
    expect(judgeLock(bare, Date.now() - 3_600_000, me).kind).toBe('stale');
    expect(judgeLock(bare, Date.now() + 60_000, me).kind).toBe('held');
  });

  it('from before a reboot: stale', () => {
    expect(judgeLock(owner({ pid: process.ppid, boot: 'outro-boot' }), NOW, me).kind).toBe('stale');
  });

  it('of a process in another container or machine: held while touched, stale once untouched', () => {
    const remote = owner({ pid: 1, host: 'outra-maquina', pidns: 'pid:[1]' });
    expect(judgeLock(remote, NOW - 1_000, me, NOW).kind).toBe('remote');
    expect(judgeLock(remote, NOW - 120_000, me, NOW).kind).toBe('stale');
    expect(judgeLock(null, NOW - 120_000, me, NOW).kind).toBe('stale');
  });
});

describe('acquiring the lock', () => {
  it('takes over a lock naming its own pid, writes its identity and removes the file on release', async () => {
    const dir = folder();
    writeFileSync(`${dir}.lock`, String(process.pid));
    const lock = await acquireDataDirLock(dir);
    const written = JSON.parse(readFileSync(lock.path, 'utf8')) as LockOwner;
    expect(written).toMatchObject({ pid: process.pid, start: me.start, boot: me.boot, host: me.host });
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('takes over a lock naming an unrelated live process that started after it was written', async () => {
    const dir = folder();
    writeFileSync(`${dir}.lock`, String(liveStranger()));
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(`${dir}.lock`, anHourAgo, anHourAgo);
    const lock = await acquireDataDirLock(dir);
    lock.release();
  });

  it('refuses while its holder lives, naming it, in this process or another', async () => {
    const dir = folder();
    const lock = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/já está em uso pelo processo \d+/);
    lock.release();
    const holder = process.ppid;
    const start = processStartTime(holder);
    if (start === null) return;
    writeFileSync(`${dir}.lock`, JSON.stringify({ ...me, pid: holder, start }));
    const error = await acquireDataDirLock(dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DataDirError);
    expect((error as DataDirError).message).toContain(`já está em uso pelo processo ${holder}`);
  });

  it('waits out a lock from another machine that stops being touched, and refuses one that keeps being touched', async () => {
    const remote = JSON.stringify({ pid: 1, start: '5', boot: 'b', pidns: 'pid:[1]', host: 'outra-maquina' });
    const abandoned = folder();
    writeFileSync(`${abandoned}.lock`, remote);
    const lock = await acquireDataDirLock(abandoned, { staleMs: 1_500, heartbeatMs: 200 });
    lock.release();

    const alive = folder();
    writeFileSync(`${alive}.lock`, remote);
    // Its holder's heartbeat, from a process of its own.
    children.push(
      spawn('sh', ['-c', `while :; do touch '${alive}.lock'; sleep 0.1; done`], { stdio: 'ignore' }),
    );
    await expect(acquireDataDirLock(alive, { staleMs: 4_000, heartbeatMs: 200 })).rejects.toThrow(
      /travada pelo processo 1 em outra-maquina, de outro contêiner ou máquina, que continua ativo/,
    );
  });

  it('keeps its own lock file touched while held', async () => {
    const dir = folder();
    const lock = await acquireDataDirLock(dir, { heartbeatMs: 100 });
    const past = new Date(Date.now() - 3_600_000);
    utimesSync(lock.path, past, past);
    const giveUpAt = Date.now() + 20_000;
    while (statSync(lock.path).mtimeMs < past.getTime() + 60_000 && Date.now() < giveUpAt) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(statSync(lock.path).mtimeMs).toBeGreaterThan(past.getTime() + 60_000);
    lock.release();
  });
});
