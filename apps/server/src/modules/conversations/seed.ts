import type { Database } from '../../db/database';

interface SeedConversation {
  title: string | null;
  members: string[];
  /** [sender e-mail, text, minutes ago], oldest first. */
  messages: [string, string, number][];
}

const ADMIN = 'admin@farol.dev';
const GESTOR = 'gestor@farol.dev';
const TECNICO = 'tecnico@farol.dev';
const ACME = 'cliente@acme.com.br';
const GLOBEX = 'cliente@globex.com.br';

const DEMO_CONVERSATIONS: SeedConversation[] = [
  {
    title: null,
    members: [TECNICO, ACME],
    messages: [
      [ACME, 'Bom dia! A impressora da recepção parou de imprimir de novo.', 180],
      [TECNICO, 'Bom dia, Carla. Estou no chamado #1001 e vou acessar remotamente.', 172],
      [TECNICO, 'Era a fila de impressão travada. Pode testar agora?', 95],
      [ACME, 'Funcionou, obrigada! Só mais uma coisa: o scanner também está lento.', 12],
    ],
  },
  {
    title: null,
    members: [GESTOR, GLOBEX],
    messages: [
      [GLOBEX, 'Olá! O Wi-Fi da filial Niterói está caindo toda hora. Abri o chamado #1005.', 300],
      [GESTOR, 'Vimos aqui. Vamos verificar o access point ainda hoje.', 290],
      [GLOBEX, 'Obrigado! Qualquer novidade aviso por aqui.', 40],
    ],
  },
  {
    title: null,
    members: [ADMIN, GESTOR],
    messages: [
      [GESTOR, 'A renovação do contrato da Globex foi assinada.', 500],
      [ADMIN, 'Ótimo! Atualize o cadastro da empresa, por favor.', 480],
    ],
  },
  {
    title: 'Plantão da equipe',
    members: [ADMIN, GESTOR, TECNICO],
    messages: [
      [ADMIN, 'Lembrete: manutenção do servidor de arquivos da Acme no sábado às 22h.', 1440],
      [TECNICO, 'Fico de plantão. Já deixei o backup agendado.', 1400],
      [GESTOR, 'Obrigado! Me avise se precisar de ajuda.', 30],
    ],
  },
];

/**
 * Demo conversations between the demo staff and clients. Each participant has read up to their own last
 * message, so the newest messages from others show as unread. Users missing from `users` are skipped.
 */
export async function seedConversations(db: Database, users: Record<string, number>): Promise<void> {
  for (const conversation of DEMO_CONVERSATIONS) {
    const memberIds = conversation.members.map((email) => users[email]);
    if (memberIds.some((id) => id === undefined)) continue;
    const lastMinutes = conversation.messages.at(-1)?.[2] ?? 0;
    const inserted = await db.query<{ id: number }>(
      `INSERT INTO conversations (title, created_by, created_at, updated_at)
       VALUES ($1, $2, now() - $3::interval, now() - $4::interval) RETURNING id`,
      [
        conversation.title,
        memberIds[0],
        `${conversation.messages[0]?.[2] ?? 0} minutes`,
        `${lastMinutes} minutes`,
      ],
    );
    const conversationId = inserted.rows[0]!.id;
    const lastRead = new Map<number, number>();
    for (const [email, text, minutesAgo] of conversation.messages) {
      const senderId = users[email]!;
      const message = await db.query<{ id: number }>(
        `INSERT INTO chat_messages (conversation_id, sender_id, text, created_at)
         VALUES ($1, $2, $3, now() - $4::interval) RETURNING id`,
        [conversationId, senderId, text, `${minutesAgo} minutes`],
      );
      lastRead.set(senderId, message.rows[0]!.id);
    }
    for (const userId of memberIds as number[]) {
      await db.query(
        `INSERT INTO conversation_participants (conversation_id, user_id, last_read_message_id) VALUES ($1, $2, $3)`,
        [conversationId, userId, lastRead.get(userId) ?? 0],
      );
    }
  }
}
