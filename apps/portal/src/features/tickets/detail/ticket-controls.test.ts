import { canTransitionTicket, TICKET_STATUSES } from '@farol/data/tickets';
import { describe, expect, it } from 'vitest';
import { statusChoices } from './ticket-controls';
import { authorSideLabel } from './ticket-thread';

describe('statusChoices', () => {
  it.each(TICKET_STATUSES)(
    'offers from %s only what the server accepts, the current status first',
    (from) => {
      const choices = statusChoices(from);
      expect(choices[0]).toBe(from);
      for (const to of choices) expect(canTransitionTicket(from, to)).toBe(true);
      for (const to of TICKET_STATUSES.filter((status) => !choices.includes(status)))
        expect(canTransitionTicket(from, to)).toBe(false);
    },
  );

  it('never closes a chamado that is not resolved', () => {
    expect(statusChoices('aberto')).not.toContain('fechado');
    expect(statusChoices('resolvido')).toContain('fechado');
  });
});

describe('authorSideLabel', () => {
  it('reads client roles in either spelling as Cliente, anything else as Equipe', () => {
    expect(authorSideLabel('cliente')).toBe('Cliente');
    expect(authorSideLabel('Client')).toBe('Cliente');
    expect(authorSideLabel('admin')).toBe('Equipe');
    expect(authorSideLabel('tecnico')).toBe('Equipe');
  });
});
