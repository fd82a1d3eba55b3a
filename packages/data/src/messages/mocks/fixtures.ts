import type { ChatMessage, Conversation, MessagePage } from '../../contract/conversation';
import { minutesAgo } from '../../mocks/fixtures';

const participants = {
  ana: { id: 1, name: 'Ana Souza', role: 'admin', profile_picture: null },
  bruno: { id: 2, name: 'Bruno Lima', role: 'gestor', profile_picture: null },
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
  makeChatMessage({
    id: 6,
    conversation_id: 3,
    sender_id: 2,
    sender_name: 'Bruno Lima',
    text: 'Ótimo. Hoje à noite vamos trocar o switch do CD.',
    created_at: minutesAgo(60 * 2),
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
        participants: [participants.ana, participants.bruno, participants.carla],
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
