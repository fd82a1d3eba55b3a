import { PERMISSIONS, type PermissionKey } from './permissions';
import { FORBIDDEN_PATH, LOGIN_PATH, PORTAL_LOGIN_PATH } from './paths';

export type RouteArea = 'public' | 'client' | 'staff';

/** One screen of spec §2, and everything the app shows about it. */
export interface RouteDefinition {
  /** Pattern with `:param` segments, e.g. '/support/ticket/:id'. */
  path: string;
  /** Who may open it: 'public' anyone, 'client' client users only, 'staff' signed-in staff. */
  area: RouteArea;
  /** The key staff need (admins hold all); null: being signed in is enough. */
  permission: PermissionKey | null;
  /** Its entry in the staff sidebar (spec §2's table): the label and its place (`order`, ascending). */
  sidebar?: { label: string; order: number };
  /** Its entry in the client portal's menu, in `order`. */
  portalMenu?: { label: string; order: number };
  /** The header's title on this path and every path below it (spec §2); elsewhere it reads Dashboard. */
  title?: string;
}

const P = PERMISSIONS;

/**
 * Every screen of the product in one table: the route guard (`resolveAccess`), the staff sidebar
 * (`visibleNavItems`), the portal's menu (`portalMenuItems`), the header (`headerTitle`) and the app's module
 * registry all read it. A screen is listed here from the spec even before its module exists: the guard
 * answers for it, and the menus show an entry only where the app registers a page for it.
 * Order matters where patterns overlap: the static '/support/ticket/:id' is listed before '/support/:status'.
 */
export const ROUTES: readonly RouteDefinition[] = [
  { path: LOGIN_PATH, permission: null, area: 'public' },
  { path: PORTAL_LOGIN_PATH, permission: null, area: 'public' },
  { path: FORBIDDEN_PATH, permission: null, area: 'public' },
  // Accounts (issue 13): an invitation's link, "Esqueci minha senha" and its link, and the temporary
  // password's change (it needs a session, and serves staff and clients alike).
  { path: '/convite/:token', permission: null, area: 'public' },
  { path: '/esqueci-senha', permission: null, area: 'public' },
  { path: '/redefinir-senha/:token', permission: null, area: 'public' },
  { path: '/trocar-senha', permission: null, area: 'public' },
  // The vault (issue 14): a credential request's one-time link, opened by a client contact without a session.
  { path: '/credencial/:token', permission: null, area: 'public' },
  { path: '/portal', permission: null, area: 'client', portalMenu: { label: 'Início', order: 1 } },
  { path: '/portal/tickets', permission: null, area: 'client', portalMenu: { label: 'Chamados', order: 2 } },
  { path: '/portal/tickets/:id', permission: null, area: 'client' },
  {
    path: '/portal/messages',
    permission: null,
    area: 'client',
    portalMenu: { label: 'Mensagens', order: 3 },
  },
  { path: '/portal/messages/:conversationId', permission: null, area: 'client' },
  // The company's items flagged visível ao cliente and the team's credential requests (reached from the home).
  { path: '/portal/passwords', permission: null, area: 'client' },
  {
    path: '/support',
    permission: P.TICKETS_VIEW,
    area: 'staff',
    sidebar: { label: 'Suporte', order: 2 },
    title: 'Suporte',
  },
  { path: '/support/ticket/:id', permission: P.TICKETS_VIEW, area: 'staff' },
  { path: '/support/:status', permission: P.TICKETS_VIEW, area: 'staff' },
  { path: '/dashboard', permission: null, area: 'staff', sidebar: { label: 'Dashboard', order: 1 } },
  {
    path: '/tasks',
    permission: P.TASKS_VIEW,
    area: 'staff',
    sidebar: { label: 'Tarefas', order: 3 },
    title: 'Tarefas',
  },
  { path: '/tasks/board/:boardId', permission: P.TASKS_VIEW, area: 'staff' },
  {
    path: '/connections',
    permission: P.CONNECTIONS_VIEW,
    area: 'staff',
    sidebar: { label: 'Conexões', order: 5 },
    title: 'Conexões',
  },
  // Conexões (issue 15): sessions (active and history), the recordings' search, a replay and a live watch,
  // before '/connections/:id'.
  { path: '/connections/sessions', permission: P.CONNECTIONS_VIEW, area: 'staff' },
  { path: '/connections/recordings', permission: P.CONNECTIONS_AUDIT, area: 'staff' },
  { path: '/connections/sessions/:id/replay', permission: P.CONNECTIONS_AUDIT, area: 'staff' },
  { path: '/connections/sessions/:id/watch', permission: P.CONNECTIONS_MANAGE, area: 'staff' },
  { path: '/connections/:id/terminal', permission: P.CONNECTIONS_CONNECT, area: 'staff' },
  { path: '/connections/:id', permission: P.CONNECTIONS_VIEW, area: 'staff' },
  {
    path: '/passwords',
    permission: P.PASSWORDS_VIEW,
    area: 'staff',
    sidebar: { label: 'Senhas', order: 6 },
    title: 'Senhas',
  },
  // Credential requests sent to clients (their links, answered or not), before '/passwords/:id'.
  { path: '/passwords/requests', permission: P.PASSWORDS_MANAGE, area: 'staff' },
  // The folders: created, renamed, moved, deleted and shared, before '/passwords/:id'.
  { path: '/passwords/folders', permission: P.PASSWORDS_MANAGE, area: 'staff' },
  // The reveal log of everyone (who saw what, when and why), before '/passwords/:id'.
  { path: '/passwords/reveals', permission: P.PASSWORDS_MANAGE, area: 'staff' },
  // Import (Bitwarden, KeePass, a Farol export) and the encrypted export, before '/passwords/:id'.
  { path: '/passwords/transfer', permission: P.PASSWORDS_MANAGE, area: 'staff' },
  { path: '/passwords/:id', permission: P.PASSWORDS_VIEW, area: 'staff' },
  {
    path: '/companies',
    permission: P.COMPANIES_VIEW,
    area: 'staff',
    sidebar: { label: 'Empresas', order: 7 },
    title: 'Empresas',
  },
  { path: '/companies/:id', permission: P.COMPANIES_VIEW, area: 'staff' },
  {
    path: '/user-management',
    permission: P.USERS_MANAGE,
    area: 'staff',
    sidebar: { label: 'Gerenciar Usuários', order: 8 },
    title: 'Gerenciar Usuários',
  },
  { path: '/user-management/roles', permission: P.USERS_MANAGE, area: 'staff' },
  { path: '/user-management/why', permission: P.USERS_MANAGE, area: 'staff' },
  // Who must use two-factor sign-in (admins; the server refuses everyone else), under Gerenciar Usuários.
  { path: '/user-management/security', permission: P.USERS_MANAGE, area: 'staff' },
  {
    path: '/users',
    permission: P.USERS_VIEW,
    area: 'staff',
    sidebar: { label: 'Usuários', order: 9 },
    title: 'Usuários',
  },
  { path: '/users/:id', permission: P.USERS_VIEW, area: 'staff' },
  { path: '/messages', permission: null, area: 'staff' },
  { path: '/messages/:conversationId', permission: null, area: 'staff' },
  { path: '/profile', permission: null, area: 'staff', portalMenu: { label: 'Perfil', order: 4 } },
  // Issue 13: one's own two-factor sign-in, sessions and login history (clients too), under Configurações.
  { path: '/settings/security', permission: null, area: 'staff' },
  {
    path: '/settings',
    permission: null,
    area: 'staff',
    sidebar: { label: 'Configurações', order: 10 },
    portalMenu: { label: 'Configurações', order: 5 },
    title: 'Configurações',
  },
  {
    path: '/statistics',
    permission: P.STATISTICS_VIEW,
    area: 'staff',
    // The spec's sidebar calls the module "Ativos"; its header reads "Estatísticas" (design.md §3).
    sidebar: { label: 'Ativos', order: 4 },
    title: 'Estatísticas',
  },
];
