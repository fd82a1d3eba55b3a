import { createFakeRealtime, type RealtimeStatus } from '@farol/data/realtime';
import { describe, expect, it, vi } from 'vitest';
import { createLazyRealtime } from './lazy-realtime';

const typingPayload = { conversationId: 7, typing: true, userId: 2, name: 'Ana' };

describe('createLazyRealtime', () => {
  it('builds nothing until the first connect', () => {
    const load = vi.fn(async () => createFakeRealtime());
    const client = createLazyRealtime(load);
    client.on('typing', () => {});
    client.joinConversation(3);
    expect(load).not.toHaveBeenCalled();
    expect(client.status).toBe('disconnected');
  });

  it('hands earlier subscriptions, joins and status listeners to the real client', async () => {
    const fake = createFakeRealtime();
    const client = createLazyRealtime(async () => fake);
    const statuses: RealtimeStatus[] = [];
    const typing = vi.fn();
    client.onStatus((status) => statuses.push(status));
    client.on('typing', typing);
    client.joinConversation(7);

    client.connect();
    expect(statuses).toEqual(['connecting']);
    await vi.waitFor(() => expect(client.status).toBe('connected'));
    expect(statuses.at(-1)).toBe('connected');
    expect(fake.emits.map((emit) => emit.event)).toEqual(['conv:join', 'conversation:join']);

    fake.emitServerEvent('typing', typingPayload);
    expect(typing).toHaveBeenCalledWith(typingPayload);
  });

  it('stops delivering to an unsubscribed handler, before and after the switch', async () => {
    const fake = createFakeRealtime();
    const client = createLazyRealtime(async () => fake);
    const early = vi.fn();
    const late = vi.fn();
    client.on('typing', early)();
    client.connect();
    await vi.waitFor(() => expect(client.status).toBe('connected'));
    const offLate = client.on('typing', late);
    fake.emitServerEvent('typing', typingPayload);
    offLate();
    fake.emitServerEvent('typing', typingPayload);
    expect(early).not.toHaveBeenCalled();
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('does not connect when signed out before the client arrived', async () => {
    const fake = createFakeRealtime();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const client = createLazyRealtime(async () => {
      await gate;
      return fake;
    });
    client.connect();
    client.disconnect();
    release();
    await gate;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.connectCount).toBe(0);
    expect(client.status).toBe('disconnected');
  });

  it('sends through the real client, loading it when needed', async () => {
    const fake = createFakeRealtime();
    const client = createLazyRealtime(async () => fake);
    client.connect();
    await vi.waitFor(() => expect(client.status).toBe('connected'));
    const message = await client.sendMessage({ conversationId: 4, text: 'Olá', clientId: 'c-1' });
    expect(message).toMatchObject({ conversation_id: 4, text: 'Olá' });
  });
});
