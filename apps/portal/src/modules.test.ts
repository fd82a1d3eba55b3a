import { ROUTES, normalizeUser } from '@farol/data';
import { describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { lazy } from 'react';
import {
  companyPageFigures,
  companyPageTabs,
  homeWidgets,
  moduleShortcuts,
  permissionOf,
  portalNavItems,
  staffNavItems,
  ticketPageSections,
  type CompanyTabProps,
  type FeatureModule,
} from './lib/module-registry';
import { MODULES } from './modules';

const user = (role: string, permissions: string[] = []) =>
  normalizeUser({ id: 1, email: 'a@b.c', first_name: 'Ana', last_name: 'A', role, permissions });

describe('modules', () => {
  it('every page sits on a path of the route table, once', () => {
    const paths = MODULES.flatMap((module) => module.routes.map((route) => route.path));
    const table = new Set(ROUTES.map((route) => route.path));
    expect(paths.filter((path) => !table.has(path))).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('the sidebar shows only listed modules, in the spec order, with its labels', () => {
    expect(staffNavItems(user('admin'), MODULES).map((item) => [item.label, item.href])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Suporte', '/support'],
      ['Tarefas', '/tasks'],
      ['Conexões', '/connections'],
      ['Senhas', '/passwords'],
      ['Empresas', '/companies'],
      ['Gerenciar Usuários', '/user-management'],
      ['Usuários', '/users'],
      ['Configurações', '/settings'],
    ]);
  });

  it('Tarefas needs tasks.view: its boards, a board, and the tasks section of a chamado', () => {
    expect(staffNavItems(user('tecnico', ['tasks.view']), MODULES).map((item) => item.href)).toContain(
      '/tasks',
    );
    expect(staffNavItems(user('tecnico', []), MODULES).map((item) => item.href)).not.toContain('/tasks');
    expect(permissionOf('/tasks/board/:boardId')).toBe('tasks.view');
    expect(ticketPageSections(user('tecnico', ['tickets.view']), MODULES)).toEqual([]);
    expect(
      ticketPageSections(user('tecnico', ['tickets.view', 'tasks.view']), MODULES).map((s) => s.id),
    ).toEqual(['ticket-tasks']);
  });

  it('Conexões needs connections.view, between Tarefas and Senhas; its screens their own keys', () => {
    expect(
      staffNavItems(user('tecnico', ['tasks.view', 'connections.view', 'passwords.view']), MODULES).map(
        (item) => item.href,
      ),
    ).toEqual(['/dashboard', '/tasks', '/connections', '/passwords', '/settings']);
    expect(staffNavItems(user('tecnico', []), MODULES).map((item) => item.href)).not.toContain(
      '/connections',
    );
    expect(permissionOf('/connections/:id')).toBe('connections.view');
    expect(permissionOf('/connections/:id/terminal')).toBe('connections.connect');
    expect(permissionOf('/connections/sessions/:id/replay')).toBe('connections.audit');
    expect(permissionOf('/connections/sessions/:id/watch')).toBe('connections.manage');
    expect(
      ticketPageSections(user('tecnico', ['tickets.view', 'connections.view']), MODULES).map((s) => s.id),
    ).toEqual(['ticket-connections']);
  });

  it('marks the entry of the current path active (and only it)', () => {
    const items = staffNavItems(user('admin'), MODULES, '/support/ticket/5');
    expect(items.filter((item) => item.active).map((item) => item.href)).toEqual(['/support']);
  });

  it('Suporte needs tickets.view', () => {
    expect(staffNavItems(user('tecnico', ['tickets.view']), MODULES).map((item) => item.href)).toEqual([
      '/dashboard',
      '/support',
      '/settings',
    ]);
  });

  it('a staff member without keys still has Dashboard and Configurações', () => {
    expect(staffNavItems(user('tecnico'), MODULES).map((item) => item.href)).toEqual([
      '/dashboard',
      '/settings',
    ]);
  });

  it('nobody signed in, no entries', () => {
    expect(staffNavItems(null, MODULES)).toEqual([]);
  });

  it('the portal menu: Início, Chamados, Mensagens, Perfil, Configurações', () => {
    expect(portalNavItems(MODULES).map((item) => [item.label, item.href])).toEqual([
      ['Início', '/portal'],
      ['Chamados', '/portal/tickets'],
      ['Mensagens', '/portal/messages'],
      ['Perfil', '/profile'],
      ['Configurações', '/settings'],
    ]);
  });

  it('shortcuts are every other module the user may open', () => {
    expect(moduleShortcuts(user('gestor'), MODULES).map((item) => item.href)).toEqual([
      '/messages',
      '/profile',
      '/settings',
    ]);
  });

  it('no Suporte shortcut without tickets.view', () => {
    expect(moduleShortcuts(user('tecnico'), MODULES).map((item) => item.label)).not.toContain('Suporte');
    expect(moduleShortcuts(user('tecnico', ['tickets.view']), MODULES)[0]).toMatchObject({
      label: 'Suporte',
      href: '/support',
    });
  });

  it('the ticket routes: staff list by status and details, the client list and details', () => {
    const tickets = MODULES.find((module) => module.id === 'tickets');
    expect(tickets?.routes.map((route) => route.path)).toEqual([
      '/support',
      '/support/:status',
      '/support/ticket/:id',
      '/portal/tickets',
      '/portal/tickets/:id',
    ]);
  });

  it('the dashboard widgets, in order, the chamados only for those who work them', () => {
    expect(
      homeWidgets(user('tecnico', ['tickets.view']), MODULES, 'staff').map((widget) => widget.id),
    ).toEqual(['ticket-summary', 'unread-notifications', 'staff-conversations']);
    expect(homeWidgets(user('tecnico'), MODULES, 'staff').map((widget) => widget.id)).toEqual([
      'unread-notifications',
      'staff-conversations',
    ]);
    expect(homeWidgets(user('cliente'), MODULES, 'portal').map((widget) => widget.id)).toEqual([
      'my-company',
      'open-tickets',
      'portal-conversations',
      'client-passwords',
      'recent-notifications',
      'company-users',
    ]);
  });

  it('Empresas needs companies.view: its list and the company page', () => {
    expect(staffNavItems(user('tecnico', ['companies.view']), MODULES).map((item) => item.href)).toEqual([
      '/dashboard',
      '/companies',
      '/settings',
    ]);
    expect(staffNavItems(user('tecnico'), MODULES).map((item) => item.href)).not.toContain('/companies');
    const companies = MODULES.find((module) => module.id === 'companies');
    expect(companies?.routes.map((route) => route.path)).toEqual(['/companies', '/companies/:id']);
    expect(moduleShortcuts(user('tecnico', ['companies.view']), MODULES)).toContainEqual(
      expect.objectContaining({ label: 'Empresas', href: '/companies' }),
    );
  });
});

describe('company page tabs from modules', () => {
  const Tab = lazy(async () => ({ default: (() => null) as ComponentType<CompanyTabProps> }));
  const module = (id: string, tabs: FeatureModule['companyTabs']): FeatureModule => ({
    id,
    label: id,
    routes: [],
    companyTabs: tabs,
  });
  const modules = [
    module('assets', [
      { id: 'ativos', label: 'Ativos', order: 50, permission: 'statistics.view', component: Tab },
    ]),
    module('vault', [
      { id: 'senhas', label: 'Senhas', order: 60, permission: 'passwords.view', component: Tab },
      { id: 'ativos', label: 'Ativos de novo', order: 5, component: Tab },
    ]),
    module('tasks', [{ id: 'tarefas', label: 'Tarefas', order: 30, component: Tab }]),
  ];

  it('lists the tabs a person may see, by order, each id once (the first module wins)', () => {
    expect(companyPageTabs(user('admin'), modules).map((tab) => [tab.id, tab.label])).toEqual([
      ['tarefas', 'Tarefas'],
      ['ativos', 'Ativos'],
      ['senhas', 'Senhas'],
    ]);
    expect(companyPageTabs(user('tecnico', ['passwords.view']), modules).map((tab) => tab.id)).toEqual([
      'ativos',
      'tarefas',
      'senhas',
    ]);
  });

  it('the vault adds its Senhas tab, for those holding passwords.view', () => {
    expect(companyPageTabs(user('admin'), MODULES).map((tab) => [tab.id, tab.label])).toEqual([
      ['conexoes', 'Conexões'],
      ['senhas', 'Senhas'],
    ]);
    expect(companyPageTabs(user('tecnico', ['companies.view']), MODULES)).toEqual([]);
  });
});

describe('company page figures from modules', () => {
  const Figures = lazy(async () => ({ default: (() => null) as ComponentType<CompanyTabProps> }));
  const modules: FeatureModule[] = [
    {
      id: 'tasks',
      label: 'Tarefas',
      routes: [],
      companyFigures: [{ id: 'task-figures', order: 20, permission: 'tasks.view', component: Figures }],
    },
    {
      id: 'vault',
      label: 'Senhas',
      routes: [],
      companyFigures: [
        { id: 'vault-figures', order: 30, permission: 'passwords.view', component: Figures },
        { id: 'task-figures', order: 1, component: Figures },
      ],
    },
  ];

  it('lists the figures a person may see, by order, each id once (the first module wins)', () => {
    expect(companyPageFigures(user('admin'), modules).map((figures) => figures.id)).toEqual([
      'task-figures',
      'vault-figures',
    ]);
    // Without tasks.view, the other module's open figures of the same id take the place.
    expect(
      companyPageFigures(user('tecnico', ['passwords.view']), modules).map((f) => [f.id, f.order]),
    ).toEqual([
      ['task-figures', 1],
      ['vault-figures', 30],
    ]);
    expect(companyPageFigures(user('tecnico'), modules.slice(0, 1))).toEqual([]);
  });

  it('the chamados add theirs (open, overdue, last contact), three cards, for anyone who sees the company', () => {
    const figures = companyPageFigures(user('tecnico', ['companies.view']), MODULES);
    expect(figures.map((item) => [item.id, item.cards])).toEqual([['ticket-figures', 3]]);
  });
});
