import type { NotificationInput } from '@farol/data/contract';
import type { Database } from '../../db/database';

/** A demo notification; `ticket` names a seeded chamado by its number, and the link is made to open it. */
type DemoNotification = NotificationInput & { ticket?: number };

/**
 * Each demo login's notifications, newest first. Every one tells of something the demo really holds (the
 * seeded chamados #1001–#1005, the seeded conversations), and every link opens.
 */
const DEMO_NOTIFICATIONS: Record<string, DemoNotification[]> = {
  'admin@farol.dev': [
    {
      type: 'system',
      title: 'Bem-vinda ao Farol',
      message: 'Seu portal está pronto para uso.',
      severity: 'success',
    },
    { type: 'user', title: 'Novo usuário', message: 'Carla Cliente (Acme) entrou no portal.', link: '/' },
  ],
  'gestor@farol.dev': [
    {
      type: 'ticket',
      title: 'Chamado #1005',
      message: 'Novo chamado aberto pela Globex: Wi-Fi da filial Niterói caindo.',
      ticket: 1005,
    },
    {
      type: 'ticket',
      message: 'O chamado #1003 aguarda a resposta da Acme.',
      ticket: 1003,
      severity: 'warning',
    },
    { type: 'message', message: 'Nova mensagem de Gabriel Globex.', link: '/messages' },
  ],
  'tecnico@farol.dev': [
    {
      type: 'ticket',
      title: 'Chamado atribuído',
      message: 'O chamado #1001 foi atribuído a você.',
      ticket: 1001,
    },
    {
      type: 'ticket',
      message: 'O chamado #1002 (acesso à VPN) ainda não tem responsável.',
      ticket: 1002,
      severity: 'warning',
    },
  ],
  'cliente@acme.com.br': [
    { type: 'ticket', title: 'Chamado #1002', message: 'Seu chamado foi recebido.', ticket: 1002 },
    { type: 'message', message: 'O suporte respondeu sua mensagem.', link: '/messages' },
  ],
  'cliente@globex.com.br': [
    { type: 'ticket', message: 'Seu chamado #1004 foi resolvido.', ticket: 1004, severity: 'success' },
  ],
};

/**
 * The demo users' notifications, spread over the last hours so relative times read naturally; the two
 * newest of each are unread. Runs after the chamados are seeded, whose ids its links need.
 */
export const seedNotifications = async (tx: Database, users: Record<string, number>) => {
  for (const [email, notifications] of Object.entries(DEMO_NOTIFICATIONS)) {
    const userId = users[email];
    if (userId === undefined) continue;
    for (const [position, { ticket, ...notification }] of notifications.entries()) {
      // `/tickets/{id}` opens the chamado for staff and clients alike (design.md §3).
      const found = ticket
        ? await tx.query<{ id: number }>('SELECT id FROM tickets WHERE number = $1', [ticket])
        : null;
      const link = found ? (found.rows[0] ? `/tickets/${found.rows[0].id}` : '/tickets') : notification.link;
      await tx.query(
        `INSERT INTO notifications (user_id, type, title, message, link, severity, created_at, read_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() - $7::interval, CASE WHEN $8 THEN now() ELSE NULL END)`,
        [
          userId,
          notification.type,
          notification.title ?? null,
          notification.message,
          link ?? null,
          notification.severity ?? 'info',
          `${position * 95 + 3} minutes`,
          position >= 2,
        ],
      );
    }
  }
};
