import { describe, expect, it } from 'vitest';
import { boardSearch, readBoardUrl, withBoardChanges } from './use-board-params';

describe('board URL', () => {
  it('reads the filters, view, lanes and open task, dropping what does not parse', () => {
    const state = readBoardUrl(
      new URLSearchParams(
        'responsavel=me&etiqueta=3&prioridade=alta&prazo=hoje&q=%20toner%20&visao=lista&raias=prioridade&tarefa=4',
      ),
    );
    expect(state).toEqual({
      filters: { assignee: 'me', label: 3, priority: 'alta', due: 'hoje', q: 'toner' },
      view: 'lista',
      lanes: 'prioridade',
      task: 4,
    });
    expect(
      readBoardUrl(new URLSearchParams('responsavel=x&prioridade=máxima&visao=gantt&tarefa=-1')),
    ).toEqual({
      filters: {},
      view: 'quadro',
      lanes: 'nenhuma',
      task: null,
    });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    const state = readBoardUrl(new URLSearchParams('responsavel=nenhum&q=rede'));
    expect(boardSearch(state)).toBe('?responsavel=nenhum&q=rede');
    const next = withBoardChanges(state, { filters: { q: undefined }, task: 9, view: 'calendario' });
    expect(boardSearch(next)).toBe('?responsavel=nenhum&visao=calendario&tarefa=9');
    expect(
      boardSearch(withBoardChanges(next, { task: null, view: 'quadro', filters: { assignee: undefined } })),
    ).toBe('');
  });
});
