import { describe, expect, it } from 'vitest';
import {
  buildBoardModel,
  columnCounts,
  containerIdOf,
  findContainer,
  moveBetween,
  neighbours,
  OTHER_LANE_KEY,
  shareLists,
  wipState,
} from './board-model';
import type { BoardColumnView, BoardTaskView } from './types';

const columns: BoardColumnView[] = [
  { id: 'todo', name: 'A fazer' },
  { id: 'doing', name: 'Em andamento', wipLimit: 2, wipMode: 'bloqueio' },
];
const task = (id: string, columnId: string, laneKey?: string): BoardTaskView => ({
  id,
  number: `#T-${id}`,
  title: `Tarefa ${id}`,
  columnId,
  laneKey,
});

describe('board model', () => {
  it('keeps the order of the tasks inside each column and drops unknown columns', () => {
    const model = buildBoardModel(
      columns,
      [task('1', 'todo'), task('2', 'doing'), task('3', 'todo'), task('4', 'gone')],
      undefined,
      'Outros',
    );
    expect(model.items[containerIdOf('todo', null)]).toEqual(['1', '3']);
    expect(model.items[containerIdOf('doing', null)]).toEqual(['2']);
    expect(model.taskById.has('4')).toBe(false);
    expect(model.lanes).toBeNull();
  });

  it('puts cards of unknown lanes in a last "Outros" lane and counts columns across lanes', () => {
    const model = buildBoardModel(
      columns,
      [task('1', 'doing', 'ana'), task('2', 'doing', 'bia'), task('3', 'doing', 'zé')],
      [
        { key: 'ana', name: 'Ana' },
        { key: 'bia', name: 'Bia' },
      ],
      'Outros',
    );
    expect(model.lanes?.map((lane) => lane.name)).toEqual(['Ana', 'Bia', 'Outros']);
    expect(model.items[containerIdOf('doing', OTHER_LANE_KEY)]).toEqual(['3']);
    expect(columnCounts(model.items, model.containers).get('doing')).toBe(3);
    expect(wipState(columns[1]!, 3)).toBe('over');
    expect(wipState(columns[1]!, 2)).toBe('full');
    expect(wipState(columns[0]!, 9)).toBe('none');
  });

  it('moves a card between containers without touching the others and names its neighbours', () => {
    const a = containerIdOf('todo', null);
    const b = containerIdOf('doing', null);
    const items = { [a]: ['1', '2', '3'], [b]: ['4', '5'] };
    const moved = moveBetween(items, '2', a, b, 1);
    expect(moved[a]).toEqual(['1', '3']);
    expect(moved[b]).toEqual(['4', '2', '5']);
    expect(neighbours(moved[b]!, '2')).toEqual({ beforeId: '4', afterId: '5' });
    expect(neighbours(moveBetween(items, '1', a, a, 9)[a]!, '1')).toEqual({ beforeId: '3', afterId: null });
    expect(findContainer('5', moved, new Map([[a, { id: a, columnId: 'todo', laneKey: null }]]))).toBe(b);
  });
});

describe('shareLists', () => {
  it('keeps the earlier list of every container whose ids did not change', () => {
    const before = { a: ['1', '2'], b: ['3'], c: [] as string[] };
    const next = { a: ['1'], b: ['3'], c: ['2'] };
    const shared = shareLists(before, next);
    expect(shared).toEqual(next);
    expect(shared['b']).toBe(before.b);
    expect(shared['a']).toBe(next.a);
    expect(shared['c']).toBe(next.c);
  });

  it('answers the new lists when there is nothing earlier', () => {
    const next = { a: ['1'] };
    expect(shareLists(null, next)).toBe(next);
  });
});
