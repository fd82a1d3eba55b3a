import { describe, expect, it } from 'vitest';
import { login, request, seededDataDir, someCompanyId, startServer, TINY_PNG, waitForExit } from './harness';

interface Acknowledged {
  kind: 'ticket' | 'message';
  id: number;
  ticketId: number;
  text: string;
}

describe('kill -9 under write load', () => {
  it('loses no acknowledged write, and the next start takes over the dead server’s lock', async () => {
    const dataDir = seededDataDir('kill-9');
    const server = await startServer({ dataDir });
    const token = await login(server.url);
    const companyId = await someCompanyId(server.url, token);
    const acknowledged: Acknowledged[] = [];
    let stopping = false;
    let failure: unknown = null;

    // Writers: new chamados (JSON) and replies with a picture (multipart), each counted once answered.
    const writer = async (n: number) => {
      for (let i = 0; !stopping; i += 1) {
        const text = `kill-9 escritor ${n} nº ${i}`;
        try {
          const ticket = await request(`${server.url}/api/tickets`, {
            method: 'POST',
            token,
            json: { subject: text, description: 'Carga antes do kill -9', company_id: companyId },
          });
          if (ticket.status !== 201) throw new Error(`${ticket.status} ${ticket.text}`);
          acknowledged.push({ kind: 'ticket', id: ticket.body.id, ticketId: ticket.body.id, text });
          const form = new FormData();
          form.append('body', `resposta de ${text}`);
          form.append('files', new Blob([TINY_PNG], { type: 'image/png' }), `foto-${n}-${i}.png`);
          const reply = await request(`${server.url}/api/tickets/${ticket.body.id}/messages`, {
            method: 'POST',
            token,
            body: form,
          });
          if (reply.status !== 201) throw new Error(`${reply.status} ${reply.text}`);
          acknowledged.push({
            kind: 'message',
            id: reply.body.id,
            ticketId: ticket.body.id,
            text: `resposta de ${text}`,
          });
        } catch (error) {
          if (!stopping) failure = error;
          stopping = true;
          return;
        }
      }
    };
    const writers = [1, 2, 3, 4].map((n) => writer(n));
    // Kill while writes are in flight, once a fair number have been answered.
    while (acknowledged.length < 60 && !stopping) await new Promise((resolve) => setTimeout(resolve, 50));
    stopping = true;
    if (failure) {
      server.child.kill('SIGKILL');
      throw failure;
    }
    server.child.kill('SIGKILL');
    await waitForExit(server);
    await Promise.all(writers);
    const answered = [...acknowledged];

    const again = await startServer({ dataDir });
    try {
      const token2 = await login(again.url);
      for (const write of answered.filter((entry) => entry.kind === 'ticket')) {
        const ticket = await request(`${again.url}/api/tickets/${write.id}`, { token: token2 });
        expect(ticket.status, write.text).toBe(200);
        expect(ticket.body.subject).toBe(write.text);
      }
      const byTicket = new Map<number, Acknowledged[]>();
      for (const write of answered.filter((entry) => entry.kind === 'message')) {
        byTicket.set(write.ticketId, [...(byTicket.get(write.ticketId) ?? []), write]);
      }
      for (const [ticketId, writes] of byTicket) {
        const thread = await request(`${again.url}/api/tickets/${ticketId}/messages?limit=100`, {
          token: token2,
        });
        expect(thread.status).toBe(200);
        for (const write of writes) {
          const message = thread.body.items.find((item: { id: number }) => item.id === write.id);
          expect(message?.body, write.text).toBe(write.text);
          expect(message.attachments).toHaveLength(1);
        }
      }
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });
});
