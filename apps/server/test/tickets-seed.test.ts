import { describe, expect, it } from 'vitest';
import { ticketListSchema, ticketMessageListSchema } from '@farol/data/contract';
import { setupTestServer } from './harness';

// The demo as seeded on the pass's engine (the run's archive on PGlite, the file's copy of the seeded template on
// PostgreSQL).
const t = setupTestServer({ demo: true });

describe('demo tickets', () => {
  it('seeds Acme and Globex tickets in several statuses, each client seeing only theirs', async () => {
    const staff = ticketListSchema.parse(
      (await t.api('GET', '/api/tickets', { token: await t.loginAs('tecnico@farol.dev') })).body,
    );
    expect(new Set(staff.items.map((ticket) => ticket.company_name))).toEqual(new Set(['Acme', 'Globex']));
    expect(new Set(staff.items.map((ticket) => ticket.status)).size).toBeGreaterThanOrEqual(4);
    const acme = ticketListSchema.parse(
      (await t.api('GET', '/api/tickets', { token: await t.loginAs('cliente@acme.com.br') })).body,
    );
    expect(acme.total).toBeGreaterThan(0);
    expect(acme.items.every((ticket) => ticket.company_name === 'Acme')).toBe(true);
  });

  it('has public replies and one internal note the client never receives', async () => {
    const staffToken = await t.loginAs('gestor@farol.dev');
    const clientToken = await t.loginAs('cliente@acme.com.br');
    const tickets = ticketListSchema.parse((await t.api('GET', '/api/tickets', { token: staffToken })).body);
    let internal = 0;
    let hiddenFromClient = 0;
    for (const ticket of tickets.items) {
      const path = `/api/tickets/${ticket.id}/messages`;
      const staffThread = ticketMessageListSchema.parse(
        (await t.api('GET', path, { token: staffToken })).body,
      );
      internal += staffThread.items.filter((message) => message.internal).length;
      if (ticket.company_name !== 'Acme') continue;
      const clientThread = ticketMessageListSchema.parse(
        (await t.api('GET', path, { token: clientToken })).body,
      );
      expect(clientThread.items.every((message) => !message.internal)).toBe(true);
      hiddenFromClient += staffThread.total - clientThread.total;
    }
    expect(internal).toBe(1);
    expect(hiddenFromClient).toBe(1);
  });

  it('shows one attached picture in a client reply, downloadable by the client', async () => {
    const clientToken = await t.loginAs('cliente@acme.com.br');
    const tickets = ticketListSchema.parse((await t.api('GET', '/api/tickets', { token: clientToken })).body);
    const attachments = [];
    for (const ticket of tickets.items) {
      const thread = ticketMessageListSchema.parse(
        (await t.api('GET', `/api/tickets/${ticket.id}/messages`, { token: clientToken })).body,
      );
      attachments.push(...thread.items.flatMap((message) => message.attachments));
    }
    expect(attachments).toEqual([
      expect.objectContaining({ name: 'painel-impressora.png', mime_type: 'image/png' }),
    ]);
    const picture = await fetch(`${t.baseUrl}${attachments[0]!.url}`, {
      headers: { authorization: `Bearer ${clientToken}` },
    });
    expect(picture.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await picture.arrayBuffer());
    expect(bytes.byteLength).toBe(attachments[0]!.size);
    // A picture a person can look at, not a single pixel (the PNG header's width and height).
    expect(bytes.readUInt32BE(16)).toBeGreaterThanOrEqual(320);
    expect(bytes.readUInt32BE(20)).toBeGreaterThanOrEqual(180);
  });
});

const DEMO_LOGINS = [
  'admin@farol.dev',
  'gestor@farol.dev',
  'tecnico@farol.dev',
  'cliente@acme.com.br',
  'cliente@globex.com.br',
];

describe('demo content agrees with itself', () => {
  it('every seeded notification link opens for its owner, and none tells of a module that is not there', async () => {
    let links = 0;
    for (const email of DEMO_LOGINS) {
      const token = await t.loginAs(email);
      const { body } = await t.api('GET', '/api/notifications?limit=25', { token });
      const items = (body as { items: Array<{ type: string; link: string | null }> }).items;
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        expect(['task', 'connection', 'password'], `${email}: ${item.type}`).not.toContain(item.type);
        if (!item.link) continue;
        links += 1;
        const ticket = /^\/tickets\/(\d+)$/.exec(item.link);
        const api = ticket
          ? `/api/tickets/${ticket[1]}`
          : (
              { '/tickets': '/api/tickets', '/messages': '/api/messages', '/': '/api/profile' } as Record<
                string,
                string
              >
            )[item.link];
        expect(api, `${email}: unknown link ${item.link}`).toBeDefined();
        expect((await t.api('GET', api!, { token })).status, `${email}: ${item.link}`).toBe(200);
      }
    }
    expect(links).toBeGreaterThanOrEqual(6);
  });

  it('every chamado a seeded chat message cites exists, and every member of that chat may open it', async () => {
    let cited = 0;
    for (const email of DEMO_LOGINS) {
      const token = await t.loginAs(email);
      const conversations = (await t.api('GET', '/api/messages', { token })).body as {
        items: Array<{ id: number }>;
      };
      for (const conversation of conversations.items) {
        const page = (await t.api('GET', `/api/messages/conversations/${conversation.id}`, { token }))
          .body as {
          items: Array<{ text: string }>;
        };
        for (const match of page.items.flatMap((message) => [...message.text.matchAll(/#(\d{4})/g)])) {
          cited += 1;
          const found = (await t.api('GET', `/api/tickets?q=${match[1]}`, { token })).body as {
            items: Array<{ number: number }>;
          };
          expect(
            found.items.map((item) => item.number),
            `${email} cannot see the cited #${match[1]}`,
          ).toContain(Number(match[1]));
        }
      }
    }
    expect(cited).toBeGreaterThan(0);
  });
});
