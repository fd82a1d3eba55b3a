import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { createNotificationRepository } from '../src/modules/notifications/repository';
import { openMigratedTestDatabase } from './harness';

let db: Database;

beforeAll(async () => {
  db = await openMigratedTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const newUser = async () => {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (email, role, password_hash) VALUES ($1, 'tecnico', 'x') RETURNING id`,
    [`repo-${Date.now()}-${Math.random()}@test.farol.dev`],
  );
  return rows[0]!.id;
};
const listIds = async (json: Promise<string>) =>
  (JSON.parse(await json) as { items: { id: number }[] }).items.map((item) => item.id);
const note = { type: 'ticket', message: 'Novo chamado', severity: 'info' as const };

/** Polls `read` until it answers `expected`, failing after a second. */
const soon = async <T>(read: () => Promise<T>, expected: T) => {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (JSON.stringify(value) === JSON.stringify(expected)) return;
    if (Date.now() - started > 1_000) expect(value).toEqual(expected);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('notification repository', () => {
  it('listening, keeps pages until the database announces a change to them, whoever writes', async () => {
    const repository = createNotificationRepository(db, { cache: 'listen' });
    const userId = await newUser();
    const other = await newUser();
    const first = await repository.insert(userId, note);
    // Not listening yet: nothing is kept, every read asks the database.
    await db.query(`INSERT INTO notifications (user_id, type, message) VALUES ($1, 'ticket', 'antes')`, [
      other,
    ]);
    expect(await listIds(repository.listJson(other, 25))).toHaveLength(1);
    await repository.start();
    try {
      expect(await listIds(repository.listJson(userId, 25))).toEqual([first.id]);
      expect(await repository.unreadCount(userId)).toBe(1);
      // Behind its back (another process, SQL): announced by the database, so the next reads see it.
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO notifications (user_id, type, message) VALUES ($1, 'ticket', 'por fora') RETURNING id`,
        [userId],
      );
      await soon(() => listIds(repository.listJson(userId, 25)), [rows[0]!.id, first.id]);
      await soon(() => repository.unreadCount(userId), 2);
      await db.query('UPDATE notifications SET read_at = now() WHERE user_id = $1', [userId]);
      await soon(() => repository.unreadCount(userId), 0);
    } finally {
      await repository.stop();
    }
  });

  it('with the cache, answers repeated reads from memory (a write behind its back is not seen)', async () => {
    const repository = createNotificationRepository(db, { cache: true });
    const userId = await newUser();
    const first = await repository.insert(userId, note);
    expect(await listIds(repository.listJson(userId, 25))).toEqual([first.id]);
    expect(await repository.unreadCount(userId)).toBe(1);

    await db.query(`INSERT INTO notifications (user_id, type, message) VALUES ($1, 'ticket', 'por fora')`, [
      userId,
    ]);
    expect(await listIds(repository.listJson(userId, 25))).toEqual([first.id]);
    expect(await repository.unreadCount(userId)).toBe(1);
  });

  it('with the cache, drops a user’s pages on each of their writes and keeps other users’', async () => {
    const repository = createNotificationRepository(db, { cache: true });
    const userId = await newUser();
    const otherId = await newUser();
    const a = await repository.insert(userId, note);
    await repository.insert(otherId, note);
    expect(await listIds(repository.listJson(otherId, 25))).toHaveLength(1);
    expect(await listIds(repository.listJson(userId, 25))).toEqual([a.id]);

    const b = await repository.insert(userId, { ...note, message: 'Outro chamado' });
    expect(await listIds(repository.listJson(userId, 25))).toEqual([b.id, a.id]);
    expect(await listIds(repository.listJson(userId, 1))).toEqual([b.id]);
    expect(await repository.unreadCount(userId)).toBe(2);

    await repository.setRead(userId, a.id, true);
    expect(await repository.unreadCount(userId)).toBe(1);
    await repository.markAllRead(userId);
    expect(await repository.unreadCount(userId)).toBe(0);
    await repository.remove(userId, b.id);
    expect(await listIds(repository.listJson(userId, 25))).toEqual([a.id]);
    expect(await listIds(repository.listJson(userId, 1))).toEqual([a.id]);

    // Another user's cached page survived those writes: a write behind the cache's back stays unseen.
    await db.query(`DELETE FROM notifications WHERE user_id = $1`, [otherId]);
    expect(await listIds(repository.listJson(otherId, 25))).toHaveLength(1);
  });

  it('a failed write still drops the user’s pages', async () => {
    const repository = createNotificationRepository(db, { cache: true });
    const userId = await newUser();
    await repository.insert(userId, note);
    expect(await listIds(repository.listJson(userId, 25))).toHaveLength(1);
    await db.query(`INSERT INTO notifications (user_id, type, message) VALUES ($1, 'ticket', 'por fora')`, [
      userId,
    ]);
    await expect(repository.insert(userId, { ...note, severity: 'nenhuma' as never })).rejects.toThrow();
    expect(await listIds(repository.listJson(userId, 25))).toHaveLength(2);
  });

  it('without the cache (PostgreSQL, several processes), every read asks the database', async () => {
    const repository = createNotificationRepository(db, { cache: false });
    const userId = await newUser();
    await repository.insert(userId, note);
    expect(await listIds(repository.listJson(userId, 25))).toHaveLength(1);
    await db.query(`INSERT INTO notifications (user_id, type, message) VALUES ($1, 'ticket', 'por fora')`, [
      userId,
    ]);
    expect(await listIds(repository.listJson(userId, 25))).toHaveLength(2);
    expect(await repository.unreadCount(userId)).toBe(2);
  });
});
