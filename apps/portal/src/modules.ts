import {
  Building2Icon,
  HouseIcon,
  KeyRoundIcon,
  KanbanSquareIcon,
  LayoutDashboardIcon,
  LifeBuoyIcon,
  MessageSquareIcon,
  SettingsIcon,
  ServerIcon,
  ShieldCheckIcon,
  UserRoundIcon,
  UsersIcon,
} from 'lucide-react';
import {
  lazyNamed as lazy,
  type CompanyTabProps,
  type FeatureModule,
  type TicketSectionProps,
  type UserPageSectionProps,
} from './lib/module-registry';

// Every page and widget is its own chunk: nothing here reaches the login pages' bundle but these lines.
const DashboardPage = lazy(() => import('./features/dashboard/dashboard-page'), 'DashboardPage');
const PortalHomePage = lazy(() => import('./features/dashboard/portal-home-page'), 'PortalHomePage');
const MessagesPage = lazy(() => import('./features/messages/messages-page'), 'MessagesPage');
const ProfilePage = lazy(() => import('./features/profile/profile-page'), 'ProfilePage');
const SettingsPage = lazy(() => import('./features/settings/settings-page'), 'SettingsPage');
const StaffTicketsPage = lazy(() => import('./features/tickets/list/staff-tickets-page'), 'StaffTicketsPage');
const ClientTicketsPage = lazy(
  () => import('./features/tickets/list/client-tickets-page'),
  'ClientTicketsPage',
);
const StaffTicketPage = lazy(() => import('./features/tickets/detail/staff-ticket-page'), 'StaffTicketPage');
const ClientTicketPage = lazy(
  () => import('./features/tickets/detail/client-ticket-page'),
  'ClientTicketPage',
);

const CompaniesPage = lazy(() => import('./features/companies/list/companies-page'), 'CompaniesPage');
const CompanyPage = lazy(() => import('./features/companies/detail/company-page'), 'CompanyPage');

const TasksPage = lazy(() => import('./features/tasks/boards/tasks-page'), 'TasksPage');
const BoardPage = lazy(() => import('./features/tasks/board/board-page'), 'BoardPage');

const PasswordsPage = lazy(() => import('./features/passwords/list/passwords-page'), 'PasswordsPage');
const PasswordPage = lazy(() => import('./features/passwords/item/password-page'), 'PasswordPage');

const UsersPage = lazy(() => import('./features/users/directory/users-page'), 'UsersPage');
const UserPage = lazy(() => import('./features/users/person/user-page'), 'UserPage');

const RolesPage = lazy(() => import('./features/roles/roles/roles-page'), 'RolesPage');
const WhyPage = lazy(() => import('./features/roles/why/why-page'), 'WhyPage');

const SecurityPage = lazy(() => import('./features/security/own/security-page'), 'SecurityPage');
const SecuritySettingsPage = lazy(
  () => import('./features/security/admin/security-settings-page'),
  'SecuritySettingsPage',
);

const notificationsWidgets = () => import('./features/notifications/notifications-widget');
const conversationsWidgets = () => import('./features/messages/recent-conversations-widget');

/**
 * The one list of what the app offers: each module's pages (on paths of @farol/data's route table, which
 * gives their permission, area, menu entry and title) and its dashboard widgets. Only modules that exist
 * are here, so the menus show only what exists; a new module adds one entry.
 */
export const MODULES: readonly FeatureModule[] = [
  {
    id: 'dashboard',
    label: 'Dashboard',
    icon: LayoutDashboardIcon,
    routes: [
      { path: '/dashboard', page: DashboardPage, icon: LayoutDashboardIcon },
      { path: '/portal', page: PortalHomePage, icon: HouseIcon },
    ],
  },
  {
    id: 'tickets',
    label: 'Suporte',
    icon: LifeBuoyIcon,
    routes: [
      { path: '/support', page: StaffTicketsPage, icon: LifeBuoyIcon },
      { path: '/support/:status', page: StaffTicketsPage },
      // The router ranks the static 'ticket' segment above ':status', as resolveAccess does.
      { path: '/support/ticket/:id', page: StaffTicketPage },
      { path: '/portal/tickets', page: ClientTicketsPage, icon: LifeBuoyIcon },
      { path: '/portal/tickets/:id', page: ClientTicketPage },
    ],
    companyFigures: [
      {
        id: 'ticket-figures',
        order: 10,
        cards: 3,
        component: lazy<'CompanyTicketFigures', CompanyTabProps>(
          () => import('./features/tickets/company/company-ticket-figures'),
          'CompanyTicketFigures',
        ),
      },
    ],
    widgets: [
      {
        id: 'ticket-summary',
        home: 'staff',
        order: 10,
        size: 'full',
        permission: 'tickets.view',
        component: lazy(
          () => import('./features/tickets/widgets/ticket-summary-widget'),
          'TicketSummaryWidget',
        ),
      },
      {
        id: 'open-tickets',
        home: 'portal',
        order: 10,
        size: 'full',
        component: lazy(() => import('./features/tickets/widgets/open-tickets-widget'), 'OpenTicketsWidget'),
      },
    ],
  },
  {
    id: 'companies',
    label: 'Empresas',
    icon: Building2Icon,
    routes: [
      { path: '/companies', page: CompaniesPage, icon: Building2Icon },
      { path: '/companies/:id', page: CompanyPage },
    ],
    widgets: [
      {
        // The client's own company card (name, logo, their branch): all a client reads of this module.
        id: 'my-company',
        home: 'portal',
        order: 5,
        size: 'full',
        component: lazy(() => import('./features/companies/widgets/my-company-widget'), 'MyCompanyWidget'),
      },
    ],
  },
  {
    id: 'passwords',
    label: 'Senhas',
    icon: KeyRoundIcon,
    routes: [
      { path: '/passwords', page: PasswordsPage, icon: KeyRoundIcon },
      { path: '/passwords/:id', page: PasswordPage },
      {
        path: '/passwords/folders',
        page: lazy(() => import('./features/passwords/folders/folders-page'), 'FoldersPage'),
      },
      {
        path: '/passwords/reveals',
        page: lazy(() => import('./features/passwords/reveals/reveal-log-page'), 'RevealLogPage'),
      },
      {
        path: '/passwords/transfer',
        page: lazy(() => import('./features/passwords/transfer/transfer-page'), 'TransferPage'),
      },
      {
        path: '/passwords/requests',
        page: lazy(() => import('./features/passwords/requests/vault-requests-page'), 'VaultRequestsPage'),
      },
      {
        path: '/credencial/:token',
        page: lazy(
          () => import('./features/passwords/request-link/credential-request-page'),
          'CredentialRequestPage',
        ),
      },
      {
        path: '/portal/passwords',
        page: lazy(() => import('./features/passwords/portal/client-passwords-page'), 'ClientPasswordsPage'),
        icon: KeyRoundIcon,
      },
    ],
    companyFigures: [
      {
        id: 'password-figures',
        order: 30,
        cards: 2,
        permission: 'passwords.view',
        component: lazy<'CompanyPasswordFigures', CompanyTabProps>(
          () => import('./features/passwords/company/company-password-figures'),
          'CompanyPasswordFigures',
        ),
      },
    ],
    widgets: [
      {
        id: 'client-passwords',
        home: 'portal',
        order: 30,
        size: 'full',
        component: lazy(
          () => import('./features/passwords/portal/client-passwords-widget'),
          'ClientPasswordsWidget',
        ),
      },
    ],
    companyTabs: [
      {
        id: 'senhas',
        label: 'Senhas',
        order: 50,
        permission: 'passwords.view',
        component: lazy<'CompanyPasswordsTab', CompanyTabProps>(
          () => import('./features/passwords/company/company-passwords-tab'),
          'CompanyPasswordsTab',
        ),
      },
    ],
  },
  {
    id: 'users',
    label: 'Usuários',
    icon: UsersIcon,
    routes: [
      { path: '/users', page: UsersPage, icon: UsersIcon },
      { path: '/users/:id', page: UserPage },
    ],
  },
  {
    // Roles, a person's access and "Por que ele vê isso?" (issue 13), under Gerenciar Usuários.
    id: 'roles',
    label: 'Funções e permissões',
    icon: ShieldCheckIcon,
    routes: [
      { path: '/user-management/roles', page: RolesPage, icon: ShieldCheckIcon },
      { path: '/user-management/why', page: WhyPage },
    ],
    userPageSections: [
      {
        id: 'access',
        title: 'Acessos',
        order: 20,
        permission: 'users.manage',
        component: lazy<'AccessSection', UserPageSectionProps>(
          () => import('./features/roles/access/access-section'),
          'AccessSection',
        ),
      },
    ],
  },
  {
    // Gerenciar Usuários (issue 13): accounts, invitations, password resets, offboarding; the public pages of
    // an invitation and a reset link; a client gestor's "Usuários da empresa" on the portal home.
    id: 'accounts',
    label: 'Gerenciar Usuários',
    icon: UsersIcon,
    routes: [
      {
        path: '/user-management',
        page: lazy(
          () => import('./features/user-management/list/user-management-page'),
          'UserManagementPage',
        ),
        icon: UsersIcon,
      },
      {
        path: '/convite/:token',
        page: lazy(() => import('./features/invitation/invitation-page'), 'InvitationPage'),
      },
      {
        path: '/esqueci-senha',
        page: lazy(() => import('./features/password-reset/forgot-password-page'), 'ForgotPasswordPage'),
      },
      {
        path: '/redefinir-senha/:token',
        page: lazy(() => import('./features/password-reset/reset-password-page'), 'ResetPasswordPage'),
      },
      {
        path: '/trocar-senha',
        page: lazy(() => import('./features/password-reset/change-password-page'), 'ChangePasswordPage'),
      },
    ],
    widgets: [
      {
        id: 'company-users',
        home: 'portal',
        order: 40,
        size: 'full',
        component: lazy(
          () => import('./features/user-management/widgets/company-users-widget'),
          'CompanyUsersWidget',
        ),
      },
    ],
  },
  {
    id: 'tasks',
    label: 'Tarefas',
    icon: KanbanSquareIcon,
    routes: [
      { path: '/tasks', page: TasksPage, icon: KanbanSquareIcon },
      { path: '/tasks/board/:boardId', page: BoardPage },
    ],
    ticketSections: [
      {
        id: 'ticket-tasks',
        order: 10,
        permission: 'tasks.view',
        component: lazy<'TicketTasksSection', TicketSectionProps>(
          () => import('./features/tasks/ticket/ticket-tasks-section'),
          'TicketTasksSection',
        ),
      },
    ],
  },
  {
    // Conexões (issue 15): the inventory, in-browser SSH and VNC, native launches, sessions, recordings.
    id: 'connections',
    label: 'Conexões',
    icon: ServerIcon,
    routes: [
      {
        path: '/connections',
        page: lazy(() => import('./features/connections/list/connections-page'), 'ConnectionsPage'),
        icon: ServerIcon,
      },
      {
        path: '/connections/sessions',
        page: lazy(() => import('./features/connections/sessions/sessions-page'), 'SessionsPage'),
      },
      {
        path: '/connections/recordings',
        page: lazy(
          () => import('./features/connections/recordings/recordings-search-page'),
          'RecordingsSearchPage',
        ),
      },
      {
        path: '/connections/sessions/:id/replay',
        page: lazy(() => import('./features/connections/replay/replay-page'), 'ReplayPage'),
      },
      {
        path: '/connections/sessions/:id/watch',
        page: lazy(() => import('./features/connections/watch/watch-page'), 'WatchPage'),
      },
      {
        path: '/connections/:id/terminal',
        page: lazy(() => import('./features/connections/terminal/terminal-page'), 'TerminalPage'),
      },
      {
        path: '/connections/:id',
        page: lazy(() => import('./features/connections/detail/connection-page'), 'ConnectionPage'),
      },
    ],
    companyTabs: [
      {
        id: 'conexoes',
        label: 'Conexões',
        order: 40,
        permission: 'connections.view',
        component: lazy<'CompanyConnectionsTab', CompanyTabProps>(
          () => import('./features/connections/company/company-connections-tab'),
          'CompanyConnectionsTab',
        ),
      },
    ],
    ticketSections: [
      {
        id: 'ticket-connections',
        order: 20,
        permission: 'connections.view',
        component: lazy<'TicketConnectionsSection', TicketSectionProps>(
          () => import('./features/connections/ticket/ticket-connections-section'),
          'TicketConnectionsSection',
        ),
      },
    ],
  },
  {
    id: 'notifications',
    label: 'Notificações',
    routes: [],
    widgets: [
      {
        id: 'unread-notifications',
        home: 'staff',
        order: 20,
        size: 'half',
        component: lazy(notificationsWidgets, 'UnreadNotificationsWidget'),
      },
      {
        id: 'recent-notifications',
        home: 'portal',
        order: 30,
        size: 'half',
        component: lazy(notificationsWidgets, 'RecentNotificationsWidget'),
      },
    ],
  },
  {
    id: 'messages',
    label: 'Mensagens',
    icon: MessageSquareIcon,
    routes: [
      { path: '/messages', page: MessagesPage },
      { path: '/messages/:conversationId', page: MessagesPage },
      { path: '/portal/messages', page: MessagesPage, icon: MessageSquareIcon },
      { path: '/portal/messages/:conversationId', page: MessagesPage },
    ],
    widgets: [
      {
        id: 'staff-conversations',
        home: 'staff',
        order: 30,
        size: 'half',
        component: lazy(conversationsWidgets, 'StaffConversationsWidget'),
      },
      {
        id: 'portal-conversations',
        home: 'portal',
        order: 20,
        size: 'half',
        component: lazy(conversationsWidgets, 'PortalConversationsWidget'),
      },
    ],
  },
  {
    id: 'profile',
    label: 'Perfil',
    icon: UserRoundIcon,
    routes: [{ path: '/profile', page: ProfilePage, icon: UserRoundIcon }],
  },
  {
    id: 'settings',
    label: 'Configurações',
    icon: SettingsIcon,
    routes: [{ path: '/settings', page: SettingsPage, icon: SettingsIcon }],
  },
  {
    // Two-factor sign-in, sessions and login history (issue 13): one's own under Configurações, who must use
    // 2FA under Gerenciar Usuários, and a person's on their page.
    id: 'security',
    label: 'Segurança',
    routes: [
      { path: '/settings/security', page: SecurityPage },
      { path: '/user-management/security', page: SecuritySettingsPage },
    ],
    userPageSections: [
      {
        id: 'security',
        title: 'Segurança',
        order: 30,
        permission: 'users.manage',
        onOwnPage: false,
        component: lazy<'UserSecuritySection', UserPageSectionProps>(
          () => import('./features/security/admin/user-security-section'),
          'UserSecuritySection',
        ),
      },
    ],
  },
];
