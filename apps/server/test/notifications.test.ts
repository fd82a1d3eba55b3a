import { beforeEach, describe, expect, it } from 'vitest';
import {
  notificationEventSchema,
  notificationListSchema,
  notificationSchema,
  notificationUnreadCountSchema,
} from '@farol/data/contract';
import { setupTestServer, type TestUser } from './harness';
import { connectClient, nextEvent } from './realtime-helpers';

const t = setupTestServer({ demo: false });

let owner: TestUser;
let stranger: TestUser;

const seed = async (user: TestUser, count: number) => {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const notification = await t.server.notify(user.id, {
      type: 'ticket',
      title: `Chamado ${index}`,
      message: `Mensagem ${index}`,
      link: `/tickets/${index}`,
    });
    ids.push(notification.id);
  }
  return ids;
};

const unread = async (user: TestUser) =>
  notificationUnreadCountSchema.parse(
    (await t.api('GET', '/api/notifications/unread-count', { token: user.token })).body,
  );

const readAtOf = async (id: number) => {
  const { rows } = await t.server.db.query<{ read_at: Date | null }>(
    'SELECT read_at FROM notifications WHERE id = $1',
    [id],
  );
  return rows[0]?.read_at ?? null;
};

describe('notifications', () => {
  beforeEach(async () => {
    owner = await t.createUser();
    stranger = await t.createUser();
  });

  it('lists newest first with ?limit (default 25) and the total', async () => {
    const ids = await seed(owner, 30);
    await seed(stranger, 2);
    const page = await t.api('GET', '/api/notifications', { token: owner.token });
    expect(page.status).toBe(200);
    const list = notificationListSchema.parse(page.body);
    expect(list.total).toBe(30);
    expect(list.items).toHaveLength(25);
    expect(list.items[0]!.id).toBe(ids.at(-1));
    const limited = notificationListSchema.parse(
      (await t.api('GET', '/api/notifications?limit=5', { token: owner.token })).body,
    );
    expect(limited.items.map((item) => item.id)).toEqual(ids.slice(-5).reverse());
    expect(limited.items[0]).toMatchObject({
      type: 'ticket',
      title: 'Chamado 29',
      read_at: null,
      severity: 'info',
    });
  });

  it('rejects a bad limit with a Portuguese message', async () => {
    for (const [query, message] of [
      ['limit=1000', 'limit deve ser no máximo 100'],
      ['limit=0', 'limit deve ser ao menos 1'],
      ['limit=abc', 'limit deve ser um número'],
      ['limit=2.5', 'limit deve ser um número inteiro'],
    ]) {
      const response = await t.api('GET', `/api/notifications?${query}`, { token: owner.token });
      expect(response.status, query).toBe(400);
      expect(response.body).toEqual({
        error: 'validation_failed',
        message: 'Dados inválidos',
        details: { limit: message },
      });
    }
  });

  it('counts unread as {unread, count}', async () => {
    await seed(owner, 3);
    expect(await unread(owner)).toEqual({ unread: 3, count: 3 });
    expect(await unread(stranger)).toEqual({ unread: 0, count: 0 });
  });

  it('marks read through every route the client falls back through', async () => {
    const [a, b, c] = await seed(owner, 3);
    const put = await t.api('PUT', `/api/notifications/${a}/read`, {
      token: owner.token,
      body: { read: true },
    });
    expect(put.status).toBe(200);
    expect(notificationSchema.parse(put.body).read_at).not.toBeNull();
    const post = await t.api('POST', `/api/notifications/${b}/mark-read`, {
      token: owner.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(post.status).toBe(200);
    expect(post.body.read_at).not.toBeNull();
    const plainPut = await t.api('PUT', `/api/notifications/${c}`, {
      token: owner.token,
      body: { read: true },
    });
    expect(plainPut.status).toBe(200);
    expect(await unread(owner)).toEqual({ unread: 0, count: 0 });

    // Marking again keeps the first read time; {read:false} makes it unread again.
    const firstReadAt = await readAtOf(a!);
    await t.api('PUT', `/api/notifications/${a}/read`, { token: owner.token });
    expect(await readAtOf(a!)).toEqual(firstReadAt);
    const unreadAgain = await t.api('PUT', `/api/notifications/${a}`, {
      token: owner.token,
      body: { read: false },
    });
    expect(unreadAgain.body.read_at).toBeNull();
    expect(await unread(owner)).toEqual({ unread: 1, count: 1 });

    const bad = await t.api('PUT', `/api/notifications/${a}/read`, {
      token: owner.token,
      body: { read: 'sim' },
    });
    expect(bad.status).toBe(400);
    const extra = await t.api('PUT', `/api/notifications/${a}`, {
      token: owner.token,
      body: { read: true, x: 1 },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.details).toEqual({ x: 'Campo não permitido' });
  });

  it('marks all read by PUT /read-all and POST /mark-all-read, only the caller’s', async () => {
    await seed(owner, 4);
    await seed(stranger, 2);
    const put = await t.api('PUT', '/api/notifications/read-all', { token: owner.token });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ updated: 4, unread: 0, count: 0 });
    expect(await unread(owner)).toEqual({ unread: 0, count: 0 });
    expect(await unread(stranger)).toEqual({ unread: 2, count: 2 });
    await seed(owner, 1);
    const post = await t.api('POST', '/api/notifications/mark-all-read', { token: owner.token });
    expect(post.body.updated).toBe(1);
    expect(await unread(owner)).toEqual({ unread: 0, count: 0 });
    expect(await unread(stranger)).toEqual({ unread: 2, count: 2 });
  });

  it('deletes one of the caller’s notifications', async () => {
    const [a] = await seed(owner, 2);
    const response = await t.api('DELETE', `/api/notifications/${a}`, { token: owner.token });
    expect(response.status).toBe(204);
    const list = notificationListSchema.parse(
      (await t.api('GET', '/api/notifications', { token: owner.token })).body,
    );
    expect(list.total).toBe(1);
    expect(list.items.map((item) => item.id)).not.toContain(a);
    expect((await t.api('DELETE', `/api/notifications/${a}`, { token: owner.token })).status).toBe(404);
  });

  it('never lets anyone touch another user’s notification: 404 and nothing changes', async () => {
    const [theirs] = await seed(owner, 1);
    const attempts: [string, string, unknown?][] = [
      ['PUT', `/api/notifications/${theirs}/read`, { read: true }],
      ['POST', `/api/notifications/${theirs}/mark-read`],
      ['PUT', `/api/notifications/${theirs}`, { read: true }],
      ['DELETE', `/api/notifications/${theirs}`],
    ];
    for (const [method, path, body] of attempts) {
      const response = await t.api(method, path, { token: stranger.token, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body).toEqual({ error: 'not_found', message: 'Notificação não encontrada' });
    }
    expect(await readAtOf(theirs!)).toBeNull();
    expect(await unread(owner)).toEqual({ unread: 1, count: 1 });
    const bad = await t.api('DELETE', '/api/notifications/abc', { token: stranger.token });
    expect(bad.status).toBe(400);
  });

  it('notify() stores and pushes a tagged `notification` to the user’s room only', async () => {
    const mine = await connectClient(t.realtimeUrl, { token: owner.token });
    const theirs = await connectClient(t.realtimeUrl, { token: stranger.token });
    try {
      const received = nextEvent(mine, 'notification');
      let strangerGotOne = false;
      theirs.on('notification', () => {
        strangerGotOne = true;
      });
      const stored = await t.server.notify(owner.id, {
        type: 'message',
        message: 'Nova mensagem',
        link: '/messages',
      });
      const event = notificationEventSchema.parse(await received);
      expect(event.notification).toEqual(stored);
      expect(stored).toMatchObject({ severity: 'info', read_at: null, title: null });
      const list = notificationListSchema.parse(
        (await t.api('GET', '/api/notifications', { token: owner.token })).body,
      );
      expect(list.items[0]).toEqual(stored);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(strangerGotOne).toBe(false);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('notify() refuses an empty message', async () => {
    await expect(t.server.notify(owner.id, { type: 'system', message: '' })).rejects.toMatchObject({
      status: 400,
    });
    expect(await unread(owner)).toEqual({ unread: 0, count: 0 });
  });
});
