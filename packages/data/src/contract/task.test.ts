import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createTaskSchema,
  issuesToDetails,
  extractMentions,
  extractReferences,
  isValidOrderKey,
  moveTaskSchema,
  orderKeyAt,
  orderKeyBetween,
  orderKeysBetween,
  relationOf,
  storedLink,
  taskRecurrenceSchema,
  TASK_LINK_RELATIONS,
} from './index';

const fieldMessages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('order keys', () => {
  it('a key between two neighbours sorts between them, by bytes as the database does', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 60 }), (inserts) => {
        // Insert at random places and check the list stays strictly ordered.
        const list: string[] = [];
        for (const at of inserts) {
          const index = at % (list.length + 1);
          const key = orderKeyBetween(list[index - 1] ?? null, list[index] ?? null);
          expect(isValidOrderKey(key)).toBe(true);
          list.splice(index, 0, key);
        }
        for (let i = 1; i < list.length; i += 1) expect(list[i - 1]! < list[i]!).toBe(true);
        // Default sort compares UTF-16 code units: for these ASCII keys, the bytes PostgreSQL's COLLATE "C" compares.
        expect([...list].sort()).toEqual(list);
      }),
    );
  });

  it('never throws on equal neighbours (two concurrent moves chose the same key)', () => {
    const a = orderKeyBetween(null, null);
    expect(orderKeyBetween(a, a) > a).toBe(true);
    expect(orderKeysBetween(a, a, 3)).toHaveLength(3);
  });

  it('puts an item at an index of a list', () => {
    const keys = orderKeysBetween(null, null, 3).map((position) => ({ position }));
    const atStart = orderKeyAt(keys, 0);
    const inMiddle = orderKeyAt(keys, 2);
    const atEnd = orderKeyAt(keys, 99);
    expect(atStart < keys[0]!.position).toBe(true);
    expect(inMiddle > keys[1]!.position && inMiddle < keys[2]!.position).toBe(true);
    expect(atEnd > keys[2]!.position).toBe(true);
  });

  it('refuses malformed keys', () => {
    expect(isValidOrderKey('a0')).toBe(true);
    expect(isValidOrderKey('')).toBe(false);
    expect(isValidOrderKey('a0 ')).toBe(false);
    expect(isValidOrderKey('!!')).toBe(false);
    expect(isValidOrderKey('a'.repeat(200))).toBe(false);
  });
});

describe('task schemas', () => {
  it('create needs a board and a title, with Portuguese messages', () => {
    expect(fieldMessages(createTaskSchema.safeParse({ title: '  ' }))).toEqual({
      board_id: 'board_id deve ser um número',
      title: 'Informe o título da tarefa',
    });
    const parsed = createTaskSchema.parse({ board_id: 1, title: 'Trocar toner' });
    expect(parsed).toMatchObject({ priority: 'nenhuma', assignee_ids: [], checklist: [], description: '' });
  });

  it('refuses bad dates, a start after the due day and unknown fields', () => {
    const bad = createTaskSchema.safeParse({ board_id: 1, title: 'x', due_date: '2026-02-30', extra: true });
    expect(issuesToDetails(bad.error?.issues ?? [])).toEqual({
      due_date: 'due_date deve ser uma data válida no formato AAAA-MM-DD',
      extra: 'Campo não permitido',
    });
    expect(
      fieldMessages(
        createTaskSchema.safeParse({
          board_id: 1,
          title: 'x',
          start_date: '2026-03-02',
          due_date: '2026-03-01',
        }),
      ),
    ).toEqual({ due_date: 'O início não pode ser depois do prazo' });
  });

  it('a move needs a column, a key and the version it was read at', () => {
    expect(fieldMessages(moveTaskSchema.safeParse({ column_id: 2, position: '!!' }))).toEqual({
      position: 'position não é uma chave de ordem válida',
      version: 'Informe a versão da tarefa (version)',
    });
    expect(moveTaskSchema.parse({ column_id: 2, position: 'a0', version: 3 })).toEqual({
      column_id: 2,
      position: 'a0',
      version: 3,
      confirm: false,
    });
  });

  it('recurrence fields belong to their frequency', () => {
    expect(fieldMessages(taskRecurrenceSchema.safeParse({ frequency: 'diaria', weekdays: [1] }))).toEqual({
      weekdays: 'weekdays só vale para a recorrência semanal',
    });
    expect(taskRecurrenceSchema.parse({ frequency: 'semanal', weekdays: [3, 1, 3] })).toEqual({
      frequency: 'semanal',
      interval: 1,
      weekdays: [1, 3],
    });
  });
});

describe('links, mentions and references', () => {
  it('a relation and its stored link are each other’s inverse', () => {
    for (const relation of TASK_LINK_RELATIONS) {
      const link = storedLink(relation, 10, 20);
      expect(relationOf(link.kind, link.sourceId, 10)).toBe(relation);
    }
    expect(storedLink('bloqueada_por', 10, 20)).toEqual({ kind: 'bloqueia', sourceId: 20, targetId: 10 });
  });

  it('finds @mentions but not e-mail addresses', () => {
    expect(extractMentions('@ana.souza veja com @Tecnico e @ana.souza. Mande para x@acme.com.br')).toEqual([
      'ana.souza',
      'tecnico',
    ]);
  });

  it('finds #123 (a task) and "chamado #1001", not anchors or words', () => {
    expect(
      extractReferences('Ver #12, o chamado #1001 e http://x.dev/a#3 ou abc#4').map(({ kind, number }) => ({
        kind,
        number,
      })),
    ).toEqual([
      { kind: 'task', number: 12 },
      { kind: 'ticket', number: 1001 },
    ]);
  });
});
