import { afterAll, describe, expect, it } from 'vitest';
import { setupTestServer } from './harness';
import { connectClient, nextEvent, settle, type ClientSocket } from './realtime-helpers';

const t = setupTestServer();
const sockets: ClientSocket[] = [];

afterAll(() => {
  for (const socket of sockets) socket.close();
});

const connect = async (token: string) => {
  const socket = await connectClient(t.realtimeUrl, { token });
  sockets.push(socket);
  return socket;
};

describe('POST /api/auth/logout and the realtime sockets', () => {
  it('disconnects the sockets of the logged-out session only, which cannot reconnect with its token', async () => {
    const user = await t.createUser({ role: 'tecnico' });
    const otherSession = await t.loginAs(user.email);
    const [first, second, kept] = await Promise.all([
      connect(user.token),
      connect(user.token),
      connect(otherSession),
    ]);
    const gone = Promise.all([nextEvent(first, 'disconnect'), nextEvent(second, 'disconnect')]);

    expect((await t.api('POST', '/api/auth/logout', { token: user.token })).status).toBe(204);
    await expect(gone).resolves.toEqual(['io server disconnect', 'io server disconnect']);
    await settle();
    expect(kept.connected).toBe(true);

    await expect(connectClient(t.realtimeUrl, { token: user.token })).rejects.toThrow(/auth/);
  });

  it('logging out an already revoked token touches no socket', async () => {
    const user = await t.createUser({ role: 'gestor' });
    const socket = await connect(user.token);
    const stranger = await t.createUser({ role: 'gestor' });
    expect((await t.api('POST', '/api/auth/logout', { token: stranger.token })).status).toBe(204);
    expect((await t.api('POST', '/api/auth/logout', { token: stranger.token })).status).toBe(204);
    await settle();
    expect(socket.connected).toBe(true);
  });
});
