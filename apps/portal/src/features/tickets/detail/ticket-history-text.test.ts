import { describe, expect, it } from 'vitest';
import { ticketHistoryText } from './ticket-history-text';

describe('ticketHistoryText', () => {
  it('names statuses and priorities as people read them', () => {
    expect(ticketHistoryText({ field: 'status', from: 'aberto', to: 'em andamento' })).toBe(
      'Status alterado de Aberto para Em andamento',
    );
    expect(ticketHistoryText({ field: 'status', from: null, to: 'aberto' })).toBe('Chamado aberto');
    expect(ticketHistoryText({ field: 'priority', from: 'média', to: 'urgente' })).toBe(
      'Prioridade alterada de Média para Urgente',
    );
  });

  it('tells assignments, reassignments and removals apart', () => {
    expect(ticketHistoryText({ field: 'assignee', from: null, to: 'Carla Mendes' })).toBe(
      'Atribuído a Carla Mendes',
    );
    expect(ticketHistoryText({ field: 'assignee', from: 'Carla Mendes', to: 'Bruno Lima' })).toBe(
      'Responsável alterado de Carla Mendes para Bruno Lima',
    );
    expect(ticketHistoryText({ field: 'assignee', from: 'Bruno Lima', to: null })).toBe(
      'Bruno Lima deixou de ser o responsável',
    );
  });

  it('tells a branch set, changed and removed apart', () => {
    expect(ticketHistoryText({ field: 'branch', from: null, to: 'Matriz' })).toBe(
      'Filial definida como Matriz',
    );
    expect(ticketHistoryText({ field: 'branch', from: 'Matriz', to: 'Sede' })).toBe(
      'Filial alterada de Matriz para Sede',
    );
    expect(ticketHistoryText({ field: 'branch', from: 'Sede', to: null })).toBe('Filial Sede removida');
  });

  it('covers categories and unknown fields', () => {
    expect(ticketHistoryText({ field: 'category', from: null, to: 'Rede' })).toBe(
      'Categoria definida como Rede',
    );
    expect(ticketHistoryText({ field: 'category', from: 'Rede', to: 'Hardware' })).toBe(
      'Categoria alterada de Rede para Hardware',
    );
    expect(ticketHistoryText({ field: 'category', from: 'Rede', to: null })).toBe('Categoria Rede removida');
    expect(ticketHistoryText({ field: 'sla', from: '4', to: '8' })).toBe('sla alterado de 4 para 8');
    expect(
      ticketHistoryText({
        field: 'connection_session',
        from: null,
        to: 'Sessão SSH em srv-db01 por Ana Souza — 23 min',
      }),
    ).toBe('Sessão SSH em srv-db01 por Ana Souza — 23 min');
  });
});
