import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { orderKeyBetween } from '../contract/task-order';
import {
  applyTaskToCaches,
  columnTasks,
  moveBoardTask,
  removeBoardTask,
  upsertBoardTask,
} from './board-cache';
import { taskKeys } from './keys';
import { createTaskDatabase } from './mocks/database';

const db = createTaskDatabase();

describe('board cache', () => {
  it('moves a card between neighbours and recounts the columns', () => {
    const view = db.boardView(1);
    const [first, second] = columnTasks(view, 12);
    const moved = moveBoardTask(view, 1, 12, orderKeyBetween(first!.position, second!.position));
    expect(columnTasks(moved, 12).map((task) => task.id)).toEqual([2, 1, 3]);
    expect(moved.columns.find((column) => column.id === 11)?.task_count).toBe(0);
    expect(moved.columns.find((column) => column.id === 12)?.task_count).toBe(3);
  });

  it('keeps the newer of two versions and adds a new card in place', () => {
    const view = db.boardView(1);
    const card = view.tasks.find((task) => task.id === 5)!;
    const newer = upsertBoardTask(view, { ...card, title: 'Nova', version: 3 });
    expect(upsertBoardTask(newer, { ...card, title: 'Velha', version: 2 })).toBe(newer);
    const added = upsertBoardTask(view, { ...card, id: 77, number: 77, column_id: 11, position: 'Zz' });
    expect(columnTasks(added, 11).map((task) => task.id)).toEqual([77, 1]);
    expect(removeBoardTask(added, 77).tasks).toHaveLength(view.tasks.length);
    expect(upsertBoardTask(view, { ...card, board_id: 2 })).toBe(view);
  });

  it('writes a task into its board and its open side panel', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(taskKeys.board(1), db.boardView(1));
    queryClient.setQueryData(taskKeys.detail(4), db.toDetail(db.findTask(4)!, 1));
    const card = db.toTask(db.findTask(4)!);
    applyTaskToCaches(queryClient, { ...card, column_id: 14, version: 5, title: 'Firmware feito' });
    expect(
      queryClient
        .getQueryData<ReturnType<typeof db.boardView>>(taskKeys.board(1))
        ?.tasks.find((t) => t.id === 4),
    ).toMatchObject({ column_id: 14, title: 'Firmware feito' });
    expect(queryClient.getQueryData(taskKeys.detail(4))).toMatchObject({
      column_name: 'Concluído',
      state_group: 'concluido',
      description: '',
      checklist: expect.any(Array),
    });
  });
});
