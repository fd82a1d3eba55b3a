import type { NotificationItem } from '@farol/ui';

/** The stories' fixed clock, so relative times never drift. */
export const NOW = Date.parse('2026-11-21T12:00:00Z');
export const ago = (ms: number) => new Date(NOW - ms).toISOString();
export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

export const TICKET_UNREAD: NotificationItem = {
  id: 1,
  type: 'ticket',
  title: 'Chamado #5 atualizado',
  message: 'Marina respondeu: “O servidor voltou, pode confirmar?”',
  link: '/tickets/5',
  createdAt: ago(5 * MIN),
  readAt: null,
  severity: 'info',
};

export const MESSAGE_READ: NotificationItem = {
  id: 2,
  type: 'message',
  title: null,
  message: 'Nova mensagem de Paulo na conversa Infraestrutura.',
  link: '/messages',
  createdAt: ago(3 * HOUR),
  readAt: ago(2 * HOUR),
  severity: 'success',
};

export const PASSWORD_WARNING: NotificationItem = {
  id: 3,
  type: 'password',
  title: 'Senha expirando',
  message: 'A senha do roteador da filial Centro expira em 3 dias.',
  link: null,
  createdAt: ago(30_000),
  readAt: null,
  severity: 'warning',
};

export const SYSTEM_ERROR_READ: NotificationItem = {
  id: 4,
  type: 'system',
  message: 'Falha no backup noturno do banco de dados.',
  createdAt: ago(2 * DAY),
  readAt: ago(DAY),
  severity: 'error',
};

const TYPES = ['ticket', 'message', 'task', 'connection', 'password', 'company', 'user', 'system'] as const;
const SEVERITIES = ['info', 'success', 'warning', 'error'] as const;

/** `count` unread notifications, newest first, cycling through types and severities. */
export function manyUnread(count: number): NotificationItem[] {
  return Array.from({ length: count }, (_, i) => ({
    id: 100 + i,
    type: TYPES[i % TYPES.length]!,
    title: `Aviso ${i + 1}`,
    message: `Evento número ${i + 1} aguardando sua atenção.`,
    link: i % 2 === 0 ? `/tickets/${100 + i}` : null,
    createdAt: ago((i + 1) * 7 * MIN),
    readAt: null,
    severity: SEVERITIES[i % SEVERITIES.length]!,
  }));
}
