// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  NAV_ITEMS,
  documentTitle,
  PORTAL_MENU_ITEMS,
  headerTitle,
  isChatbotHiddenOn,
  isNavItemActive,
  logoHref,
  notificationHref,
  visibleNavItems,
} from './navigation';

const admin = { role: 'ADMIN', permissions: [] };
const client = { role: 'cliente', permissions: ['tickets.view', 'tasks.view'] };
const tech = { role: 'tecnico', permissions: ['tickets.view', 'connections.view', 'users.view'] };

describe('NAV_ITEMS', () => {
  it('is the sidebar table of spec §2, in order', () => {
    expect(NAV_ITEMS.map((item) => [item.label, item.route, item.permission])).toEqual([
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

  it.each([
    ['admin sees everything', admin, NAV_ITEMS.map((item) => item.label)],
    ['client sees Suporte and Configurações only', client, ['Suporte', 'Configurações']],
    ['staff by permission', tech, ['Dashboard', 'Suporte', 'Conexões', 'Usuários', 'Configurações']],
    ['staff without keys', { role: 'tecnico', permissions: [] }, ['Dashboard', 'Configurações']],
    ['nobody', null, []],
  ])('visibleNavItems: %s', (_label, user, labels) => {
    expect(visibleNavItems(user).map((item) => item.label)).toEqual(labels);
  });
});

describe('PORTAL_MENU_ITEMS', () => {
  it("is the client portal's menu, in order", () => {
    expect(PORTAL_MENU_ITEMS.map((item) => [item.label, item.route])).toEqual([
      ['Início', '/portal'],
      ['Chamados', '/portal/tickets'],
      ['Mensagens', '/portal/messages'],
      ['Perfil', '/profile'],
      ['Configurações', '/settings'],
    ]);
  });
});

describe('isChatbotHiddenOn (spec §2)', () => {
  it.each([
    ['/login', true],
    ['/auth/callback', true],
    ['/checkout/step-2', true],
    ['/dashboard', false],
    ['/portal/login', false],
    ['/support/ticket/1', false],
  ])('%s → %s', (path, hidden) => {
    expect(isChatbotHiddenOn(path)).toBe(hidden);
  });
});

describe('isNavItemActive', () => {
  it.each([
    ['/support', '/support', true],
    ['/support/', '/support', true],
    ['/support/ticket/3', '/support', true],
    ['/supportx', '/support', false],
    ['/users', '/user-management', false],
    ['/user-management', '/users', false],
    ['/dashboard', '/support', false],
    ['/tasks/board/1?x=1', '/tasks', true],
  ])('%s on %s → %s', (pathname, route, expected) => {
    expect(isNavItemActive(pathname, route)).toBe(expected);
  });
});

describe('headerTitle', () => {
  it.each([
    ['/support', 'Suporte'],
    ['/support/ticket/1', 'Suporte'],
    ['/tasks/board/2', 'Tarefas'],
    ['/statistics', 'Estatísticas'],
    ['/connections', 'Conexões'],
    ['/passwords', 'Senhas'],
    ['/companies', 'Empresas'],
    ['/user-management', 'Gerenciar Usuários'],
    ['/users', 'Usuários'],
    ['/settings', 'Configurações'],
    ['/dashboard', 'Dashboard'],
    ['/messages/3', 'Dashboard'],
    ['/profile', 'Dashboard'],
    ['/', 'Dashboard'],
  ])('%s → %s', (path, title) => {
    expect(headerTitle(path)).toBe(title);
  });
});

describe('documentTitle, logoHref', () => {
  it.each([
    ['/portal', 'Farol — Portal do Cliente'],
    ['/portal/tickets/3', 'Farol — Portal do Cliente'],
    ['/portal/login', 'Farol — Portal do Cliente'],
    ['/dashboard', 'Farol — Suporte e Operações'],
    ['/login', 'Farol — Suporte e Operações'],
    ['/portalx', 'Farol — Suporte e Operações'],
  ])('documentTitle(%s)', (path, title) => {
    expect(documentTitle(path)).toBe(title);
  });

  it('logo goes to /support for clients and /dashboard otherwise', () => {
    expect(logoHref(client)).toBe('/support');
    expect(logoHref({ role: 'CLIENT' })).toBe('/support');
    expect(logoHref(admin)).toBe('/dashboard');
    expect(logoHref(tech)).toBe('/dashboard');
    expect(logoHref(null)).toBe('/dashboard');
  });
});

describe('notificationHref', () => {
  const origin = window.location.origin;
  it.each<[string | null | undefined, string | null, string | null]>([
    // link, staff, client
    ['/tickets/42', '/support/ticket/42', '/portal/tickets/42'],
    ['/tickets/42/', '/support/ticket/42', '/portal/tickets/42'],
    ['/tickets/42?tab=mensagens', '/support/ticket/42?tab=mensagens', '/portal/tickets/42?tab=mensagens'],
    ['tickets/7', '/support/ticket/7', '/portal/tickets/7'],
    ['/tickets', '/support', '/portal/tickets'],
    ['/messages', '/messages', '/messages'],
    ['/messages/5', '/messages/5', '/messages/5'],
    ['/', '/', '/'],
    ['/tasks/board/3', '/tasks/board/3', '/tasks/board/3'],
    [`${origin}/tickets/9`, '/support/ticket/9', '/portal/tickets/9'],
    ['javascript:alert(1)', null, null],
    [' JavaScript:alert(1)', null, null],
    ['data:text/html,<script>1</script>', null, null],
    ['https://evil.example/tickets/1', null, null],
    ['//evil.example/tickets/1', null, null],
    ['/\\evil.example', null, null],
    ['', null, null],
    ['   ', null, null],
    [null, null, null],
    [undefined, null, null],
  ])('%j', (link, staff, forClient) => {
    expect(notificationHref(link, tech)).toBe(staff);
    expect(notificationHref(link, client)).toBe(forClient);
  });
});
