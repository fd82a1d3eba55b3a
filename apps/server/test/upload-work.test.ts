import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { TICKET_ATTACHMENT_FIELD, ticketSchema } from '@farol/data/contract';
import { createUploadSlots } from '../src/http/uploads';
import { ATTACHMENT_CHUNK_BYTES } from '../src/http/stored-files';
import { setupTestServer, type TestUser } from './harness';
import { ticketHelpers } from './ticket-helpers';

/** Issue 11, item 13: big uploads take turns and are stored in pieces, so small requests are answered between. */
const t = setupTestServer({ demo: false });
const { insertCompany, form } = ticketHelpers(t);

let client: TestUser;
let tecnico: TestUser;
let ticketId: number;

beforeAll(async () => {
  const acme = await insertCompany('Acme');
  client = await t.createUser({ role: 'cliente', companyId: acme.id });
  tecnico = await t.createUser({ role: 'tecnico', permissions: ['tickets.view'] });
  const created = await t.api('POST', '/api/tickets', {
    token: client.token,
    body: { subject: 'Relatórios', description: 'Seguem os PDFs' },
  });
  ticketId = ticketSchema.parse(created.body).id;
});

const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(bytes - 9)]);

const withFiles = (fields: Record<string, string>, ...files: Buffer[]) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  files.forEach((bytes, i) =>
    data.append(TICKET_ATTACHMENT_FIELD, new Blob([new Uint8Array(bytes)]), `r${i}.pdf`),
  );
  return data;
};

const count = async (table: string) => {
  const { rows } = await t.server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]!.n;
};

describe('upload slots', () => {
  it('lets `max` uploads work at once and the next ones in arrival order as slots free up', async () => {
    const slots = createUploadSlots(2);
    const order: string[] = [];
    const first = await slots.acquire();
    const second = await slots.acquire();
    const third = slots.acquire().then((release) => (order.push('third'), release));
    const fourth = slots.acquire().then((release) => (order.push('fourth'), release));
    await Promise.resolve();
    expect([slots.busy, slots.waiting, order]).toEqual([2, 2, []]);
    first();
    first(); // a second call gives nothing back twice
    const releaseThird = await third;
    expect([slots.busy, slots.waiting, order]).toEqual([2, 1, ['third']]);
    second();
    (await fourth)();
    releaseThird();
    expect([slots.busy, slots.waiting, order]).toEqual([0, 0, ['third', 'fourth']]);
  });
});

describe('files stored in pieces', () => {
  it('writes a file in pieces outside the transaction and serves the same bytes back', async () => {
    const bytes = pdfOf(3 * ATTACHMENT_CHUNK_BYTES + 1234);
    const response = await form('POST', `/api/tickets/${ticketId}/messages`, client, withFiles({}, bytes));
    expect(response.status, response.text).toBe(201);
    const [attachment] = response.body.attachments as { id: number; url: string; size: number }[];
    expect(attachment?.size).toBe(bytes.length);
    const { rows } = await t.server.db.query<{ data_null: boolean; pieces: number; largest: number }>(
      `SELECT a.data IS NULL AS data_null, count(c.seq)::int AS pieces, max(length(c.data))::int AS largest
         FROM ticket_attachments a JOIN attachment_blob_chunks c ON c.blob_id = a.blob_id
        WHERE a.id = $1 GROUP BY a.data`,
      [attachment!.id],
    );
    expect(rows).toEqual([{ data_null: true, pieces: 4, largest: ATTACHMENT_CHUNK_BYTES }]);
    const file = await fetch(`${t.baseUrl}${attachment!.url}`, {
      headers: { authorization: `Bearer ${tecnico.token}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('forgets the pieces of a write that fails', async () => {
    const before = await count('attachment_blobs');
    const response = await form(
      'POST',
      '/api/tickets',
      tecnico,
      withFiles(
        { subject: 'Sem empresa válida', description: 'x', company_id: '2147483000' },
        pdfOf(300_000),
      ),
    );
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual({ company_id: 'Empresa não encontrada' });
    expect(await count('attachment_blobs')).toBe(before);
  });

  it('lets other requests’ queries run between the pieces of a big upload', async () => {
    const db = t.server.db;
    const log: string[] = [];
    const query = db.query.bind(db);
    db.query = ((sql: string, params?: unknown[]) => {
      log.push(sql.includes('attachment_blob_chunks') ? 'piece' : 'other');
      return query(sql, params);
    }) as typeof db.query;
    try {
      let uploading = true;
      const upload = form(
        'POST',
        `/api/tickets/${ticketId}/messages`,
        client,
        withFiles({ body: 'grande' }, pdfOf(12 * ATTACHMENT_CHUNK_BYTES)),
      ).finally(() => {
        uploading = false;
      });
      let small = 0;
      while (uploading) {
        expect((await t.api('GET', '/api/tickets/summary', { token: tecnico.token })).status).toBe(200);
        small += 1;
      }
      expect((await upload).status).toBe(201);
      expect(small).toBeGreaterThan(0);
      const first = log.indexOf('piece');
      const last = log.lastIndexOf('piece');
      expect(log.filter((entry) => entry === 'piece')).toHaveLength(12);
      // Small requests' queries ran while the pieces were being written, not only before or after.
      expect(log.slice(first, last).filter((entry) => entry === 'other').length).toBeGreaterThan(0);
    } finally {
      db.query = query;
    }
  });
});
