/**
 * The company scope (issue 13) on what the server tells people unasked: a technician limited away from Globex
 * hears nothing of Globex's tasks — not on a board's live room they sit in, not as "atribuída a você", not as a
 * due-day reminder — nor of its vault items' rotation, while an unlimited peer does. The same rule as the
 * chamados' (tickets.test.ts), through the same SQL (reachesCompanySql).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, PERMISSION_KEYS } from '@farol/data/contract';
import { sweepRotation } from '../src/modules/passwords/rotation';
import { createTaskReminders } from '../src/modules/tasks';
import { todayIn } from '../src/modules/tasks/service';
import { setupTestServer, type TestUser } from './harness';
import { TEST_VAULT_KEY, vaultMarker } from './password-helpers';
import { ack, collect, connectClient, nextEvent, settle, type ClientSocket } from './realtime-helpers';

const t = setupTestServer({ vaultKey: TEST_VAULT_KEY, vaultRotationSweep: false });

let admin: string;
let limited: TestUser;
let peer: TestUser;
let acme: number;
let globex: number;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  admin = await t.loginAs('admin@farol.dev');
  acme = await t.companyId('Acme');
  globex = await t.companyId('Globex');
  limited = await t.createUser({ role: 'tecnico', permissions: [...PERMISSION_KEYS] });
  peer = await t.createUser({ role: 'tecnico', permissions: [...PERMISSION_KEYS] });
  const set = await t.api('PUT', `/api/roles/access/${limited.id}`, {
    token: admin,
    body: { company_scope: { mode: 'except', excluded_company_ids: [globex] } },
  });
  expect(set.status, set.text).toBe(200);
});

afterAll(() => {
  for (const socket of sockets) socket.close();
});

const teamBoard = async () => {
  const board = await t.api('POST', '/api/tasks/boards', {
    token: admin,
    body: { name: `Equipe ${vaultMarker()}` },
  });
  expect(board.status, board.text).toBe(201);
  return board.body.id as number;
};

const newTask = async (boardId: number, body: Record<string, unknown>) => {
  const task = await t.api('POST', '/api/tasks', { token: admin, body: { board_id: boardId, ...body } });
  expect(task.status, task.text).toBe(201);
  return task.body as { id: number; board_id: number };
};

const notificationsOf = async (userId: number, link: string) => {
  const { rows } = await t.server.db.query<{ title: string }>(
    'SELECT title FROM notifications WHERE user_id = $1 AND link = $2 ORDER BY id',
    [userId, link],
  );
  return rows.map((row) => row.title);
};

const taskLink = (task: { id: number; board_id: number }) =>
  `/tasks/board/${task.board_id}?tarefa=${task.id}`;

describe('company scope on tasks and the vault', () => {
  it("a team board's room hears a Globex task only where the scope reaches Globex; so do its notifications", async () => {
    const boardId = await teamBoard();
    const limitedSocket = await connectClient(t.realtimeUrl, { token: limited.token });
    const peerSocket = await connectClient(t.realtimeUrl, { token: peer.token });
    sockets.push(limitedSocket, peerSocket);
    expect(await ack(limitedSocket, 'board:join', { boardId })).toEqual({ ok: true, boardId });
    expect(await ack(peerSocket, 'board:join', { boardId })).toEqual({ ok: true, boardId });
    const heard: { event: string; id: number }[] = [];
    for (const event of ['task:created', 'task:updated', 'task:moved', 'task:deleted', 'task:commented']) {
      limitedSocket.on(event, (payload: { task?: { id: number }; taskId?: number }) =>
        heard.push({ event, id: payload.task?.id ?? payload.taskId ?? 0 }),
      );
    }
    const told = collect<{ notification: { link: string } }>(limitedSocket, 'notification');

    // A Globex task, assigned to both, commented and deleted: the peer hears each step, the limited one nothing.
    const peerCreated = nextEvent<{ task: { id: number } }>(peerSocket, 'task:created');
    const globexTask = await newTask(boardId, {
      title: 'Tarefa da Globex',
      company_id: globex,
      assignee_ids: [limited.id, peer.id],
    });
    expect((await peerCreated).task.id).toBe(globexTask.id);
    const peerCommented = nextEvent(peerSocket, 'task:commented');
    const comment = await t.api('POST', `/api/tasks/${globexTask.id}/comments`, {
      token: admin,
      body: { body: 'Andamento da Globex' },
    });
    expect(comment.status, comment.text).toBe(201);
    await peerCommented;
    const peerDeleted = nextEvent(peerSocket, 'task:deleted');
    expect((await t.api('DELETE', `/api/tasks/${globexTask.id}`, { token: admin })).status).toBe(204);
    await peerDeleted;

    // An Acme task after them does reach the limited technician: anything of Globex's would have come first.
    const limitedCreated = nextEvent<{ task: { id: number } }>(limitedSocket, 'task:created');
    const acmeTask = await newTask(boardId, {
      title: 'Tarefa da Acme',
      company_id: acme,
      assignee_ids: [limited.id],
    });
    expect((await limitedCreated).task.id).toBe(acmeTask.id);
    await settle();
    expect(heard.filter((entry) => entry.id === globexTask.id)).toEqual([]);
    expect(told.map((payload) => payload.notification.link)).not.toContain(taskLink(globexTask));
    expect(await notificationsOf(limited.id, taskLink(globexTask))).toEqual([]);
    expect(await notificationsOf(peer.id, taskLink(globexTask))).toEqual(['Tarefa atribuída a você']);
    expect(await notificationsOf(limited.id, taskLink(acmeTask))).toEqual(['Tarefa atribuída a você']);
  });

  it('reminds an assignee of a due task only where the scope reaches its company', async () => {
    const boardId = await teamBoard();
    const overdue = addDays(todayIn(), -2);
    const globexTask = await newTask(boardId, {
      title: 'Globex atrasada',
      company_id: globex,
      due_date: overdue,
      assignee_ids: [limited.id, peer.id],
    });
    const acmeTask = await newTask(boardId, {
      title: 'Acme atrasada',
      company_id: acme,
      due_date: overdue,
      assignee_ids: [limited.id],
    });
    const reminders = createTaskReminders({
      db: t.server.db,
      notify: t.server.notify,
      log: { info() {}, error() {} },
    });
    await reminders.sweep();
    expect(await notificationsOf(limited.id, taskLink(globexTask))).toEqual([]);
    expect(await notificationsOf(peer.id, taskLink(globexTask))).toContain('Tarefa atrasada');
    expect(await notificationsOf(limited.id, taskLink(acmeTask))).toContain('Tarefa atrasada');
  });

  it("tells a vault item's owner its rotation is due only where the scope reaches its company", async () => {
    const items: Record<string, number> = {};
    for (const [name, companyId] of [
      ['globex', globex],
      ['acme', acme],
    ] as const) {
      const created = await t.api('POST', '/api/passwords', {
        token: admin,
        body: {
          kind: 'login',
          name: vaultMarker(),
          username: 'admin',
          secrets: { password: 'p@ss-1' },
          company_id: companyId,
          rotate_every_days: 30,
        },
      });
      expect(created.status, created.text).toBe(201);
      items[name] = created.body.id as number;
    }
    await t.server.db.query(
      `UPDATE vault_items SET owner_id = $2, password_changed_at = now() - interval '40 days'
        WHERE id = ANY ($1::int[])`,
      [Object.values(items), limited.id],
    );
    await sweepRotation({ db: t.server.db, notify: t.server.notify, log: { error() {} } });
    expect(await notificationsOf(limited.id, `/passwords/${items.globex}`)).toEqual([]);
    expect(await notificationsOf(limited.id, `/passwords/${items.acme}`)).toEqual([
      'Senha com troca vencida',
    ]);
    // Not marked either: reached again, the owner is told.
    const { rows } = await t.server.db.query<{ id: number; notified: boolean }>(
      'SELECT id, rotation_notified_at IS NOT NULL AS notified FROM vault_items WHERE id = ANY ($1::int[])',
      [Object.values(items)],
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, row.notified]))).toEqual({
      [items.globex!]: false,
      [items.acme!]: true,
    });
  });
});
