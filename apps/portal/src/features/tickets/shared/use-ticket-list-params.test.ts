import { describe, expect, it } from 'vitest';
import {
  clearedTicketListParams,
  isTicketListFiltered,
  readTicketListUrl,
  ticketListHref,
  withTicketListChanges,
} from './use-ticket-list-params';

const read = (area: 'staff' | 'client', segment: string | undefined, search = '') =>
  readTicketListUrl(area, segment, new URLSearchParams(search));

describe('readTicketListUrl', () => {
  it('a staff list takes its status from the path segment', () => {
    expect(read('staff', 'em-andamento')).toEqual({
      params: { status: 'em andamento' },
      unknownStatus: null,
    });
  });

  it('a client list takes it from ?status= (where /support/:status sends a client)', () => {
    expect(read('client', undefined, 'status=aguardando-cliente')).toEqual({
      params: { status: 'aguardando cliente' },
      unknownStatus: null,
    });
  });

  it('reports an unknown status and lists everything', () => {
    expect(read('staff', 'pendente')).toEqual({ params: {}, unknownStatus: 'pendente' });
    expect(read('staff', '100%')).toEqual({ params: {}, unknownStatus: '100%' });
    expect(read('client', undefined, 'status=xyz').unknownStatus).toBe('xyz');
  });

  it('reads every filter, the sort and the page', () => {
    expect(
      read(
        'staff',
        'aberto',
        'q=+impressora+&priority=urgente&assignee=me&company=3&branch=8&open=true&overdue=true&sort=number&order=asc&page=4',
      ).params,
    ).toEqual({
      status: 'aberto',
      q: 'impressora',
      priority: 'urgente',
      assignee_id: 'me',
      company_id: 3,
      branch_id: 8,
      open: true,
      overdue: true,
      sort: 'number',
      order: 'asc',
      page: 4,
    });
    expect(read('staff', undefined, 'assignee=none').params).toEqual({ assignee_id: 'none' });
    expect(read('staff', undefined, 'assignee=12').params).toEqual({ assignee_id: 12 });
  });

  it("accepts 'media' for 'média'", () => {
    expect(read('staff', undefined, 'priority=media').params).toEqual({ priority: 'média' });
    expect(read('staff', undefined, 'priority=M%C3%A9dia').params).toEqual({ priority: 'média' });
  });

  it('drops what it cannot read, and the defaults', () => {
    expect(
      read(
        'staff',
        undefined,
        'priority=alta-demais&assignee=ninguem&company=-1&branch=x&page=0&sort=assunto&order=desc&open=1&q=%20%20',
      ).params,
    ).toEqual({});
    expect(read('staff', undefined, 'sort=updated_at&page=1').params).toEqual({});
    expect(read('staff', undefined, 'page=1e3').params).toEqual({});
  });

  it('ignores the staff-only filters on a client list', () => {
    expect(read('client', undefined, 'assignee=me&company=2&branch=3&priority=alta').params).toEqual({
      priority: 'alta',
    });
  });
});

describe('ticketListHref', () => {
  it('puts the status in the path for staff and in the query for clients', () => {
    expect(ticketListHref('staff', { status: 'aguardando cliente', page: 2 })).toBe(
      '/support/aguardando-cliente?page=2',
    );
    expect(ticketListHref('client', { status: 'aguardando cliente', page: 2 })).toBe(
      '/portal/tickets?status=aguardando-cliente&page=2',
    );
    expect(ticketListHref('staff', {})).toBe('/support');
  });

  it('round-trips through readTicketListUrl', () => {
    const params = {
      status: 'resolvido',
      q: 'rede lenta',
      priority: 'média',
      assignee_id: 7,
      company_id: 2,
      branch_id: 5,
      overdue: true,
      sort: 'priority',
      order: 'asc',
      page: 3,
    } as const;
    const href = new URL(ticketListHref('staff', params), 'http://x');
    const segment = href.pathname.split('/')[2];
    expect(read('staff', segment, href.search).params).toEqual(params);
  });

  it('leaves the default sort out of the URL', () => {
    expect(ticketListHref('staff', { sort: 'updated_at', order: 'desc', page: 1 })).toBe('/support');
  });
});

describe('changing the filters', () => {
  it('goes back to page 1 when a filter changes', () => {
    expect(withTicketListChanges({ q: 'vpn', page: 5 }, { priority: 'alta' })).toEqual({
      q: 'vpn',
      priority: 'alta',
    });
  });

  it('keeps the filters when only the page changes', () => {
    expect(withTicketListChanges({ q: 'vpn', page: 5 }, { page: 6 })).toEqual({ q: 'vpn', page: 6 });
  });

  it('removes a filter set to nothing', () => {
    expect(withTicketListChanges({ q: 'vpn', overdue: true }, { q: '', overdue: false })).toEqual({});
  });

  it('"Limpar filtros" keeps only the order', () => {
    expect(
      clearedTicketListParams({ status: 'aberto', q: 'x', sort: 'number', order: 'asc', page: 2 }),
    ).toEqual({ sort: 'number', order: 'asc' });
  });

  it('knows when the list is narrowed', () => {
    expect(isTicketListFiltered({ sort: 'number', page: 3 })).toBe(false);
    expect(isTicketListFiltered({ assignee_id: 'none' })).toBe(true);
    expect(isTicketListFiltered({ open: true })).toBe(true);
    expect(isTicketListFiltered({ branch_id: 4 })).toBe(true);
  });
});
