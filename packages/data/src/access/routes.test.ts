import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS } from '../contract/constants';
import { isLoginPath, normalizePath } from './paths';
import { ROUTES } from './route-table';
import { matchRoute, resolveAccess, type AccessDecision } from './routes';

const admin = { role: 'admin', permissions: [] };
const tech = { role: 'tecnico', permissions: ['tickets.view', 'tasks.view'] };
const bare = { role: 'tecnico', permissions: [] as string[] };
const client = { role: 'Cliente', permissions: [] };
const allow: AccessDecision = { type: 'allow' };
const to = (path: string, from?: string): AccessDecision =>
  from === undefined ? { type: 'redirect', to: path } : { type: 'redirect', to: path, from };

describe('paths', () => {
  it.each([
    ['', '/'],
    ['/', '/'],
    ['/support/', '/support'],
    ['/support//ticket/1', '/support/ticket/1'],
    ['/tasks?x=1#y', '/tasks'],
    ['dashboard', '/dashboard'],
  ])('normalizePath(%j) = %j', (input, output) => {
    expect(normalizePath(input)).toBe(output);
  });

  it.each([
    ['/login', true],
    ['/login/', true],
    ['/portal/login', true],
    ['/login?from=/x', true],
    ['/loginx', false],
    ['/portal', false],
  ])('isLoginPath(%j) = %s', (path, expected) => {
    expect(isLoginPath(path)).toBe(expected);
  });
});

describe('ROUTES / matchRoute', () => {
  it("lists every screen of spec §2 (and the modules' own) with its permission and area", () => {
    expect(ROUTES.map((r) => [r.path, r.permission, r.area])).toEqual([
      ['/login', null, 'public'],
      ['/portal/login', null, 'public'],
      ['/403', null, 'public'],
      ['/convite/:token', null, 'public'],
      ['/esqueci-senha', null, 'public'],
      ['/redefinir-senha/:token', null, 'public'],
      ['/trocar-senha', null, 'public'],
      ['/credencial/:token', null, 'public'],
      ['/portal', null, 'client'],
      ['/portal/tickets', null, 'client'],
      ['/portal/tickets/:id', null, 'client'],
      ['/portal/messages', null, 'client'],
      ['/portal/messages/:conversationId', null, 'client'],
      ['/portal/passwords', null, 'client'],
      ['/support', 'tickets.view', 'staff'],
      ['/support/ticket/:id', 'tickets.view', 'staff'],
      ['/support/:status', 'tickets.view', 'staff'],
      ['/dashboard', null, 'staff'],
      ['/tasks', 'tasks.view', 'staff'],
      ['/tasks/board/:boardId', 'tasks.view', 'staff'],
      ['/connections', 'connections.view', 'staff'],
      ['/connections/sessions', 'connections.view', 'staff'],
      ['/connections/recordings', 'connections.audit', 'staff'],
      ['/connections/sessions/:id/replay', 'connections.audit', 'staff'],
      ['/connections/sessions/:id/watch', 'connections.manage', 'staff'],
      ['/connections/:id/terminal', 'connections.connect', 'staff'],
      ['/connections/:id', 'connections.view', 'staff'],
      ['/passwords', 'passwords.view', 'staff'],
      ['/passwords/requests', 'passwords.manage', 'staff'],
      ['/passwords/folders', 'passwords.manage', 'staff'],
      ['/passwords/reveals', 'passwords.manage', 'staff'],
      ['/passwords/transfer', 'passwords.manage', 'staff'],
      ['/passwords/:id', 'passwords.view', 'staff'],
      ['/companies', 'companies.view', 'staff'],
      ['/companies/:id', 'companies.view', 'staff'],
      ['/user-management', 'users.manage', 'staff'],
      ['/user-management/roles', 'users.manage', 'staff'],
      ['/user-management/why', 'users.manage', 'staff'],
      ['/user-management/security', 'users.manage', 'staff'],
      ['/users', 'users.view', 'staff'],
      ['/users/:id', 'users.view', 'staff'],
      ['/messages', null, 'staff'],
      ['/messages/:conversationId', null, 'staff'],
      ['/profile', null, 'staff'],
      ['/settings/security', null, 'staff'],
      ['/settings', null, 'staff'],
      ['/statistics', 'statistics.view', 'staff'],
    ]);
    for (const route of ROUTES) if (route.permission) expect(PERMISSION_KEYS).toContain(route.permission);
  });

  it.each([
    ['/support/ticket/42', '/support/ticket/:id', { id: '42' }],
    ['/support/aberto', '/support/:status', { status: 'aberto' }],
    ['/tasks/board/7/', '/tasks/board/:boardId', { boardId: '7' }],
    ['/portal/messages/9?x', '/portal/messages/:conversationId', { conversationId: '9' }],
    ['/support/em%20andamento', '/support/:status', { status: 'em andamento' }],
    ['/support/%E0%A4%A', '/support/:status', { status: '%E0%A4%A' }],
  ])('matchRoute(%j) → %s', (path, pattern, params) => {
    expect(matchRoute(path)).toEqual({ route: expect.objectContaining({ path: pattern }), params });
  });

  it.each(['/', '/nope', '/support/ticket/1/extra', '/tasks/board', '/portal/tickets/1/x'])(
    'matchRoute(%j) is null',
    (path) => {
      expect(matchRoute(path)).toBeNull();
    },
  );
});

describe('resolveAccess — anonymous visitors', () => {
  it.each([
    ['/login', allow],
    ['/portal/login', allow],
    ['/403', allow],
    ['/dashboard', to('/login', '/dashboard')],
    ['/support/ticket/5', to('/login', '/support/ticket/5')],
    ['/tasks?board=2', to('/login', '/tasks?board=2')],
    ['/messages/3', to('/login', '/messages/3')],
    ['/settings', to('/login', '/settings')],
    ['/portal', to('/portal/login', '/portal')],
    ['/portal/tickets/8', to('/portal/login', '/portal/tickets/8')],
    ['/portal/messages', to('/portal/login', '/portal/messages')],
    ['/portal/whatever', to('/portal/login')],
    ['/', to('/login')],
    ['/unknown/path', to('/login')],
  ])('%s', (path, decision) => {
    expect(resolveAccess(null, path)).toEqual(decision);
    expect(resolveAccess(undefined, path)).toEqual(decision);
  });
});

describe('resolveAccess — clients (both readings, design.md §3)', () => {
  it.each([
    ['/portal', allow],
    ['/portal/', allow],
    ['/portal/tickets', allow],
    ['/portal/tickets/12', allow],
    ['/portal/messages', allow],
    ['/portal/messages/4', allow],
    ['/settings', allow],
    ['/settings/security', allow],
    ['/profile', allow],
    ['/403', allow],
    ['/support', to('/portal/tickets')],
    ['/support/', to('/portal/tickets')],
    ['/support/aberto', to('/portal/tickets?status=aberto')],
    ['/support/em andamento', to('/portal/tickets?status=em%20andamento')],
    ['/support/ticket/12', to('/portal/tickets/12')],
    ['/support?open=true&q=vpn', to('/portal/tickets?open=true&q=vpn')],
    ['/support/em-andamento?page=2', to('/portal/tickets?status=em-andamento&page=2')],
    ['/messages', to('/portal/messages')],
    ['/messages/4', to('/portal/messages/4')],
    ['/dashboard', to('/portal')],
    ['/tasks', to('/portal')],
    ['/passwords', to('/portal')],
    ['/user-management', to('/portal')],
    ['/statistics', to('/portal')],
    ['/', to('/portal')],
    ['/nope', to('/portal')],
    ['/portal/nope', to('/portal')],
    ['/login', to('/portal')],
    ['/portal/login', to('/portal')],
  ])('%s', (path, decision) => {
    expect(resolveAccess(client, path)).toEqual(decision);
    expect(resolveAccess({ role: 'client', permissions: ['tickets.view'] }, path)).toEqual(decision);
  });
});

describe('resolveAccess — staff', () => {
  const staffCases: Array<[string, AccessDecision, AccessDecision, AccessDecision]> = [
    // path, admin, tech (tickets+tasks), bare (no keys)
    ['/dashboard', allow, allow, allow],
    ['/support', allow, allow, to('/403')],
    ['/support/fechado', allow, allow, to('/403')],
    ['/support/ticket/3', allow, allow, to('/403')],
    ['/tasks', allow, allow, to('/403')],
    ['/tasks/board/2', allow, allow, to('/403')],
    ['/connections', allow, to('/403'), to('/403')],
    ['/connections/sessions', allow, to('/403'), to('/403')],
    ['/connections/sessions/4/replay', allow, to('/403'), to('/403')],
    ['/connections/7/terminal', allow, to('/403'), to('/403')],
    ['/connections/7', allow, to('/403'), to('/403')],
    ['/passwords', allow, to('/403'), to('/403')],
    ['/companies', allow, to('/403'), to('/403')],
    ['/user-management', allow, to('/403'), to('/403')],
    ['/users', allow, to('/403'), to('/403')],
    ['/statistics', allow, to('/403'), to('/403')],
    ['/messages', allow, allow, allow],
    ['/messages/9', allow, allow, allow],
    ['/profile', allow, allow, allow],
    ['/settings', allow, allow, allow],
    ['/403', allow, allow, allow],
    ['/portal', to('/dashboard'), to('/dashboard'), to('/dashboard')],
    ['/portal/tickets/1', to('/dashboard'), to('/dashboard'), to('/dashboard')],
    ['/portal/anything', to('/dashboard'), to('/dashboard'), to('/dashboard')],
    ['/', to('/dashboard'), to('/dashboard'), to('/dashboard')],
    ['/unknown', to('/dashboard'), to('/dashboard'), to('/dashboard')],
    ['/login', to('/dashboard'), to('/dashboard'), to('/dashboard')],
    ['/portal/login', to('/dashboard'), to('/dashboard'), to('/dashboard')],
  ];
  it.each(staffCases)('%s', (path, forAdmin, forTech, forBare) => {
    expect(resolveAccess(admin, path)).toEqual(forAdmin);
    expect(resolveAccess(tech, path)).toEqual(forTech);
    expect(resolveAccess(bare, path)).toEqual(forBare);
  });

  it('grants each guarded route to exactly the holder of its key', () => {
    for (const route of ROUTES.filter((r) => r.permission)) {
      const path = route.path.replace(/:\w+/g, '1');
      expect(resolveAccess({ role: 'gestor', permissions: [route.permission!] }, path)).toEqual(allow);
      const others = PERMISSION_KEYS.filter((key) => key !== route.permission);
      expect(resolveAccess({ role: 'gestor', permissions: others }, path)).toEqual(to('/403'));
    }
  });
});

describe('notificationHref without a window (server rendering, Node)', () => {
  it('still maps app links and refuses other origins', async () => {
    const { notificationHref } = await import('./navigation');
    expect(typeof window).toBe('undefined');
    expect(notificationHref('/tickets/3', { role: 'tecnico' })).toBe('/support/ticket/3');
    expect(notificationHref('https://evil.example/tickets/3', { role: 'tecnico' })).toBeNull();
    expect(notificationHref('javascript:alert(1)', { role: 'cliente' })).toBeNull();
  });
});
