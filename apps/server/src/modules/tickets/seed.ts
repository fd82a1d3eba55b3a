import { TICKET_DUE_HOURS, type TicketPriority, type TicketStatus } from '@farol/data/contract';
import type { Database } from '../../db/database';
import { insertAttachments } from './attachments';
import { printerPanelPng } from './demo-image';

interface SeedTicket {
  company: 'Acme' | 'Globex';
  /** The filial it concerns (a branch of the companies seed), when it is one place's. */
  branch?: string;
  requester: string;
  assignee: string | null;
  subject: string;
  description: string;
  status: TicketStatus;
  priority: TicketPriority;
  category: string | null;
  hoursAgo: number;
  /** [author e-mail, body, internal, name of a tiny PNG attached to it] */
  messages: [string, string, boolean, string?][];
}

// The photo a client attaches in the demo: a real picture (480×270), made once.
const PANEL_PHOTO = printerPanelPng();

const ACME = 'cliente@acme.com.br';
const GLOBEX = 'cliente@globex.com.br';
const TECNICO = 'tecnico@farol.dev';
const GESTOR = 'gestor@farol.dev';

const SEED_TICKETS: SeedTicket[] = [
  {
    company: 'Acme',
    requester: ACME,
    assignee: TECNICO,
    branch: 'Matriz São Paulo',
    subject: 'Impressora da recepção não imprime',
    description: 'Desde ontem a impressora da recepção mostra "papel atolado", mas não há papel preso.',
    status: 'em andamento',
    priority: 'alta',
    category: 'Hardware',
    hoursAgo: 5,
    messages: [
      [TECNICO, 'Olá! Pode reiniciar a impressora e nos dizer se a mensagem continua?', false],
      [ACME, 'Reiniciei e a mensagem continua. Segue a foto do painel.', false, 'painel-impressora.png'],
      [TECNICO, 'Sensor de papel provavelmente sujo; levar kit de limpeza na visita.', true],
    ],
  },
  {
    company: 'Acme',
    requester: ACME,
    assignee: null,
    subject: 'Acesso à VPN para novo colaborador',
    description: 'Precisamos liberar a VPN para a Ana, que começa na segunda-feira.',
    status: 'aberto',
    priority: 'média',
    category: 'Acessos',
    hoursAgo: 2,
    messages: [],
  },
  {
    company: 'Acme',
    requester: ACME,
    assignee: GESTOR,
    branch: 'Filial Campinas',
    subject: 'Lentidão no sistema de vendas',
    description: 'O sistema de vendas fica lento entre 10h e 12h.',
    status: 'aguardando cliente',
    priority: 'urgente',
    category: 'Sistemas',
    hoursAgo: 26,
    messages: [[GESTOR, 'Pode nos enviar o horário exato da última lentidão?', false]],
  },
  {
    company: 'Globex',
    requester: GLOBEX,
    assignee: TECNICO,
    subject: 'Troca de senha do e-mail',
    description: 'Esqueci a senha do e-mail corporativo.',
    status: 'resolvido',
    priority: 'baixa',
    category: 'Acessos',
    hoursAgo: 50,
    messages: [
      [TECNICO, 'Senha redefinida; a nova foi enviada por SMS.', false],
      [GLOBEX, 'Funcionou, obrigado!', false],
    ],
  },
  {
    company: 'Globex',
    requester: GLOBEX,
    assignee: null,
    branch: 'Filial Niterói',
    subject: 'Wi-Fi da filial Niterói caindo',
    description: 'A rede sem fio da filial cai várias vezes ao dia.',
    status: 'aberto',
    priority: 'alta',
    category: 'Rede',
    hoursAgo: 1,
    messages: [],
  },
];

/** Demo tickets for Acme and Globex in several statuses, with public replies and one internal note. */
export const seedTickets = async (tx: Database, ids: Record<string, number>) => {
  for (const ticket of SEED_TICKETS) {
    const created = `${ticket.hoursAgo} hours`;
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO tickets (subject, description, status, priority, category, company_id, requester_id, assignee_id,
         created_at, updated_at, due_at, branch_id, sla_paused_at)
       SELECT $1, $2, $3, $4, $5, c.id, $7, $8, now() - $9::interval, now() - $9::interval,
         now() - $9::interval + make_interval(hours => $10::int),
         (SELECT b.id FROM branches b WHERE b.company_id = c.id AND b.name = $11),
         CASE WHEN $3::text = 'aguardando cliente' THEN now() - $9::interval END
       FROM companies c WHERE c.name = $6 RETURNING id`,
      [
        ticket.subject,
        ticket.description,
        ticket.status,
        ticket.priority,
        ticket.category,
        ticket.company,
        ids[ticket.requester],
        ticket.assignee ? ids[ticket.assignee] : null,
        created,
        TICKET_DUE_HOURS[ticket.priority],
        ticket.branch ?? null,
      ],
    );
    const ticketId = rows[0]!.id;
    await tx.query(
      `INSERT INTO ticket_history (ticket_id, user_id, field, old_value, new_value, at)
       VALUES ($1, $2, 'status', NULL, 'aberto', now() - $3::interval)`,
      [ticketId, ids[ticket.requester], created],
    );
    if (ticket.status !== 'aberto') {
      await tx.query(
        `INSERT INTO ticket_history (ticket_id, user_id, field, old_value, new_value, at)
         VALUES ($1, $2, 'status', 'aberto', $3, now() - $4::interval)`,
        [
          ticketId,
          ticket.assignee ? ids[ticket.assignee] : null,
          ticket.status,
          `${ticket.hoursAgo / 2} hours`,
        ],
      );
    }
    for (const [position, [author, body, internal, picture]] of ticket.messages.entries()) {
      const message = await tx.query<{ id: number }>(
        `INSERT INTO ticket_messages (ticket_id, author_id, body, internal, created_at)
         VALUES ($1, $2, $3, $4, now() - $5::interval) RETURNING id`,
        [ticketId, ids[author], body, internal, `${ticket.hoursAgo / 2 - position * 0.25} hours`],
      );
      if (picture) {
        await insertAttachments(tx, ticketId, message.rows[0]!.id, ids[author]!, [
          { name: picture, mimeType: 'image/png', bytes: PANEL_PHOTO },
        ]);
      }
    }
  }
};
