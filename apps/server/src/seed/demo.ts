import { hashPassword } from '../auth/password';
import type { Database } from '../db/database';
import { seedAccounts } from '../modules/accounts';
import { seedCompanies } from '../modules/companies';
import { seedConnections } from '../modules/connections';
import { seedConversations } from '../modules/conversations';
import { seedNotifications } from '../modules/notifications';
import { seedPasswords } from '../modules/passwords';
import { seedTasks } from '../modules/tasks';
import { seedTickets } from '../modules/tickets';
import { seedUsers } from '../modules/users';
import type { DemoUserIds, ModuleSeed } from './module-seed';

export const DEMO_PASSWORD = 'farol-demo';

export interface DemoLogin {
  email: string;
  role: string;
  description: string;
}

/** The demo logins documentation and tests rely on (issue 4), all with DEMO_PASSWORD. */
export const DEMO_LOGINS: DemoLogin[] = [
  { email: 'admin@farol.dev', role: 'admin', description: 'administrador, todas as permissões' },
  {
    email: 'gestor@farol.dev',
    role: 'gestor',
    description: 'equipe, todas as permissões menos users.manage',
  },
  { email: 'tecnico@farol.dev', role: 'tecnico', description: 'equipe, chamados, tarefas e conexões' },
  { email: 'cliente@acme.com.br', role: 'cliente', description: 'cliente da Acme' },
  { email: 'cliente@globex.com.br', role: 'client', description: 'cliente da Globex' },
];

interface DemoUser {
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  role: string;
  permissions: string[];
  company: 'Acme' | 'Globex' | null;
}

// The companies module's seed completes them (razão social, CNPJ, addresses, contacts) and adds others.
const DEMO_COMPANIES = [
  { name: 'Acme', branches: ['Matriz São Paulo', 'Filial Campinas'] },
  { name: 'Globex', branches: ['Matriz Rio de Janeiro', 'Filial Niterói'] },
];

const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@farol.dev',
    username: 'admin',
    firstName: 'Ana',
    lastName: 'Administradora',
    role: 'admin',
    permissions: [],
    company: null,
  },
  {
    email: 'gestor@farol.dev',
    username: 'gestor',
    firstName: 'Gustavo',
    lastName: 'Gestor',
    role: 'gestor',
    permissions: [
      'tickets.view',
      'tasks.view',
      'statistics.view',
      'connections.view',
      'passwords.view',
      'companies.view',
      'users.view',
      'companies.manage',
      'tasks.manage',
      'passwords.reveal',
      'passwords.manage',
      'connections.connect',
      'connections.manage',
      'connections.audit',
    ],
    company: null,
  },
  {
    email: 'tecnico@farol.dev',
    username: 'tecnico',
    firstName: 'Tiago',
    lastName: 'Técnico',
    role: 'tecnico',
    permissions: ['tickets.view', 'tasks.view', 'connections.view', 'connections.connect'],
    company: null,
  },
  {
    email: 'cliente@acme.com.br',
    username: 'cliente.acme',
    firstName: 'Carla',
    lastName: 'Cliente',
    role: 'cliente',
    permissions: [],
    company: 'Acme',
  },
  {
    email: 'cliente@globex.com.br',
    username: 'cliente.globex',
    firstName: 'Gabriel',
    lastName: 'Globex',
    role: 'client',
    permissions: [],
    company: 'Globex',
  },
];

export type { DemoUserIds, ModuleSeed } from './module-seed';

/** Every module's demo data (one line per module), after the companies and users, in this order. */
// Companies come first (the others' records belong to them); notifications last: their links open the
// seeded chamados.
const MODULE_SEEDS: ModuleSeed[] = [
  seedCompanies,
  seedConversations,
  seedTickets,
  seedTasks,
  seedAccounts,
  seedPasswords,
  seedConnections,
  seedUsers,
  seedNotifications,
];

/**
 * Seeds the demo companies, branches and users, then each module's demo data, when the database has no users.
 * Returns the ids by e-mail, or null when the database already had users (nothing written).
 */
export const seedDemo = async (db: Database): Promise<DemoUserIds | null> => {
  // Most starts meet a database that has users: skip the deliberately slow password hashes then (checked again
  // under the lock below, for concurrent first starts).
  const existing = await db.query<{ present: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS present');
  if (existing.rows[0]?.present) return null;
  const passwordHashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts of several processes on one PostgreSQL.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [7_351_903]);
    const { rows } = await tx.query<{ present: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS present');
    if (rows[0]?.present) return null;

    const companyIds = new Map<string, number>();
    for (const company of DEMO_COMPANIES) {
      const inserted = await tx.query<{ id: number }>(
        'INSERT INTO companies (name) VALUES ($1) RETURNING id',
        [company.name],
      );
      const id = inserted.rows[0]!.id;
      companyIds.set(company.name, id);
      for (const branch of company.branches) {
        await tx.query('INSERT INTO branches (company_id, name, city) VALUES ($1, $2, $3)', [
          id,
          branch,
          branch.replace(/^(Matriz|Filial) /, ''),
        ]);
      }
    }

    const ids: DemoUserIds = {};
    for (const [index, user] of DEMO_USERS.entries()) {
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO users (email, username, first_name, last_name, role, permissions, company_id, password_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          user.email,
          user.username,
          user.firstName,
          user.lastName,
          user.role,
          user.permissions,
          user.company ? (companyIds.get(user.company) ?? null) : null,
          passwordHashes[index],
        ],
      );
      ids[user.email] = inserted.rows[0]!.id;
    }
    for (const seed of MODULE_SEEDS) await seed(tx, ids);
    return ids;
  });
};
