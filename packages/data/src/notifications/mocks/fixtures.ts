import {
  NOTIFICATION_SEVERITIES,
  type Notification,
  type NotificationSeverity,
} from '../../contract/notification';
import { minutesAgo } from '../../mocks/fixtures';

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    type: 'ticket',
    title: 'Chamado atualizado',
    message: 'O chamado #1042 recebeu uma nova resposta.',
    link: '/tickets/1042',
    created_at: minutesAgo(5),
    read_at: null,
    severity: 'info',
    ...overrides,
  };
}

const TEMPLATES: ReadonlyArray<Pick<Notification, 'type' | 'title' | 'message' | 'link'>> = [
  {
    type: 'ticket',
    title: 'Novo chamado',
    message: 'Chamado #{n} aberto por Acme Logística.',
    link: '/tickets/{n}',
  },
  { type: 'message', title: null, message: 'Diego Ferreira enviou uma mensagem.', link: '/messages' },
  { type: 'task', title: 'Tarefa atribuída', message: 'Atualizar o firewall da filial Centro.', link: null },
  {
    type: 'connection',
    title: 'Conexão indisponível',
    message: 'O servidor RDP srv-fin-01 não responde.',
    link: null,
  },
  { type: 'password', title: null, message: 'A senha do roteador da Globex vence em 3 dias.', link: null },
  { type: 'system', title: 'Manutenção', message: 'Manutenção programada hoje às 22h.', link: '/' },
  { type: 'ticket', title: null, message: 'Chamados em atraso aguardam sua análise.', link: '/tickets' },
];

const SEVERITY_CYCLE: readonly NotificationSeverity[] = [...NOTIFICATION_SEVERITIES];

export const notificationFixtures = {
  /** `n` notifications, newest first: mixed types and severities, every third one read. */
  many(count: number, { firstId = 1 }: { firstId?: number } = {}): Notification[] {
    return Array.from({ length: Math.max(0, count) }, (_, index) => {
      const template = TEMPLATES[index % TEMPLATES.length]!;
      const ticket = String(1042 + index);
      const created = 3 + index * 47; // spreads across 'min', 'h' and 'd'
      return makeNotification({
        id: firstId + index,
        type: template.type,
        title: template.title,
        message: template.message.replace('{n}', ticket),
        link: template.link?.replace('{n}', ticket) ?? null,
        created_at: minutesAgo(created),
        read_at: index % 3 === 2 ? minutesAgo(created - 1) : null,
        severity: SEVERITY_CYCLE[index % SEVERITY_CYCLE.length]!,
      });
    });
  },
  /** The default list: six notifications, four unread. */
  sample(): Notification[] {
    return notificationFixtures.many(6);
  },
};
