import type { NotificationInput } from '@farol/data/contract';
import type { Database } from '../../db/database';

/** Each demo login's notifications, newest first. */
const DEMO_NOTIFICATIONS: Record<string, NotificationInput[]> = {
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
      title: 'Chamado #1042',
      message: 'Novo chamado aberto pela Acme.',
      link: '/tickets/1042',
    },
    { type: 'task', message: 'A tarefa "Renovar certificados" vence amanhã.', severity: 'warning' },
    { type: 'message', message: 'Nova mensagem de Carla Cliente.', link: '/messages' },
  ],
  'tecnico@farol.dev': [
    {
      type: 'ticket',
      title: 'Chamado atribuído',
      message: 'O chamado #1042 foi atribuído a você.',
      link: '/tickets/1042',
    },
    { type: 'connection', message: 'A conexão RDP "Servidor Acme" falhou.', severity: 'error' },
  ],
  'cliente@acme.com.br': [
    { type: 'ticket', title: 'Chamado #1042', message: 'Seu chamado foi recebido.', link: '/tickets/1042' },
    { type: 'message', message: 'O suporte respondeu sua mensagem.', link: '/messages' },
  ],
  'cliente@globex.com.br': [
    { type: 'ticket', message: 'Seu chamado #1043 foi resolvido.', link: '/tickets', severity: 'success' },
  ],
};

/**
 * The demo users' notifications, spread over the last hours so relative times read naturally; the two
 * newest of each are unread.
 */
export const seedNotifications = async (tx: Database, users: Record<string, number>) => {
  for (const [email, notifications] of Object.entries(DEMO_NOTIFICATIONS)) {
    const userId = users[email];
    if (userId === undefined) continue;
    for (const [position, notification] of notifications.entries()) {
      await tx.query(
        `INSERT INTO notifications (user_id, type, title, message, link, severity, created_at, read_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() - $7::interval, CASE WHEN $8 THEN now() ELSE NULL END)`,
        [
          userId,
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
};
