import { TICKET_STATUSES } from '@farol/data/tickets';
import { describe, expect, it } from 'vitest';
import { parseTicketStatus, ticketDetailsPath, ticketStatusSlug } from './ticket-labels';

describe('ticket status in URLs', () => {
  it.each(TICKET_STATUSES)('round-trips %s through its slug', (status) => {
    expect(parseTicketStatus(ticketStatusSlug(status))).toBe(status);
  });

  it('reads the plain value, an encoded one and any case', () => {
    expect(parseTicketStatus('em andamento')).toBe('em andamento');
    expect(parseTicketStatus('aguardando%20cliente')).toBe('aguardando cliente');
    expect(parseTicketStatus('Resolvido')).toBe('resolvido');
  });

  it('refuses anything else', () => {
    expect(parseTicketStatus('todos')).toBeNull();
    expect(parseTicketStatus('%E0%A4%A')).toBeNull();
    expect(parseTicketStatus('')).toBeNull();
    expect(parseTicketStatus(null)).toBeNull();
  });
});

describe('ticketDetailsPath', () => {
  it('opens the staff page or the portal page', () => {
    expect(ticketDetailsPath(7, 'staff')).toBe('/support/ticket/7');
    expect(ticketDetailsPath(7, 'client')).toBe('/portal/tickets/7');
  });
});
