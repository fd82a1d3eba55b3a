import { beforeAll, describe, expect, it } from 'vitest';
import {
  TICKET_ATTACHMENT_FIELD,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
  ticketDetailSchema,
  ticketMessageListSchema,
  ticketMessageSchema,
  ticketSchema,
  type Ticket,
  type TicketAttachment,
} from '@farol/data/contract';
import { setupTestServer, type TestUser } from './harness';
import { ticketHelpers } from './ticket-helpers';

const t = setupTestServer({ demo: false });
const { truncateTickets, insertCompany, create, form } = ticketHelpers(t);

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(24, 1),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A file as a browser sends it: the claimed type is whatever the client says, the server reads the bytes. */
const file = (bytes: Buffer, name: string, type = 'application/octet-stream') =>
  [new Blob([new Uint8Array(bytes)], { type }), name] as const;

const formOf = (fields: Record<string, string>, files: (readonly [Blob, string])[] = []) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [blob, name] of files) data.append(TICKET_ATTACHMENT_FIELD, blob, name);
  return data;
};

let acme: number;
let globex: number;
let tecnico: TestUser;
let acmeClient: TestUser;
let globexClient: TestUser;

const countAttachments = async () => {
  const { rows } = await t.server.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM ticket_attachments',
  );
  return rows[0]!.n;
};

const download = (user: TestUser, path: string) => t.api('GET', path, { token: user.token });

beforeAll(async () => {
  await truncateTickets();
  acme = (await insertCompany('Acme')).id;
  globex = (await insertCompany('Globex')).id;
  tecnico = await t.createUser({ role: 'tecnico', permissions: ['tickets.view'] });
  acmeClient = await t.createUser({ role: 'cliente', companyId: acme });
  globexClient = await t.createUser({ role: 'cliente', companyId: globex });
});

describe('opening a ticket with files (multipart)', () => {
  let ticket: Ticket;
  let attachments: TicketAttachment[];

  it('stores an image and a PDF, typed by their bytes, and shows them on the detail', async () => {
    const response = await form(
      'POST',
      '/api/tickets',
      acmeClient,
      formOf(
        { subject: 'Tela azul', description: 'Print e relatório anexos', priority: 'alta', category: '' },
        [file(PNG, 'C:\\fotos\\tela azul.png', 'image/png'), file(PDF, 'relatório ação.pdf')],
      ),
    );
    expect(response.status, response.text).toBe(201);
    ticket = ticketSchema.parse(response.body);
    expect(ticket).toMatchObject({
      subject: 'Tela azul',
      priority: 'alta',
      category: null,
      company_id: acme,
    });

    const detail = ticketDetailSchema.parse(
      (await t.api('GET', `/api/tickets/${ticket.id}`, { token: acmeClient.token })).body,
    );
    attachments = detail.attachments;
    expect(attachments).toEqual([
      {
        id: expect.any(Number),
        name: 'tela azul.png',
        mime_type: 'image/png',
        size: PNG.length,
        url: `/api/tickets/${ticket.id}/attachments/${attachments[0]!.id}`,
      },
      {
        id: expect.any(Number),
        name: 'relatório ação.pdf',
        mime_type: 'application/pdf',
        size: PDF.length,
        url: `/api/tickets/${ticket.id}/attachments/${attachments[1]!.id}`,
      },
    ]);
  });

  it('serves the bytes inline with the type, a UTF-8 file name, nosniff, private caching and a sandboxed PDF', async () => {
    const [image, pdf] = attachments;
    const png = await fetch(`${t.baseUrl}${image!.url}`, {
      headers: { authorization: `Bearer ${acmeClient.token}` },
    });
    expect(png.status).toBe(200);
    expect(Buffer.from(await png.arrayBuffer())).toEqual(PNG);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''tela%20azul.png");
    expect(png.headers.get('x-content-type-options')).toBe('nosniff');
    expect(png.headers.get('cache-control')).toMatch(/^private/);
    expect(png.headers.get('content-security-policy')).toBeNull();

    const document = await download(tecnico, pdf!.url.replace('/api/tickets/', '/api/support/tickets/'));
    expect(document.status).toBe(200);
    expect(document.text).toBe(PDF.toString());
    expect(document.headers.get('content-type')).toBe('application/pdf');
    expect(document.headers.get('content-disposition')).toBe(
      "inline; filename*=UTF-8''relat%C3%B3rio%20a%C3%A7%C3%A3o.pdf",
    );
    expect(document.headers.get('content-security-policy')).toBe('sandbox');
  });

  it('answers 404 to another company, and for an unknown attachment or one of another ticket', async () => {
    const [image] = attachments;
    const other = await create(acmeClient, { subject: 'Outro', description: 'x' });
    for (const [user, path] of [
      [globexClient, image!.url],
      [acmeClient, `/api/tickets/${ticket.id}/attachments/999999`],
      [tecnico, `/api/tickets/${other.id}/attachments/${image!.id}`],
    ] as const) {
      const response = await download(user, path);
      expect(response.status, path).toBe(404);
      expect(response.body.error).toBe('not_found');
    }
    expect((await download(globexClient, image!.url)).body.message).toBe('Chamado não encontrado');
    expect((await t.api('GET', image!.url)).status).toBe(401);
    const badId = await download(acmeClient, `/api/tickets/${ticket.id}/attachments/abc`);
    expect(badId.status).toBe(400);
    expect(badId.body.details).toEqual({ attachmentId: 'attachmentId deve ser um número' });
  });

  it('still accepts JSON, and validates multipart fields like JSON ones', async () => {
    const json = await t.api('POST', '/api/tickets', {
      token: acmeClient.token,
      body: { subject: 'Sem anexo', description: 'x' },
    });
    expect(json.status).toBe(201);
    expect(
      ticketDetailSchema.parse((await download(acmeClient, `/api/tickets/${json.body.id}`)).body).attachments,
    ).toEqual([]);
    const bad = await form(
      'POST',
      '/api/tickets',
      tecnico,
      formOf({ subject: 'x', description: 'y', company_id: 'abc' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({
      subject: 'O assunto deve ter ao menos 3 caracteres',
      company_id: 'company_id deve ser um número',
    });
  });
});

describe('refusing files', () => {
  let ticket: Ticket;

  beforeAll(async () => {
    ticket = await create(acmeClient, { subject: 'Recusas', description: 'x' });
  });

  const reply = (fields: Record<string, string>, files: (readonly [Blob, string])[]) =>
    form('POST', `/api/tickets/${ticket.id}/messages`, acmeClient, formOf(fields, files));

  it('answers 413 naming a file over the size limit, and stores nothing', async () => {
    const stored = await countAttachments();
    const big = Buffer.alloc(TICKET_ATTACHMENT_MAX_BYTES + 1);
    PNG.copy(big);
    const response = await reply({ body: 'Arquivo grande' }, [file(PNG, 'ok.png'), file(big, 'enorme.png')]);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      error: 'payload_too_large',
      message: 'O arquivo "enorme.png" passa de 10 MB',
      details: { [TICKET_ATTACHMENT_FIELD]: 'O arquivo "enorme.png" passa de 10 MB' },
    });
    expect(await countAttachments()).toBe(stored);
  });

  it('answers 415 to a file that is neither an image nor a PDF by its bytes, whatever it claims', async () => {
    const response = await reply({ body: 'Falso PNG' }, [
      file(Buffer.from('MZ executável'), 'foto.png', 'image/png'),
    ]);
    expect(response.status).toBe(415);
    expect(response.body).toEqual({
      error: 'unsupported_media_type',
      message: 'Anexe imagens (PNG, JPG, GIF, WebP) ou PDF',
      details: {
        [TICKET_ATTACHMENT_FIELD]: 'O arquivo "foto.png" não é uma imagem (PNG, JPG, GIF, WebP) nem um PDF',
      },
    });
  });

  it(`answers 413 to more than ${TICKET_ATTACHMENT_MAX_FILES} files`, async () => {
    const stored = await countAttachments();
    const files = Array.from({ length: TICKET_ATTACHMENT_MAX_FILES + 1 }, (_, index) =>
      file(PNG, `${index}.png`),
    );
    const response = await reply({ body: 'Muitos' }, files);
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({
      error: 'payload_too_large',
      message: `Anexe no máximo ${TICKET_ATTACHMENT_MAX_FILES} arquivos`,
    });
    expect(await countAttachments()).toBe(stored);
  });

  it('answers 400 to an empty message without files, as multipart or JSON', async () => {
    const expected = {
      error: 'validation_failed',
      message: 'Escreva uma mensagem ou anexe um arquivo',
      details: { body: 'Escreva uma mensagem ou anexe um arquivo' },
    };
    const multipart = await reply({ body: '  ' }, []);
    expect(multipart.status).toBe(400);
    expect(multipart.body).toEqual(expected);
    const json = await t.api('POST', `/api/tickets/${ticket.id}/messages`, {
      token: acmeClient.token,
      body: {},
    });
    expect(json.body).toEqual(expected);
  });

  it('answers 400 to files in another field and to internal that is not true or false', async () => {
    const data = formOf({ body: 'x' });
    data.append('anexo', new Blob([new Uint8Array(PNG)]), 'a.png');
    const wrongField = await form('POST', `/api/tickets/${ticket.id}/messages`, tecnico, data);
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.details).toEqual({
      anexo: `Envie os arquivos no campo ${TICKET_ATTACHMENT_FIELD}`,
    });
    const badFlag = await form(
      'POST',
      `/api/tickets/${ticket.id}/messages`,
      tecnico,
      formOf({ body: 'x', internal: 'sim' }),
    );
    expect(badFlag.status).toBe(400);
    expect(badFlag.body.details).toEqual({ internal: 'internal deve ser verdadeiro ou falso' });
  });
});

describe('replies and internal notes with files', () => {
  let ticket: Ticket;

  beforeAll(async () => {
    ticket = await create(acmeClient, { subject: 'Com respostas', description: 'x' });
  });

  it('accepts a reply that is only a file, and lists each message with its own files', async () => {
    const reply = await form(
      'POST',
      `/api/tickets/${ticket.id}/messages`,
      acmeClient,
      formOf({}, [file(PDF, 'nota.pdf')]),
    );
    expect(reply.status, reply.text).toBe(201);
    const message = ticketMessageSchema.parse(reply.body);
    expect(message).toMatchObject({ body: '', internal: false });
    expect(message.attachments).toEqual([
      expect.objectContaining({ name: 'nota.pdf', mime_type: 'application/pdf', size: PDF.length }),
    ]);
    const staffReply = await form(
      'POST',
      `/api/support/tickets/${ticket.id}/messages`,
      tecnico,
      formOf({ body: 'Veja a imagem', internal: 'false' }, [file(PNG, 'passo.png')]),
    );
    expect(staffReply.status).toBe(201);
    const thread = ticketMessageListSchema.parse(
      (await t.api('GET', `/api/tickets/${ticket.id}/messages`, { token: acmeClient.token })).body,
    );
    expect(thread.items.map((item) => item.attachments.map((attachment) => attachment.name))).toEqual([
      ['nota.pdf'],
      ['passo.png'],
    ]);
    // The opening has none of the replies' files.
    expect(
      ticketDetailSchema.parse((await download(acmeClient, `/api/tickets/${ticket.id}`)).body).attachments,
    ).toEqual([]);
  });

  it('keeps a file on an internal note away from the client (404), not from staff', async () => {
    const note = await form(
      'POST',
      `/api/tickets/${ticket.id}/messages`,
      tecnico,
      formOf({ body: 'Log do servidor', internal: 'true' }, [file(PNG, 'log-interno.png')]),
    );
    expect(note.status).toBe(201);
    const noteMessage = ticketMessageSchema.parse(note.body);
    expect(noteMessage.internal).toBe(true);
    const url = noteMessage.attachments[0]!.url;
    expect((await download(tecnico, url)).status).toBe(200);
    const hidden = await download(acmeClient, url);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ error: 'not_found', message: 'Anexo não encontrado' });
    const clientThread = await t.api('GET', `/api/tickets/${ticket.id}/messages`, {
      token: acmeClient.token,
    });
    expect(clientThread.text).not.toContain('log-interno');
  });

  it('refuses a client an internal note even with files (403), storing nothing', async () => {
    const stored = await countAttachments();
    const response = await form(
      'POST',
      `/api/tickets/${ticket.id}/messages`,
      acmeClient,
      formOf({ body: 'Quero ver', internal: 'true' }, [file(PNG, 'x.png')]),
    );
    expect(response.status).toBe(403);
    expect(await countAttachments()).toBe(stored);
  });
});
