import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  myTasksSchema,
  taskBoardListSchema,
  taskBoardViewSchema,
  taskDetailSchema,
  taskMoveResultSchema,
  taskSchema,
  ticketTasksSchema,
} from '../../contract/task';
import { orderKeyBetween } from '../../contract/task-order';
import { callMockApi, type MockApiCall } from '../../mocks/call-mock-api';
import { fixtureTokens } from '../../mocks/fixtures';
import { createHandlers, flattenHandlers } from '../../mocks/handlers';
import { resetMockState } from '../../mocks/store';
import { todayInBrazil } from '../rules';

const server = setupServer(...flattenHandlers(createHandlers()));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetMockState();
});
afterAll(() => server.close());

const { admin, tecnico, clienteAcme } = fixtureTokens;

const call = (method: string, path: string, { body, token = admin }: MockApiCall = {}) =>
  callMockApi<Record<string, unknown>>(method, path, { body, token });

const board = async (id: number) =>
  taskBoardViewSchema.parse((await call('GET', `/tasks/boards/${id}`)).body);

describe('tasks mock handlers', () => {
  it('list the boards with their counts, and refuse clients', async () => {
    const page = taskBoardListSchema.parse((await call('GET', '/tasks/boards')).body);
    expect(page.items.map((item) => item.name)).toEqual([
      'Implantação Acme',
      'Manutenção mensal',
      'Operações internas',
    ]);
    expect(page.items[0]).toMatchObject({ task_count: 4, open_count: 3, overdue_count: 1 });
    expect((await call('GET', '/tasks/boards', { token: clienteAcme })).status).toBe(403);
  });

  it('answer the whole board in order, with "bloqueada por #8" computed', async () => {
    const view = await board(2);
    expect(view.columns.map((column) => [column.name, column.task_count])).toEqual([
      ['A fazer', 1],
      ['Em andamento', 2],
      ['Concluído', 1],
    ]);
    expect(view.tasks.find((task) => task.id === 9)?.blocked_by.map((ref) => ref.number)).toEqual([8]);
  });

  it('move a card with its version; an older version answers 409 with the task as it is', async () => {
    const moved = taskMoveResultSchema.parse(
      (
        await call('POST', '/tasks/1/move', {
          body: { column_id: 12, position: orderKeyBetween(null, null), version: 1 },
        })
      ).body,
    );
    expect(moved.task).toMatchObject({ column_id: 12, version: 2 });
    const stale = await call('POST', '/tasks/1/move', {
      body: { column_id: 13, position: 'a0', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ reason: 'version', current: { id: 1, column_id: 12, version: 2 } });
  });

  it('refuse entering a full bloqueio column, and warn past an aviso limit', async () => {
    const refused = await call('POST', '/tasks/8/move', {
      body: { column_id: 22, position: 'a0', version: 1 },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      reason: 'wip_limit',
      column: { name: 'Em andamento', wip_limit: 2 },
    });
    const warned = taskMoveResultSchema.parse(
      (await call('POST', '/tasks/2/move', { body: { column_id: 13, position: 'Zz', version: 1 } })).body,
    );
    expect(warned.warning).toBe('A coluna Em andamento passou do limite de 2 tarefas.');
  });

  it('ask to confirm a blocked task into concluído, then move it', async () => {
    const asked = await call('POST', '/tasks/9/move', {
      body: { column_id: 23, position: 'Zz', version: 1 },
    });
    expect(asked.body).toMatchObject({ reason: 'blocked', blockers: [{ number: 8 }] });
    const done = await call('POST', '/tasks/9/move', {
      body: { column_id: 23, position: 'Zz', version: 1, confirm: true },
    });
    expect(done.status).toBe(200);
  });

  it('create the next occurrence of a recurring task in the column it left', async () => {
    const result = taskMoveResultSchema.parse(
      (await call('POST', '/tasks/12/move', { body: { column_id: 32, position: 'a0', version: 1 } })).body,
    );
    expect(result.task.completed_at).not.toBeNull();
    expect(result.next).toMatchObject({ column_id: 31, title: 'Verificar os backups de todos os clientes' });
    expect(result.next!.due_date! > todayInBrazil()).toBe(true);
  });

  it('let an assignee without tasks.manage move and comment, never edit', async () => {
    // Carla (técnica) is assigned #3.
    const moved = await call('POST', '/tasks/3/move', {
      body: { column_id: 13, position: 'a0', version: 1 },
      token: tecnico,
    });
    expect(moved.status).toBe(200);
    expect((await call('PATCH', '/tasks/3', { body: { title: 'x' }, token: tecnico })).status).toBe(403);
    expect(
      (
        await call('POST', '/tasks/1/move', {
          body: { column_id: 12, position: 'a0', version: 1 },
          token: tecnico,
        })
      ).status,
    ).toBe(403);
    const comment = await call('POST', '/tasks/3/comments', {
      body: { body: 'Feito, @bruno.lima.' },
      token: tecnico,
    });
    expect(comment.body).toMatchObject({ mentions: [{ name: 'Bruno Lima' }] });
  });

  it('edit with a version and refuse a stale one', async () => {
    const saved = taskSchema.parse(
      (await call('PATCH', '/tasks/2', { body: { title: 'Renovar o SSL', version: 1 } })).body,
    );
    expect(saved.version).toBe(2);
    expect((await call('PATCH', '/tasks/2', { body: { title: 'De novo', version: 1 } })).body).toMatchObject({
      reason: 'version',
    });
    const detail = taskDetailSchema.parse((await call('GET', '/tasks/2')).body);
    expect(detail.title).toBe('Renovar o SSL');
    expect(detail.links).toEqual([
      expect.objectContaining({ relation: 'relaciona', task: expect.objectContaining({ number: 4 }) }),
    ]);
  });

  it('answer "Minhas tarefas" by bucket, and a chamado\'s tasks', async () => {
    const mine = myTasksSchema.parse((await call('GET', '/tasks/mine', { token: tecnico })).body);
    expect(mine.overdue.map((task) => task.number)).toEqual([3, 9]);
    const forTicket = ticketTasksSchema.parse((await call('GET', '/tasks/for-ticket/1')).body);
    expect(forTicket).toMatchObject({ total: 2, all_concluded: false });
    const created = await call('POST', '/tasks/from-ticket', {
      body: { ticket_id: 2, board_id: 1, title: 'Impressora do financeiro não imprime' },
    });
    expect(created.status).toBe(201);
    expect(ticketTasksSchema.parse((await call('GET', '/tasks/for-ticket/2')).body).items[0]).toMatchObject({
      title: 'Impressora do financeiro não imprime',
      column_name: 'Backlog',
    });
  });

  it('refuse a bad body with the offending fields', async () => {
    const bad = await call('POST', '/tasks', { body: { board_id: 1, title: ' ' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ details: { title: 'Informe o título da tarefa' } });
  });
});
