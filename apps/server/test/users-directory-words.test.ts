import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestServer, type TestUser } from './harness';

const t = setupTestServer();

/** Letters no other file's rows hold (no 'w' or 'r' in a UUID), so these words are this file's alone. */
const marker = `wrd${randomUUID().slice(0, 8)}`;

/**
 * The directory's word index (migration 039): a search of letters and digits alone is answered from the words
 * in use — one word's people in A→Z order with the total kept on the word, or a few words' people once each —
 * and must answer exactly what the trigram search over the folded text answers, through every edit.
 */
describe('Usuários: searches answered from the words in use', () => {
  let viewer: TestUser;
  const people: TestUser[] = [];

  beforeAll(async () => {
    viewer = await t.createUser({ role: 'gestor', permissions: ['users.view'] });
    const names = [
      `Zélia ${marker}`,
      `Ana ${marker}`,
      `Bruno ${marker}`,
      `Caio ${marker}x1`,
      `Davi ${marker}x12`,
    ];
    for (const firstName of names) people.push(await t.createUser({ role: 'tecnico', firstName }));
    // One person holding two of the words (their name's and their username's): found once.
    await t.server.db.query('UPDATE users SET username = $2 WHERE id = $1', [people[4]!.id, `${marker}x1`]);
  });

  const list = async (query: string) => {
    const response = await t.api('GET', `/api/users?${query}`, { token: viewer.token });
    expect(response.status).toBe(200);
    return response.body as { items: { id: number; name: string }[]; total: number };
  };

  /** What the trigram search over the folded text finds, A→Z: the answer the words must give. */
  const expected = async (q: string) => {
    const { rows } = await t.server.db.query<{ id: number }>(
      `SELECT id FROM user_directory WHERE search_text LIKE '%' || farol_fold($1) || '%' ORDER BY name_key, id`,
      [q.replace(/[\\%_]/g, '\\$&')],
    );
    return rows.map((row) => row.id);
  };

  const same = async (q: string) => {
    const ids = await expected(q);
    const all = await list(`q=${encodeURIComponent(q)}&limit=100`);
    expect(all.items.map((item) => item.id)).toEqual(ids);
    expect(all.total).toBe(ids.length);
    return ids;
  };

  /** Every word's kept number of people equals its index entries. */
  const countsHold = async () => {
    const { rows } = await t.server.db.query<{ word: string; people: number; held: number }>(
      `SELECT w.word, w.people, (SELECT count(*)::int FROM user_directory_words x WHERE x.word_id = w.id) AS held
         FROM user_search_words w WHERE w.word LIKE $1`,
      [`%${marker}%`],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.people, row.word).toBe(row.held);
  };

  it('answers one word (accents and case ignored), a few words once each, pages and past the end', async () => {
    expect(await same(marker.toUpperCase())).toHaveLength(5);
    expect((await list(`q=${marker}`)).items.map((item) => item.name)).toEqual([
      `Ana ${marker} Teste`,
      `Bruno ${marker} Teste`,
      `Caio ${marker}x1 Teste`,
      `Davi ${marker}x12 Teste`,
      `Zélia ${marker} Teste`,
    ]);
    // Inside one word: the name's own; inside two words of one person and one of another.
    expect(await same(`${marker}X12`)).toEqual([people[4]!.id]);
    expect(await same(`${marker}x1`)).toEqual([people[3]!.id, people[4]!.id]);
    expect(await same(`zelia`)).toContain(people[0]!.id);
    const second = await list(`q=${marker}&limit=2&page=2`);
    expect(second).toMatchObject({ total: 5, items: [{ id: people[3]!.id }, { id: people[4]!.id }] });
    expect(await list(`q=${marker}x1&limit=1&page=2`)).toMatchObject({
      total: 2,
      items: [{ id: people[4]!.id }],
    });
    expect(await list(`q=${marker}&page=9`)).toEqual({ items: [], total: 5 });
    expect(await list(`q=${marker}zz`)).toEqual({ items: [], total: 0 });
    await countsHold();
  });

  it('keeps the words and their counts through renames, deletions and new people', async () => {
    await t.server.db.query("UPDATE users SET first_name = 'Bruna' WHERE id = $1", [people[2]!.id]);
    expect(await same(marker)).toHaveLength(4);
    await t.server.db.query('UPDATE users SET last_name = $2 WHERE id = $1', [people[2]!.id, `${marker}x1`]);
    expect(await same(`${marker}x1`)).toHaveLength(3);
    await t.server.db.query('DELETE FROM users WHERE id = $1', [people[3]!.id]);
    expect(await same(`${marker}x1`)).toEqual([people[2]!.id, people[4]!.id]);
    const late = await t.createUser({ role: 'cliente', firstName: `Élio ${marker}` });
    expect(await same(marker)).toContain(late.id);
    // The A→Z order follows a rename (the word's rows carry the name).
    await t.server.db.query('UPDATE users SET first_name = $2 WHERE id = $1', [
      people[0]!.id,
      `Aaron ${marker}`,
    ]);
    expect((await same(marker))[0]).toBe(people[0]!.id);
    await countsHold();
  });

  it('leaves other searches to the trigram index: spaces, punctuation, short text, filters', async () => {
    await same(`ana ${marker}`);
    await same(`${marker}x1 teste`);
    expect(await same(`${marker}%`)).toEqual([]);
    const filtered = await list(`q=${marker}&role=tecnico`);
    const tecnicos = await t.server.db.query<{ id: number }>(
      `SELECT id FROM user_directory WHERE search_text LIKE $1 AND role_key = 'tecnico' ORDER BY name_key, id`,
      [`%${marker}%`],
    );
    expect(filtered.items.map((item) => item.id)).toEqual(tecnicos.rows.map((row) => row.id));
    expect(filtered.total).toBe(tecnicos.rows.length);
  });
});
