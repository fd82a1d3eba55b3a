import { describe, expect, it } from 'vitest';
import { ticketCountLabel, ticketPageCount } from './ticket-list-pagination';
import { TICKET_STATUS_TABS, activeStatusTab } from './ticket-list-status-nav';
import { nextTicketSort } from './ticket-list-table';
import { ticketListHref, withTicketListChanges } from '../shared/use-ticket-list-params';

describe('sorting by a column header', () => {
  it('a new column starts descending, the same column flips', () => {
    const byUpdate = { sort: 'updated_at', order: 'desc' } as const;
    expect(nextTicketSort(byUpdate, 'number')).toEqual({ sort: 'number', order: 'desc' });
    expect(nextTicketSort({ sort: 'number', order: 'desc' }, 'number')).toEqual({
      sort: 'number',
      order: 'asc',
    });
    expect(nextTicketSort({ sort: 'number', order: 'asc' }, 'number')).toEqual({
      sort: 'number',
      order: 'desc',
    });
  });
});

describe('status tabs', () => {
  it('Todos, Abertos, then the five statuses', () => {
    expect(TICKET_STATUS_TABS.map((tab) => tab.label)).toEqual([
      'Todos',
      'Abertos',
      'Aberto',
      'Em andamento',
      'Aguardando cliente',
      'Resolvido',
      'Fechado',
    ]);
  });

  it('the current tab follows the params', () => {
    expect(activeStatusTab({})).toBe('todos');
    expect(activeStatusTab({ open: true })).toBe('abertos');
    expect(activeStatusTab({ status: 'resolvido', open: true })).toBe('resolvido');
  });

  it('a tab keeps the other filters and starts at page 1', () => {
    const abertos = TICKET_STATUS_TABS[1]!;
    const current = { status: 'fechado', q: 'vpn', page: 3 } as const;
    expect(ticketListHref('staff', withTicketListChanges(current, abertos.changes))).toBe(
      '/support?q=vpn&open=true',
    );
    const emAndamento = TICKET_STATUS_TABS[3]!;
    expect(ticketListHref('client', withTicketListChanges({ open: true }, emAndamento.changes))).toBe(
      '/portal/tickets?status=em-andamento',
    );
  });
});

describe('pages and totals', () => {
  it('50 per page, at least one page', () => {
    expect(ticketPageCount(0)).toBe(1);
    expect(ticketPageCount(50)).toBe(1);
    expect(ticketPageCount(51)).toBe(2);
    expect(ticketPageCount(50_000)).toBe(1000);
  });

  it('counts in Portuguese', () => {
    expect(ticketCountLabel(1)).toBe('1 chamado');
    expect(ticketCountLabel(0)).toBe('0 chamados');
    expect(ticketCountLabel(1234)).toBe('1.234 chamados');
  });
});
