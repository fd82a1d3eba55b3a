// @vitest-environment happy-dom
import type { Ticket } from '@farol/data';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as TicketTime from '../shared/ticket-time';
import { TicketListTable, type TicketListTableProps } from './ticket-list-table';
import { makeNumberedTicket } from '@farol/data/mocks';

// Each row renders its relative time once: counting the calls counts the rows that rendered.
const timeCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock('../shared/ticket-time', async (importOriginal) => {
  const original = await importOriginal<typeof TicketTime>();
  return {
    ...original,
    relativeTime: (...args: Parameters<typeof original.relativeTime>) => {
      timeCalls.count += 1;
      return original.relativeTime(...args);
    },
  };
});

const NOW = Date.parse('2026-11-21T12:00:00.000Z');

const ticket = makeNumberedTicket;

const props = (tickets: Ticket[]): TicketListTableProps => ({
  area: 'staff',
  tickets,
  sort: { sort: 'updated_at', order: 'desc' },
  onSort: () => undefined,
  now: NOW,
});

const renderTable = (tickets: Ticket[]) => {
  const view = render(
    <MemoryRouter>
      <TicketListTable {...props(tickets)} />
    </MemoryRouter>,
  );
  return (next: Ticket[]) =>
    view.rerender(
      <MemoryRouter>
        <TicketListTable {...props(next)} />
      </MemoryRouter>,
    );
};

afterEach(() => {
  cleanup();
  timeCalls.count = 0;
});

describe('TicketListTable', () => {
  it('a live change to one of 50 rows renders that row only', () => {
    const page = Array.from({ length: 50 }, (_, index) => ticket(index + 1));
    const rerender = renderTable(page);
    expect(timeCalls.count).toBe(50);

    timeCalls.count = 0;
    const changed = ticket(7, { priority: 'urgente', updated_at: '2026-11-21T11:59:00.000Z' });
    rerender(page.map((item) => (item.id === 7 ? changed : item)));
    expect(timeCalls.count).toBe(1);
    const row = screen.getByText('#1007').closest('tr')!;
    expect(within(row).getByText('Urgente')).toBeTruthy();
  });

  it('marks an open chamado past its due time', () => {
    renderTable([ticket(1, { due_at: '2026-11-21T11:00:00.000Z' }), ticket(2)]);
    expect(within(screen.getByText('#1001').closest('tr')!).getByText('Atrasado')).toBeTruthy();
    expect(within(screen.getByText('#1002').closest('tr')!).queryByText('Atrasado')).toBeNull();
  });

  it('headers say how the list is sorted', () => {
    renderTable([ticket(1)]);
    expect(screen.getByRole('columnheader', { name: /Atualizado/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: /Número/ }).getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('link', { name: 'Chamado 1' }).getAttribute('href')).toBe('/support/ticket/1');
  });
});
