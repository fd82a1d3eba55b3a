import { PERMISSION_KEYS } from '../../contract/constants';
import type { Role, UserAccess } from '../../contract/role';
import { fixtures, minutesAgo } from '../../mocks/fixtures';

/** The roles the mock starts from: the four built-ins and two custom roles, as the server lists them. */
export const fixtureRoles = (): Role[] => [
  {
    key: 'admin',
    name: 'Administrador',
    built_in: true,
    editable: false,
    permissions: [...PERMISSION_KEYS],
    user_count: 1,
    updated_at: minutesAgo(60 * 24 * 30),
  },
  {
    key: 'gestor',
    name: 'Gestor',
    built_in: true,
    editable: true,
    permissions: PERMISSION_KEYS.filter((key) => key !== 'users.manage'),
    user_count: 1,
    updated_at: minutesAgo(60 * 24 * 30),
  },
  {
    key: 'tecnico',
    name: 'Técnico',
    built_in: true,
    editable: true,
    permissions: ['tickets.view', 'tasks.view', 'connections.view'],
    user_count: 1,
    updated_at: minutesAgo(60 * 24 * 30),
  },
  {
    key: 'cliente',
    name: 'Cliente',
    built_in: true,
    editable: false,
    permissions: [],
    user_count: 2,
    updated_at: minutesAgo(60 * 24 * 30),
  },
  {
    key: 'suporte-n1',
    name: 'Suporte N1',
    built_in: false,
    editable: true,
    permissions: ['tickets.view', 'companies.view'],
    user_count: 0,
    updated_at: minutesAgo(60 * 5),
  },
  {
    key: 'financeiro',
    name: 'Financeiro',
    built_in: false,
    editable: true,
    permissions: ['statistics.view', 'companies.view'],
    user_count: 0,
    updated_at: minutesAgo(60 * 48),
  },
];

/** Companies the scope pickers offer (the fixtures' ids). */
export const fixtureScopeCompanies = () => [
  { id: 100, name: 'Acme Logística Ltda.' },
  { id: 101, name: 'Globex Comércio S.A.' },
  { id: 102, name: 'Initech Serviços' },
];

/** A person's access as GET /api/roles/access/:id answers it, for the fixture users. */
export const fixtureAccesses = (): UserAccess[] => {
  const { admin, gestor, tecnico, clienteAcme, clienteGlobex } = fixtures.users;
  return [
    {
      user_id: admin.id,
      name: admin.name,
      role: 'admin',
      role_name: 'Administrador',
      is_client: false,
      is_admin: true,
      role_permissions: [...PERMISSION_KEYS],
      extra_permissions: [],
      effective_permissions: [...PERMISSION_KEYS],
      company_scope: { mode: 'all', companies: [], excluded: [] },
    },
    {
      user_id: gestor.id,
      name: gestor.name,
      role: 'gestor',
      role_name: 'Gestor',
      is_client: false,
      is_admin: false,
      role_permissions: PERMISSION_KEYS.filter((key) => key !== 'users.manage'),
      extra_permissions: [],
      effective_permissions: PERMISSION_KEYS.filter((key) => key !== 'users.manage'),
      company_scope: { mode: 'all', companies: [], excluded: [] },
    },
    {
      user_id: tecnico.id,
      name: tecnico.name,
      role: 'tecnico',
      role_name: 'Técnico',
      is_client: false,
      is_admin: false,
      role_permissions: ['tickets.view', 'tasks.view', 'connections.view'],
      extra_permissions: ['companies.view'],
      effective_permissions: ['tickets.view', 'tasks.view', 'connections.view', 'companies.view'],
      company_scope: {
        mode: 'selected',
        companies: [{ id: 100, name: 'Acme Logística Ltda.' }],
        excluded: [],
      },
    },
    ...[clienteAcme, clienteGlobex].map((user): UserAccess => ({
      user_id: user.id,
      name: user.name,
      role: 'cliente',
      role_name: 'Cliente',
      is_client: true,
      is_admin: false,
      role_permissions: [],
      extra_permissions: [],
      effective_permissions: [],
      company_scope: { mode: 'all', companies: [], excluded: [] },
    })),
  ];
};
