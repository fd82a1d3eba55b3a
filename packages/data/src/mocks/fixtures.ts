import type { ChatMessage, Conversation, MessagePage } from '../contract/conversation';
import {
  NOTIFICATION_SEVERITIES,
  type Notification,
  type NotificationSeverity,
} from '../contract/notification';
import { PERMISSION_KEYS } from '../contract/permissions';
import type { UserWire } from '../contract/user';

/** Every fixture date is relative to this instant, so stories and tests are reproducible. */
export const FIXTURE_NOW = new Date('2026-11-21T12:00:00.000Z');
/** The password every fixture user signs in with. */
export const FIXTURE_PASSWORD = 'farol123';

const MINUTE = 60_000;
export const minutesAgo = (minutes: number): string =>
  new Date(FIXTURE_NOW.getTime() - minutes * MINUTE).toISOString();

const user = (
  fields: Omit<UserWire, 'name' | 'theme' | 'profile_picture'> & Partial<UserWire>,
): UserWire => ({
  name: `${fields.first_name} ${fields.last_name}`,
  theme: 'default',
  profile_picture: null,
  ...fields,
});

export const fixtures = {
  users: {
    admin: user({
      id: 1,
      email: 'ana.souza@farol.com.br',
      username: 'ana.souza',
      first_name: 'Ana',
      last_name: 'Souza',
      role: 'admin',
      permissions: [...PERMISSION_KEYS],
      company_id: null,
      company_name: null,
    }),
    gestor: user({
      id: 2,
      email: 'bruno.lima@farol.com.br',
      username: 'bruno.lima',
      first_name: 'Bruno',
      last_name: 'Lima',
      role: 'gestor',
      permissions: PERMISSION_KEYS.filter((key) => key !== 'users.manage'),
      company_id: null,
      company_name: null,
    }),
    tecnico: user({
      id: 3,
      email: 'carla.mendes@farol.com.br',
      username: 'carla.mendes',
      first_name: 'Carla',
      last_name: 'Mendes',
      role: 'tecnico',
      permissions: ['tickets.view', 'tasks.view', 'connections.view'],
      company_id: null,
      company_name: null,
    }),
    clienteAcme: user({
      id: 10,
      email: 'diego.ferreira@acmelogistica.com.br',
      username: 'diego.ferreira',
      first_name: 'Diego',
      last_name: 'Ferreira',
      role: 'cliente',
      permissions: [],
      company_id: 100,
      company_name: 'Acme Logística Ltda.',
    }),
    clienteGlobex: user({
      id: 11,
      email: 'elisa.rocha@globex.com.br',
      username: 'elisa.rocha',
      first_name: 'Elisa',
      last_name: 'Rocha',
      role: 'client',
      permissions: [],
      company_id: 101,
      company_name: 'Globex Comércio S.A.',
      theme: 'oceano',
    }),
  },
} satisfies { users: Record<string, UserWire> };

export type FixtureUserName = keyof typeof fixtures.users;

/** The bearer token the mock server accepts for each fixture user. */
export const fixtureTokens: Record<FixtureUserName, string> = {
  admin: 'token-admin',
  gestor: 'token-gestor',
  tecnico: 'token-tecnico',
  clienteAcme: 'token-cliente-acme',
  clienteGlobex: 'token-cliente-globex',
};

export function userForToken(token: string | null | undefined): UserWire | null {
  const entry = Object.entries(fixtureTokens).find(([, value]) => value === token);
  return entry ? fixtures.users[entry[0] as FixtureUserName] : null;
}

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

const participants = {
  ana: { id: 1, name: 'Ana Souza', role: 'admin', profile_picture: null },
  carla: { id: 3, name: 'Carla Mendes', role: 'tecnico', profile_picture: null },
  diego: { id: 10, name: 'Diego Ferreira', role: 'cliente', profile_picture: null },
  elisa: { id: 11, name: 'Elisa Rocha', role: 'client', profile_picture: null },
};

export function makeChatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 1,
    conversation_id: 1,
    sender_id: 10,
    sender_name: 'Diego Ferreira',
    text: 'Bom dia! O sistema de notas fiscais está fora do ar.',
    created_at: minutesAgo(12),
    client_id: null,
    ...overrides,
  };
}

const conversationMessages: ChatMessage[] = [
  makeChatMessage({ id: 1, created_at: minutesAgo(30) }),
  makeChatMessage({
    id: 2,
    sender_id: 1,
    sender_name: 'Ana Souza',
    text: 'Bom dia, Diego! Já estamos verificando.',
    created_at: minutesAgo(25),
  }),
  makeChatMessage({ id: 3, text: 'Obrigado, aguardo retorno.', created_at: minutesAgo(12) }),
  makeChatMessage({
    id: 4,
    conversation_id: 2,
    sender_id: 11,
    sender_name: 'Elisa Rocha',
    text: 'Precisamos de acesso VPN para um novo colaborador.',
    created_at: minutesAgo(180),
  }),
  makeChatMessage({
    id: 5,
    conversation_id: 3,
    sender_id: 3,
    sender_name: 'Carla Mendes',
    text: 'Backup da filial Norte concluído.',
    created_at: minutesAgo(60 * 26),
  }),
];

export const conversationFixtures = {
  messages(conversationId: number): ChatMessage[] {
    return conversationMessages.filter((message) => message.conversation_id === conversationId);
  },
  /** Three conversations, newest activity first; two carry unread messages (3 in total). */
  list(): Conversation[] {
    const last = (id: number) => conversationFixtures.messages(id).at(-1) ?? null;
    return [
      {
        id: 1,
        title: 'Sistema de notas fiscais',
        participants: [participants.ana, participants.diego],
        last_message: last(1),
        unread_count: 2,
        updated_at: minutesAgo(12),
      },
      {
        id: 2,
        title: null,
        participants: [participants.ana, participants.elisa],
        last_message: last(2),
        unread_count: 1,
        updated_at: minutesAgo(180),
      },
      {
        id: 3,
        title: 'Equipe técnica',
        participants: [participants.ana, participants.carla],
        last_message: last(3),
        unread_count: 0,
        updated_at: minutesAgo(60 * 26),
      },
    ];
  },
  page(conversationId: number): MessagePage | null {
    const conversation = conversationFixtures.list().find((item) => item.id === conversationId);
    return conversation
      ? { conversation, items: conversationFixtures.messages(conversationId), has_more: false }
      : null;
  },
};
