import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { preparedText } from '../src/db/sql';
import { migrations } from '../src/db/migrations/index';
import { openEmptyTestDatabase, testDatabaseKind, testDatabaseOptions } from './harness';

let db: Database;

beforeAll(async () => {
  db = await openDatabase(testDatabaseOptions());
  await migrate(db);
});
afterAll(async () => {
  await db.close();
});

describe('migrations', () => {
  it('apply once: a second run finds everything applied', async () => {
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(rows.map((row) => row.id)).toEqual(migrations.map((migration) => migration.id).sort());
  });

  it('have unique ids, listed in id order whatever module owns them', () => {
    const ids = migrations.map((migration) => migration.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort());
    expect(ids.slice(0, 6)).toEqual([
      '001-core',
      '002-conversations',
      '003-notification-counts',
      '004-tickets',
      '005-ticket-attachments',
      '006-ticket-list',
    ]);
  });

  it('bring a database made by an earlier release up to date, keeping its rows', async () => {
    const earlier = await openEmptyTestDatabase();
    try {
      const released = migrations.filter((migration) => migration.id <= '006-ticket-list');
      expect(await migrate(earlier, released)).toHaveLength(6);
      await earlier.query(`INSERT INTO companies (name) VALUES ('Anterior')`);
      const later = migrations.filter((migration) => migration.id > '006-ticket-list').map((m) => m.id);
      expect(later.slice(0, 3)).toEqual(['007-audit-events', '008-text-search', '009-ticket-search']);
      expect(await migrate(earlier)).toEqual(later);
      const { rows } = await earlier.query<{ name: string }>('SELECT name FROM companies');
      expect(rows).toEqual([{ name: 'Anterior' }]);
      await earlier.query(
        `INSERT INTO audit_events (actor_kind, module, action) VALUES ('system', 'teste', 'migrado')`,
      );
    } finally {
      await earlier.close();
    }
    // A fresh embedded database takes seconds to start, far more on a busy machine.
  }, 180_000);

  it('are safe when several start at once (separate connections on PostgreSQL)', async () => {
    const separate = testDatabaseKind === 'postgres';
    const others = separate
      ? await Promise.all([1, 2, 3].map(() => openDatabase(testDatabaseOptions())))
      : [db, db, db];
    try {
      const results = await Promise.all(others.map((other) => migrate(other)));
      expect(results.flat()).toEqual([]);
    } finally {
      if (separate) await Promise.all(others.map((other) => other.close()));
    }
  });
});

describe('prepared statements', () => {
  it('answer exactly what the parameterised query answers, for every kind of parameter', async () => {
    const sql = `SELECT $1::int AS a, $2::boolean AS b, $3::int AS c, $4::text AS d, $5::int - 1 AS e`;
    for (const params of [
      [1, true, null, 'texto', -5],
      [2_147_483_647, false, 3, "aspas ' e \\ barras", 0],
    ]) {
      const prepared = await db.prepared('farol_test_kinds', sql, params);
      const plain = await db.query(sql, params);
      expect(prepared.rows).toEqual(plain.rows);
    }
  });

  it('take marked text (preparedText) as one literal, whatever it holds', async () => {
    const sql = 'SELECT $1::text AS t, $2::int AS n';
    for (const text of [
      'simples',
      "aspas ' e \\ barras",
      '$t$; DROP TABLE users; --',
      'fim em $t',
      '$tt$ e $t$ juntos $',
      '',
    ]) {
      const { rows } = await db.prepared('farol_test_text', sql, [preparedText(text), 3]);
      expect(rows).toEqual([{ t: text, n: 3 }]);
    }
    const inside = await db.transaction(
      async (tx) => (await tx.prepared('farol_test_text_tx', sql, [preparedText("o'k"), 1])).rows,
    );
    expect(inside).toEqual([{ t: "o'k", n: 1 }]);
  });

  it('keep working inside a transaction', async () => {
    const rows = await db.transaction(
      async (tx) => (await tx.prepared('farol_test_tx', 'SELECT $1::int AS n', [7])).rows,
    );
    expect(rows).toEqual([{ n: 7 }]);
  });

  it('write inside a transaction: rolled back with it, kept when it commits, a refused one leaves it usable', async () => {
    await db.exec('CREATE TABLE IF NOT EXISTS farol_test_prepared_rows (id int PRIMARY KEY, note text)');
    const insert = 'INSERT INTO farol_test_prepared_rows (id, note) VALUES ($1::int, $2::text) RETURNING id';
    // Prepared for the first time inside a transaction that then fails: the row goes, the statement stays.
    await expect(
      db.transaction(async (tx) => {
        await tx.prepared('farol_test_prepared_insert', insert, [1, preparedText('desfeita')]);
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    const committed = await db.transaction(async (tx) => {
      const first = await tx.prepared('farol_test_prepared_insert', insert, [2, preparedText("o'k $t$")]);
      // A statement PostgreSQL cannot PREPARE (a utility statement) runs as a plain query, and the refusal
      // leaves the transaction usable.
      const locked = await tx.prepared(
        'farol_test_prepared_lock',
        'LOCK TABLE farol_test_prepared_rows IN SHARE ROW EXCLUSIVE MODE',
        [],
      );
      const second = await tx.prepared('farol_test_prepared_insert', insert, [3, preparedText('outra')]);
      return { ids: [...first.rows, ...second.rows], locked: locked.rows };
    });
    expect(committed).toEqual({ ids: [{ id: 2 }, { id: 3 }], locked: [] });
    const { rows } = await db.query('SELECT id, note FROM farol_test_prepared_rows ORDER BY id');
    expect(rows).toEqual([
      { id: 2, note: "o'k $t$" },
      { id: 3, note: 'outra' },
    ]);
    // Several at once (one call on PGlite): each answers in order; one that fails undoes the transaction.
    const many = await db.transaction((tx) =>
      tx.preparedMany([
        { name: 'farol_test_prepared_insert', sql: insert, params: [5, preparedText('cinco')] },
        {
          name: 'farol_test_prepared_count',
          sql: 'SELECT count(*)::int AS n FROM farol_test_prepared_rows',
          params: [],
        },
      ]),
    );
    expect(many.map((result) => result.rows)).toEqual([[{ id: 5 }], [{ n: 3 }]]);
    await expect(
      db.transaction((tx) =>
        tx.preparedMany([
          { name: 'farol_test_prepared_insert', sql: insert, params: [6, preparedText('seis')] },
          { name: 'farol_test_prepared_insert', sql: insert, params: [5, preparedText('repetida')] },
        ]),
      ),
    ).rejects.toThrow();
    await db.exec('DELETE FROM farol_test_prepared_rows WHERE id = 5');
    // The same statement outside a transaction (already prepared by one) still answers.
    const outside = await db.prepared('farol_test_prepared_insert', insert, [4, preparedText('fora')]);
    expect(outside.rows).toEqual([{ id: 4 }]);
    await db.exec('DROP TABLE farol_test_prepared_rows');
  });
});

describe('notification counts', () => {
  it('stay equal to a real count through inserts, reads, unreads and deletes', async () => {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO users (email, role, password_hash) VALUES ($1, 'tecnico', 'x') RETURNING id`,
      [`counts-${Date.now()}-${Math.random()}@test.farol.dev`],
    );
    const userId = rows[0]!.id;
    const check = async () => {
      const kept = await db.query<{ total: number; unread: number }>(
        'SELECT total, unread FROM notification_counts WHERE user_id = $1',
        [userId],
      );
      const real = await db.query<{ total: number; unread: number }>(
        `SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread
           FROM notifications WHERE user_id = $1`,
        [userId],
      );
      expect(kept.rows[0] ?? { total: 0, unread: 0 }).toEqual(real.rows[0]);
      return real.rows[0];
    };
    await db.query(
      `INSERT INTO notifications (user_id, type, message, read_at)
       SELECT $1, 'system', 'n' || g, CASE WHEN g % 4 = 0 THEN now() END FROM generate_series(1, 40) g`,
      [userId],
    );
    expect(await check()).toEqual({ total: 40, unread: 30 });
    await db.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND id % 2 = 0', [userId]);
    await check();
    await db.query('UPDATE notifications SET read_at = NULL WHERE user_id = $1 AND id % 3 = 0', [userId]);
    await check();
    await db.query('DELETE FROM notifications WHERE user_id = $1 AND id % 5 = 0', [userId]);
    await check();
    await db.query('UPDATE notifications SET read_at = now() WHERE user_id = $1', [userId]);
    expect((await check())?.unread).toBe(0);
    await db.query('DELETE FROM users WHERE id = $1', [userId]);
    const gone = await db.query('SELECT 1 FROM notification_counts WHERE user_id = $1', [userId]);
    expect(gone.rows).toEqual([]);
  });
});
