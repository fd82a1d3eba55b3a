import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { makeStoredTask } from './mocks/factories';
import { createTaskDatabase } from './mocks/database';
import {
  boardLanes,
  dueBucketOf,
  endOfWeek,
  filterBoardTasks,
  laneChange,
  needsBlockedConfirmation,
  taskConflictOf,
  todayInBrazil,
  wipRefusal,
  wipStateOf,
  wipWarning,
} from './rules';

const db = createTaskDatabase();
const tasks = db.boardView(1).tasks;
const context = { userId: 3, today: todayInBrazil() };

describe('days in Brazil', () => {
  it('counts today in São Paulo, whatever the machine zone', () => {
    // 02:00 UTC on the 22nd is still the 21st in Brazil (UTC-3).
    expect(todayInBrazil(new Date('2026-11-22T02:00:00Z'))).toBe('2026-11-21');
  });

  it('puts a due day in its bucket; this week ends on Sunday', () => {
    expect(endOfWeek('2026-11-25')).toBe('2026-11-29'); // a Wednesday
    expect(endOfWeek('2026-11-29')).toBe('2026-11-29');
    expect(dueBucketOf('2026-11-24', '2026-11-25')).toBe('atrasadas');
    expect(dueBucketOf('2026-11-25', '2026-11-25')).toBe('hoje');
    expect(dueBucketOf('2026-11-29', '2026-11-25')).toBe('semana');
    expect(dueBucketOf('2026-11-30', '2026-11-25')).toBeNull();
    expect(dueBucketOf(null, '2026-11-25')).toBe('sem_data');
  });
});

describe('filterBoardTasks', () => {
  it('filters by me, label, priority, due and accent-free text or #number', () => {
    const numbers = (filters: Parameters<typeof filterBoardTasks>[1]) =>
      filterBoardTasks(tasks, filters, context).map((task) => task.number);
    expect(numbers({ assignee: 'me' })).toEqual([3, 4, 6]);
    expect(numbers({ label: 4 })).toEqual([2, 4]);
    expect(numbers({ priority: 'urgente' })).toEqual([4]);
    expect(numbers({ due: 'atrasadas' })).toEqual([3]);
    expect(numbers({ q: 'IMPRESSORA da recepcao' })).toEqual([3]);
    expect(numbers({ q: '#5' })).toEqual([5]);
    expect(numbers({ assignee: 'me', priority: 'baixa' })).toEqual([6]);
    expect(numbers({})).toHaveLength(tasks.length);
  });
});

describe('swimlanes', () => {
  it('lists lanes by assignee name with "Sem responsável" last, and by priority in urgency order', () => {
    const withNobody = [...tasks, { ...tasks[0]!, id: 99, assignees: [] }];
    expect(boardLanes(withNobody, 'responsavel').map((lane) => lane.name)).toEqual([
      'Ana Souza',
      'Bruno Lima',
      'Carla Mendes',
      'Sem responsável',
    ]);
    expect(boardLanes(tasks, 'prioridade').map((lane) => lane.key)).toEqual([
      'p-urgente',
      'p-alta',
      'p-media',
      'p-baixa',
      'p-nenhuma',
    ]);
  });

  it('turns a drop into another lane into the field it stands for', () => {
    const task = tasks.find((item) => item.number === 4)!; // Ana and Carla
    expect(laneChange('prioridade', 'p-baixa', task)).toEqual({ priority: 'baixa' });
    expect(laneChange('responsavel', 'u2', task)).toEqual({ assignee_ids: [2, 3] });
    expect(laneChange('responsavel', 'u0', task)).toEqual({ assignee_ids: [] });
    expect(laneChange('empresa', 'c100', task)).toEqual({ company_id: 100 });
    expect(laneChange('prioridade', 'p-urgente', task)).toBeNull();
  });
});

describe('WIP limits and the blocked guard', () => {
  const column = { id: 22, name: 'Em andamento', wip_limit: 2, wip_mode: 'bloqueio' as const, task_count: 2 };
  it('refuses a card into a full bloqueio column, never one already in it', () => {
    expect(wipRefusal(column, 21)).toBe(
      'A coluna Em andamento atingiu o limite de 2 tarefas. Conclua ou mova uma tarefa antes de trazer outra.',
    );
    expect(wipRefusal(column, 22)).toBeNull();
    expect(wipRefusal({ ...column, task_count: 1 }, 21)).toBeNull();
    expect(wipWarning({ ...column, wip_mode: 'aviso' }, 21)).toBe(
      'A coluna Em andamento passou do limite de 2 tarefas.',
    );
  });

  it('colours a column at and over its limit', () => {
    expect(wipStateOf({ wip_limit: null, task_count: 9 })).toBe('livre');
    expect(wipStateOf({ wip_limit: 3, task_count: 3 })).toBe('no_limite');
    expect(wipStateOf({ wip_limit: 2, task_count: 3 })).toBe('acima');
  });

  it('asks for confirmation only into concluído with open blockers', () => {
    const blocked = db.toTask(db.findTask(9)!);
    expect(needsBlockedConfirmation(blocked, 'concluido')).toBe(true);
    expect(needsBlockedConfirmation(blocked, 'em_andamento')).toBe(false);
    expect(
      needsBlockedConfirmation(
        db.toTask(makeStoredTask({ id: 50, board_id: 1, column_id: 11, title: 'x', position: 'a0' })),
        'concluido',
      ),
    ).toBe(false);
  });
});

describe('taskConflictOf', () => {
  it('reads the module 409 bodies and nothing else', () => {
    const body = { error: 'conflict', message: 'Mudou', reason: 'version' };
    expect(taskConflictOf(new ApiError(409, 'Mudou', body))).toEqual(body);
    expect(taskConflictOf(new ApiError(409, 'x', { error: 'conflict', message: 'x' }))).toBeNull();
    expect(taskConflictOf(new ApiError(400, 'x', body))).toBeNull();
    expect(taskConflictOf(new Error('x'))).toBeNull();
  });
});
