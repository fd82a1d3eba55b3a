import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '@farol/data/contract';
import { setupTestServer, type TestUser } from './harness';
import { ticketHelpers } from './ticket-helpers';

/**
 * Issue 18: a text query of letters and digits is answered through the word index (migration 013) and must
 * find exactly what matching the whole folded text finds — accents and case ignored, inside words too — with
 * the same total, whatever the filters, the page or the shape the query takes. Every word here carries a tag
 * of this run, so other files' chamados on the shared PostgreSQL database never match.
 */
// The list's page cache (PGlite) would hide SQL writes for up to 5 s: this file tests the query itself.
const t = setupTestServer({ demo: false, ticketListCache: false });
const { insertCompany, create, list } = ticketHelpers(t);

const tag = randomUUID()
  .replaceAll('-', '')
  .slice(0, 10)
  .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!);

let acme: number;
let globex: number;
let tecnico: TestUser;
let acmeClient: TestUser;
let toner: Ticket;
let colour: Ticket;
let scanner: Ticket;

/** What matching the whole folded text finds, newest first, as the list orders it by default. */
const reference = async (q: string, where = 'TRUE', params: unknown[] = []) => {
  const { rows } = await t.server.db.query<{ id: number }>(
    `SELECT id FROM tickets
      WHERE search_text LIKE '%' || farol_fold($1) || '%' AND ${where}
      ORDER BY updated_at DESC, id DESC`,
    [q, ...params],
  );
  return rows.map((row) => row.id);
};

const ids = (items: { id: number }[]) => items.map((item) => item.id);

beforeAll(async () => {
  ({ id: acme } = await insertCompany('Acme'));
  ({ id: globex } = await insertCompany('Globex'));
  tecnico = await t.createUser({ role: 'tecnico', permissions: ['tickets.view'] });
  acmeClient = await t.createUser({ role: 'cliente', companyId: acme });
  toner = await create(tecnico, {
    subject: `Toner da ${tag}impressora acabou`,
    description: 'Sem toner desde ontem',
    priority: 'média',
    company_id: acme,
  });
  colour = await create(tecnico, {
    subject: `Falha na ${tag}Impressão colorida`,
    description: `Também afeta a ${tag}impressora do RH`,
    priority: 'alta',
    company_id: globex,
  });
  scanner = await create(tecnico, {
    subject: 'Outro assunto',
    description: `Nada a ver com o ${tag}scanner`,
    priority: 'baixa',
    company_id: acme,
  });
});

describe('text search through the word index', () => {
  it('finds words containing the query, inside words too, ignoring accents and case, counting each chamado once', async () => {
    const both = await list(tecnico, `?q=${tag}impress`);
    expect(ids(both.items)).toEqual([colour.id, toner.id]);
    // The colour one holds two matching words (impressão, impressora) and still counts once.
    expect(both.total).toBe(2);
    expect(ids((await list(tecnico, `?q=${tag.slice(3)}IMPRESSOR`)).items)).toEqual([colour.id, toner.id]);
    const accented = await list(tecnico, `?q=${encodeURIComponent(`${tag.toUpperCase()}IMPRESSÃO`)}`);
    expect(ids(accented.items)).toEqual([colour.id]);
    expect(accented.total).toBe(1);
    expect(ids((await list(tecnico, `?q=${tag}scanner`)).items)).toEqual([scanner.id]);
    expect(await list(tecnico, `?q=${tag}nenhuma`)).toEqual({ items: [], total: 0 });
  });

  it('answers queries with spaces or punctuation on the whole text, as before', async () => {
    const phrase = await list(tecnico, `?q=${encodeURIComponent(`${tag}impressora do rh`)}`);
    expect(ids(phrase.items)).toEqual([colour.id]);
    expect(phrase.total).toBe(1);
    expect((await list(tecnico, `?q=${encodeURIComponent(`${tag}impressora%`)}`)).total).toBe(0);
  });

  it('applies the filters and the client’s company to the matches, and their total', async () => {
    const acmeOnly = await list(tecnico, `?q=${tag}impress&company_id=${acme}`);
    expect(ids(acmeOnly.items)).toEqual([toner.id]);
    expect(acmeOnly.total).toBe(1);
    const client = await list(acmeClient, `?q=${tag}impress`);
    expect(ids(client.items)).toEqual([toner.id]);
    expect(client.total).toBe(1);
    const urgent = await list(tecnico, `?q=${tag}impress&priority=alta`);
    expect(ids(urgent.items)).toEqual([colour.id]);
  });

  it('matches the chamado number as before, beside the words holding those digits', async () => {
    const byNumber = await list(tecnico, `?q=${toner.number}`);
    expect(ids(byNumber.items)).toContain(toner.id);
    const { rows } = await t.server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tickets
        WHERE search_text LIKE '%' || farol_fold($1) || '%' OR number = $2`,
      [String(toner.number), toner.number],
    );
    expect(byNumber.total).toBe(rows[0]!.n);
  });

  it('follows edits and deletions of the text, made through any path', async () => {
    await t.server.db.query(`UPDATE tickets SET subject = $2, description = 'Trocado' WHERE id = $1`, [
      scanner.id,
      `Agora sobre a ${tag}impressora nova`,
    ]);
    const after = await list(tecnico, `?q=${tag}impress`);
    expect(ids(after.items).sort()).toEqual([toner.id, colour.id, scanner.id].sort());
    expect((await list(tecnico, `?q=${tag}scanner`)).total).toBe(0);
    const { rows } = await t.server.db.query<{ id: number }>(
      `INSERT INTO tickets (subject, description, priority, company_id, requester_id, due_at)
       VALUES ($1, 'apagar', 'baixa', $2, $3, now()) RETURNING id`,
      [`${tag}efemero`, acme, tecnico.id],
    );
    expect((await list(tecnico, `?q=${tag}efemero`)).total).toBe(1);
    await t.server.db.query('DELETE FROM tickets WHERE id = $1', [rows[0]!.id]);
    expect(await list(tecnico, `?q=${tag}efemero`)).toEqual({ items: [], total: 0 });
  });

  it('agrees with matching the whole text when many chamados match, page after page and with filters', async () => {
    // More than a thousand matches: the page is then read in the list's order, each row checked by the index.
    await t.server.db.query(
      `INSERT INTO tickets (subject, description, status, priority, company_id, requester_id, created_at,
                            updated_at, due_at)
       SELECT 'Lote ' || $1 || 'lote ' || n, 'Carga número ' || n,
              (ARRAY['aberto', 'em andamento', 'fechado'])[1 + n % 3], 'média', $2, $3,
              now() - n * interval '1 minute', now() - n * interval '1 minute', now() + interval '1 day'
         FROM generate_series(1, 1100) AS n`,
      [tag, acme, tecnico.id],
    );
    const q = `${tag}lote`;
    const all = await reference(q);
    expect(all).toHaveLength(1100);
    const first = await list(tecnico, `?q=${q}`);
    expect(first.total).toBe(1100);
    expect(ids(first.items)).toEqual(all.slice(0, 25));
    const third = await list(tecnico, `?q=${q}&page=3&limit=50`);
    expect(ids(third.items)).toEqual(all.slice(100, 150));
    const open = await list(tecnico, `?q=${q}&status=aberto`);
    const openIds = await reference(q, "status = 'aberto'");
    expect(open.total).toBe(openIds.length);
    expect(ids(open.items)).toEqual(openIds.slice(0, 25));
    const byPriority = await list(tecnico, `?q=${tag.slice(4)}LOTE&sort=number&order=asc`);
    expect(byPriority.total).toBe(1100);
    expect(byPriority.items[0]!.number).toBeLessThan(byPriority.items[1]!.number);
  });

  it("keeps each word's count of chamados (the one-word total, migration 041) equal to the index's", async () => {
    // Every edit above went through the triggers: text changed, chamados inserted and deleted, 1,100 at once.
    await t.server.db.query(
      `UPDATE tickets SET description = description || ' ' || $1 || 'extra' WHERE subject LIKE 'Lote ' || $1 || '%'`,
      [tag],
    );
    await t.server.db.query(`DELETE FROM tickets WHERE subject LIKE 'Lote ' || $1 || 'lote 1%'`, [tag]);
    const { rows } = await t.server.db.query<{ word: string; kept: number; counted: number }>(
      `SELECT s.word, s.tickets AS kept, (SELECT count(*)::int FROM ticket_words w WHERE w.word_id = s.id) AS counted
         FROM search_words s WHERE s.word LIKE '%' || $1 || '%'`,
      [tag],
    );
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.filter((row) => row.kept !== row.counted)).toEqual([]);
    const remaining = await reference(`${tag}lote`);
    expect((await list(tecnico, `?q=${tag}lote`)).total).toBe(remaining.length);
    expect((await list(tecnico, `?q=${tag}extra`)).total).toBe(remaining.length);
  });
});
