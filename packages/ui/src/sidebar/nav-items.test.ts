import { describe, expect, it } from 'vitest';
import { mergeMessages } from '../i18n/merge-messages';
import { defaultMessages } from '../i18n/messages';
import {
  buildDefaultNavItems,
  DEFAULT_NAV_ITEMS,
  isNavItemActive,
  sidebarLogoHref,
  visibleNavItems,
} from './nav-items';

describe('DEFAULT_NAV_ITEMS', () => {
  it('is the spec table in order', () => {
    expect(DEFAULT_NAV_ITEMS.map((i) => [i.label, i.href, i.permission])).toEqual([
      ['Dashboard', '/dashboard', null],
      ['Suporte', '/support', 'tickets.view'],
      ['Tarefas', '/tasks', 'tasks.view'],
      ['Ativos', '/statistics', 'statistics.view'],
      ['Conexões', '/connections', 'connections.view'],
      ['Senhas', '/passwords', 'passwords.view'],
      ['Empresas', '/companies', 'companies.view'],
      ['Gerenciar Usuários', '/user-management', 'users.manage'],
      ['Usuários', '/users', 'users.view'],
      ['Configurações', '/settings', null],
    ]);
  });

  it('takes labels from the message catalogue', () => {
    const items = buildDefaultNavItems(
      mergeMessages(defaultMessages, { sidebar: { items: { tasks: 'Tasks' } } }),
    );
    expect(items.find((i) => i.id === 'tasks')?.label).toBe('Tasks');
  });
});

describe('isNavItemActive', () => {
  it.each([
    ['/support', '/support', true],
    ['/support/ticket/5', '/support', true],
    ['/support/aberto', '/support', true],
    ['/supporters', '/support', false],
    ['/users', '/user-management', false],
    ['/user-management', '/users', false],
    ['/', '/dashboard', false],
  ])('%s on %s → %s', (pathname, href, active) => {
    expect(isNavItemActive(pathname, href)).toBe(active);
  });
});

describe('client mode', () => {
  it('shows only Suporte and Configurações to clients and everything to staff', () => {
    expect(visibleNavItems(DEFAULT_NAV_ITEMS, true).map((i) => i.label)).toEqual([
      'Suporte',
      'Configurações',
    ]);
    expect(visibleNavItems(DEFAULT_NAV_ITEMS, false)).toHaveLength(10);
  });

  it('points the logo at /support for clients and /dashboard otherwise', () => {
    expect(sidebarLogoHref(true)).toBe('/support');
    expect(sidebarLogoHref(false)).toBe('/dashboard');
  });
});
