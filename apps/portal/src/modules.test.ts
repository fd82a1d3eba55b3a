import { normalizeUser } from '@farol/data';
import { describe, expect, it } from 'vitest';
import { moduleShortcuts, portalNavItems, staffNavItems } from './modules';

const user = (role: string, permissions: string[] = []) =>
  normalizeUser({ id: 1, email: 'a@b.c', first_name: 'Ana', last_name: 'A', role, permissions });

describe('modules', () => {
  it('the sidebar shows only listed modules, in the spec order, with its labels', () => {
    expect(staffNavItems(user('admin')).map((item) => [item.label, item.href])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Configurações', '/settings'],
    ]);
  });

  it('a staff member without keys still has Dashboard and Configurações', () => {
    expect(staffNavItems(user('tecnico')).map((item) => item.id)).toEqual(['dashboard', 'settings']);
  });

  it('nobody signed in, no entries', () => {
    expect(staffNavItems(null)).toEqual([]);
  });

  it('the portal menu: Início, Mensagens, Perfil, Configurações', () => {
    expect(portalNavItems().map((item) => [item.label, item.href])).toEqual([
      ['Início', '/portal'],
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
});
