import { normalizeUser } from '@farol/data';
import { describe, expect, it } from 'vitest';
import { MODULES, moduleShortcuts, portalNavItems, staffNavItems } from './modules';

const user = (role: string, permissions: string[] = []) =>
  normalizeUser({ id: 1, email: 'a@b.c', first_name: 'Ana', last_name: 'A', role, permissions });

describe('modules', () => {
  it('the sidebar shows only listed modules, in the spec order, with its labels', () => {
    expect(staffNavItems(user('admin')).map((item) => [item.label, item.href])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Suporte', '/support'],
      ['Configurações', '/settings'],
    ]);
  });

  it('Suporte needs tickets.view', () => {
    expect(staffNavItems(user('tecnico', ['tickets.view'])).map((item) => item.id)).toEqual([
      'dashboard',
      'tickets',
      'settings',
    ]);
  });

  it('a staff member without keys still has Dashboard and Configurações', () => {
    expect(staffNavItems(user('tecnico')).map((item) => item.id)).toEqual(['dashboard', 'settings']);
  });

  it('nobody signed in, no entries', () => {
    expect(staffNavItems(null)).toEqual([]);
  });

  it('the portal menu: Início, Chamados, Mensagens, Perfil, Configurações', () => {
    expect(portalNavItems().map((item) => [item.label, item.href])).toEqual([
      ['Início', '/portal'],
      ['Chamados', '/portal/tickets'],
      ['Mensagens', '/portal/messages'],
      ['Perfil', '/profile'],
      ['Configurações', '/settings'],
    ]);
  });

  it('shortcuts are every other module the user may open', () => {
    expect(moduleShortcuts(user('gestor')).map((item) => item.href)).toEqual([
      '/messages',
      '/profile',
      '/settings',
    ]);
  });

  it('no Suporte shortcut without tickets.view', () => {
    expect(moduleShortcuts(user('tecnico')).map((item) => item.label)).not.toContain('Suporte');
    expect(moduleShortcuts(user('tecnico', ['tickets.view']))[0]).toMatchObject({
      label: 'Suporte',
      href: '/support',
    });
  });

  it('the ticket routes: staff list by status and details, the client list and details', () => {
    const tickets = MODULES.find((module) => module.id === 'tickets');
    expect(tickets?.staff?.routes.map((route) => route.path)).toEqual([
      '/support',
      '/support/:status',
      '/support/ticket/:id',
    ]);
    expect(tickets?.portal?.routes.map((route) => route.path)).toEqual([
      '/portal/tickets',
      '/portal/tickets/:id',
    ]);
  });
});
