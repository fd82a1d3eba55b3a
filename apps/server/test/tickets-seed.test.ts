import { describe, expect, it } from 'vitest';
import { ticketListSchema, ticketMessageListSchema } from '@farol/data/contract';
import { setupTestServer } from './harness';

// Always a fresh embedded database, so the demo seed runs whatever the pass (the shared PostgreSQL keeps users).
const t = setupTestServer({ demo: true, dataDir: 'memory://', databaseUrl: null });

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
    expect((await picture.arrayBuffer()).byteLength).toBe(attachments[0]!.size);
  });
});
