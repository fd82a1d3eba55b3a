import type { NotificationInput } from '@farol/data/contract';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/database';
import { seedConversations } from '../modules/conversations/conversation-seed';
import { seedTickets } from '../modules/tickets/ticket-seed';

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
  notifications: NotificationInput[];
}

const DEMO_COMPANIES = [
  { name: 'Acme', document: '12.345.678/0001-90', branches: ['Matriz São Paulo', 'Filial Campinas'] },
  { name: 'Globex', document: '98.765.432/0001-10', branches: ['Matriz Rio de Janeiro', 'Filial Niterói'] },
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
    notifications: [
      {
        type: 'system',
        title: 'Bem-vinda ao Farol',
        message: 'Seu portal está pronto para uso.',
        severity: 'success',
      },
      { type: 'user', title: 'Novo usuário', message: 'Carla Cliente (Acme) entrou no portal.', link: '/' },
    ],
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
    ],
    company: null,
    notifications: [
      {
        type: 'ticket',
        title: 'Chamado #1042',
        message: 'Novo chamado aberto pela Acme.',
        link: '/tickets/1042',
      },
      { type: 'task', message: 'A tarefa "Renovar certificados" vence amanhã.', severity: 'warning' },
      { type: 'message', message: 'Nova mensagem de Carla Cliente.', link: '/messages' },
    ],
  },
  {
    email: 'tecnico@farol.dev',
    username: 'tecnico',
    firstName: 'Tiago',
    lastName: 'Técnico',
    role: 'tecnico',
    permissions: ['tickets.view', 'tasks.view', 'connections.view'],
    company: null,
    notifications: [
      {
        type: 'ticket',
        title: 'Chamado atribuído',
        message: 'O chamado #1042 foi atribuído a você.',
        link: '/tickets/1042',
      },
      { type: 'connection', message: 'A conexão RDP "Servidor Acme" falhou.', severity: 'error' },
    ],
  },
  {
    email: 'cliente@acme.com.br',
    username: 'cliente.acme',
    firstName: 'Carla',
    lastName: 'Cliente',
    role: 'cliente',
    permissions: [],
    company: 'Acme',
    notifications: [
      { type: 'ticket', title: 'Chamado #1042', message: 'Seu chamado foi recebido.', link: '/tickets/1042' },
      { type: 'message', message: 'O suporte respondeu sua mensagem.', link: '/messages' },
    ],
  },
  {
    email: 'cliente@globex.com.br',
    username: 'cliente.globex',
    firstName: 'Gabriel',
    lastName: 'Globex',
    role: 'client',
    permissions: [],
    company: 'Globex',
    notifications: [
      { type: 'ticket', message: 'Seu chamado #1043 foi resolvido.', link: '/tickets', severity: 'success' },
    ],
  },
];

export type DemoUserIds = Record<string, number>;

/**
 * Seeds the demo companies, branches, users and notifications when the database has no users.
 * Returns the ids by e-mail, or null when the database already had users (nothing written).
 */
export const seedDemo = async (db: Database): Promise<DemoUserIds | null> => {
  const passwordHashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts of several processes on one PostgreSQL.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [7_351_903]);
    const { rows } = await tx.query<{ present: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS present');
    if (rows[0]?.present) return null;

    const companyIds = new Map<string, number>();
    for (const company of DEMO_COMPANIES) {
      const inserted = await tx.query<{ id: number }>(
        'INSERT INTO companies (name, document) VALUES ($1, $2) RETURNING id',
        [company.name, company.document],
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
      const id = inserted.rows[0]!.id;
      ids[user.email] = id;
      // Spread over the last hours so relative times read naturally; the newest one is unread.
      for (const [position, notification] of user.notifications.entries()) {
        await tx.query(
          `INSERT INTO notifications (user_id, type, title, message, link, severity, created_at, read_at)
           VALUES ($1, $2, $3, $4, $5, $6, now() - $7::interval, CASE WHEN $8 THEN now() ELSE NULL END)`,
          [
            id,
            notification.type,
            notification.title ?? null,
            notification.message,
            notification.link ?? null,
            notification.severity ?? 'info',
            `${position * 95 + 3} minutes`,
            position >= 2,
          ],
        );
      }
    }
    await seedConversations(tx, ids);
    await seedTickets(tx, ids);
    return ids;
  });
};
