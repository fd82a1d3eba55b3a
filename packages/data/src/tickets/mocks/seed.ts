import {
  TICKET_CATEGORIES,
  type Ticket,
  type TicketAttachment,
  type TicketFormOptions,
  type TicketMessage,
  type TicketPriority,
} from '../../contract/ticket';
import { fixtures } from '../../mocks/fixtures';
import type { StoredTicketFile, TicketMockState } from './database';
import {
  ACME,
  COMPANIES,
  GLOBEX,
  hoursAgo,
  makeTicket,
  makeTicketAttachment,
  makeTicketDetail,
  makeTicketMessage,
  requesters,
  staff,
  tinyPdf,
  tinyPng,
} from './factories';

interface TicketSeed {
  subject: string;
  description: string;
  company: typeof ACME;
  requester: { id: number; name: string };
  status: Ticket['status'];
  priority: TicketPriority;
  assignee: { id: number; name: string } | null;
  category: string | null;
  branch_id?: number;
  /** Hours before `now` the ticket was opened, and last changed. */
  opened: number;
  changed: number;
}

// One ticket (#1002) is past its due time; every other open one is due after `now`.
const SEEDS: TicketSeed[] = [
  {
    subject: 'Sistema de notas fiscais fora do ar',
    description: 'Desde as 8h ninguém consegue emitir notas fiscais no ERP.',
    company: ACME,
    requester: requesters.diego,
    status: 'em andamento',
    priority: 'urgente',
    assignee: staff.carla,
    category: 'Software',
    opened: 1,
    changed: 0.25,
  },
  {
    subject: 'Impressora do financeiro não imprime',
    description: 'A impressora HP do financeiro mostra "papel atolado", mas não há papel preso.',
    company: ACME,
    requester: requesters.diego,
    status: 'aberto',
    priority: 'alta',
    assignee: null,
    category: 'Impressora',
    opened: 30,
    changed: 30,
  },
  {
    subject: 'Acesso VPN para novo colaborador',
    description: 'O Marcos começa segunda-feira e precisa de acesso à VPN.',
    company: ACME,
    requester: requesters.diego,
    status: 'aguardando cliente',
    priority: 'média',
    assignee: staff.ana,
    category: 'Acesso',
    opened: 20,
    changed: 3,
  },
  {
    subject: 'Troca de toner',
    description: 'O toner da impressora da recepção acabou.',
    company: ACME,
    requester: requesters.diego,
    status: 'resolvido',
    priority: 'baixa',
    assignee: staff.carla,
    category: 'Impressora',
    opened: 120,
    changed: 100,
  },
  {
    subject: 'E-mail não sincroniza no celular',
    description: 'O e-mail corporativo parou de sincronizar no celular do diretor.',
    company: ACME,
    requester: requesters.diego,
    status: 'fechado',
    priority: 'média',
    assignee: staff.bruno,
    category: 'E-mail',
    opened: 240,
    changed: 200,
  },
  {
    subject: 'Lentidão na rede da Filial Centro',
    description: 'A rede da Filial Centro está lenta desde a troca do roteador.',
    company: ACME,
    requester: requesters.diego,
    status: 'aberto',
    priority: 'alta',
    assignee: staff.carla,
    category: 'Rede',
    branch_id: 2,
    opened: 2,
    changed: 1.5,
  },
  {
    subject: 'Backup noturno falhou',
    description: 'O backup das 2h terminou com erro no servidor de arquivos.',
    company: GLOBEX,
    requester: requesters.elisa,
    status: 'aberto',
    priority: 'urgente',
    assignee: null,
    category: 'Software',
    branch_id: 3,
    opened: 0.75,
    changed: 0.75,
  },
  {
    subject: 'Novo usuário no ERP',
    description: 'Criar o usuário da Paula no ERP com o perfil do comercial.',
    company: GLOBEX,
    requester: requesters.elisa,
    status: 'em andamento',
    priority: 'média',
    assignee: staff.bruno,
    category: 'Acesso',
    opened: 6,
    changed: 4,
  },
  {
    subject: 'Licença do antivírus vencendo',
    description: 'O antivírus avisa que a licença vence em 5 dias.',
    company: GLOBEX,
    requester: staff.ana,
    status: 'aguardando cliente',
    priority: 'baixa',
    assignee: staff.ana,
    category: 'Software',
    opened: 48,
    changed: 24,
  },
  {
    subject: 'Monitor com listras',
    description: 'O monitor da sala de reuniões mostra listras verticais.',
    company: GLOBEX,
    requester: requesters.elisa,
    status: 'resolvido',
    priority: 'baixa',
    assignee: staff.carla,
    category: 'Hardware',
    opened: 96,
    changed: 72,
  },
  {
    subject: 'Senha do Wi-Fi de visitantes',
    description: 'Precisamos trocar a senha do Wi-Fi de visitantes.',
    company: GLOBEX,
    requester: requesters.elisa,
    status: 'fechado',
    priority: 'baixa',
    assignee: staff.ana,
    category: 'Rede',
    opened: 300,
    changed: 290,
  },
  {
    subject: 'Instalação do certificado digital',
    description: 'O certificado A1 novo chegou; precisa ser instalado no computador da contabilidade.',
    company: ACME,
    requester: requesters.diego,
    status: 'aberto',
    priority: 'média',
    assignee: null,
    category: null,
    opened: 0.5,
    changed: 0.5,
  },
];

const role = (id: number) =>
  Object.values(fixtures.users).find((user) => user.id === id)?.role ?? fixtures.users.admin.role;
const author = (who: { id: number; name: string }) => ({ ...who, role: role(who.id) });

function buildTickets(now: number): Ticket[] {
  return SEEDS.map((seed, index) =>
    makeTicket({
      id: index + 1,
      number: 1001 + index,
      subject: seed.subject,
      description: seed.description,
      status: seed.status,
      priority: seed.priority,
      category: seed.category,
      company_id: seed.company.id,
      company_name: seed.company.name,
      branch_id: seed.branch_id ?? null,
      requester: seed.requester,
      assignee: seed.assignee,
      created_at: hoursAgo(now, seed.opened),
      updated_at: hoursAgo(now, seed.changed),
    }),
  );
}

function buildMessages(now: number): TicketMessage[] {
  const at = (hours: number) => hoursAgo(now, hours);
  return [
    makeTicketMessage({
      id: 1,
      ticket_id: 1,
      author: author(requesters.diego),
      body: 'Segue o print do erro que aparece ao emitir a nota.',
      attachments: [makeTicketAttachment({ id: 2, ticket_id: 1, name: 'erro-nota-fiscal.png' })],
      created_at: at(0.9),
    }),
    makeTicketMessage({
      id: 2,
      ticket_id: 1,
      author: author(staff.carla),
      body: 'Recebido, Diego. Já estou verificando o serviço de emissão.',
      created_at: at(0.5),
    }),
    makeTicketMessage({
      id: 3,
      ticket_id: 1,
      author: author(staff.carla),
      body: 'O certificado do servidor venceu ontem; vou pedir a renovação ao gestor.',
      internal: true,
      created_at: at(0.3),
    }),
    makeTicketMessage({
      id: 4,
      ticket_id: 3,
      author: author(staff.ana),
      body: 'Diego, envie o termo de responsabilidade assinado para liberarmos a VPN.',
      created_at: at(3),
    }),
    makeTicketMessage({
      id: 5,
      ticket_id: 3,
      author: author(requesters.diego),
      body: 'Termo em anexo.',
      attachments: [
        makeTicketAttachment({
          id: 3,
          ticket_id: 3,
          name: 'termo-vpn.pdf',
          mime_type: 'application/pdf',
          size: tinyPdf().byteLength,
        }),
      ],
      created_at: at(2),
    }),
    makeTicketMessage({
      id: 6,
      ticket_id: 8,
      author: author(staff.bruno),
      body: 'Usuário criado; falta liberar o módulo comercial.',
      created_at: at(4),
    }),
  ];
}

/** The fixtures' one opening attachment: the photo sent with #1002. */
const OPENING_TICKET_ID = 2;
const openingAttachment = () =>
  makeTicketAttachment({ id: 1, ticket_id: OPENING_TICKET_ID, name: 'painel-impressora.png' });

function buildState(now: number, tickets?: () => Ticket[]): TicketMockState {
  if (tickets)
    return { tickets: tickets().map((ticket) => makeTicketDetail(ticket)), messages: [], files: {} };
  const opening = openingAttachment();
  const messages = buildMessages(now);
  const sent: Array<[ticketId: number, attachment: TicketAttachment]> = [
    [OPENING_TICKET_ID, opening],
    ...messages.flatMap((message) =>
      message.attachments.map((attachment): [number, TicketAttachment] => [message.ticket_id, attachment]),
    ),
  ];
  const files: Record<number, StoredTicketFile> = {};
  for (const [ticketId, { id, name, mime_type }] of sent) {
    files[id] = {
      ticket_id: ticketId,
      name,
      mime_type,
      bytes: mime_type === 'application/pdf' ? tinyPdf() : tinyPng(),
    };
  }
  return {
    tickets: buildTickets(now).map((ticket) =>
      makeTicketDetail(ticket, { attachments: ticket.id === OPENING_TICKET_ID ? [opening] : [] }),
    ),
    messages,
    files,
  };
}

export const ticketFixtures = {
  /** The 12 tickets: Acme and Globex, every status and priority, opened relative to `now`. */
  list(now: number = Date.now()): Ticket[] {
    return buildTickets(now);
  },
  /** The threads: an image reply and a staff note on #1001, a PDF reply on #1003, a reply on #1008. */
  messages(now: number = Date.now()): TicketMessage[] {
    return buildMessages(now);
  },
  /** A handler set's initial state; `tickets` replaces the 12 (and then threads and files start empty). */
  state(tickets?: () => Ticket[], now: number = Date.now()): TicketMockState {
    return buildState(now, tickets);
  },
  companies(): TicketFormOptions['companies'] {
    return structuredClone(COMPANIES);
  },
  /** Staff a ticket can be assigned to. */
  assignees(): TicketFormOptions['assignees'] {
    return Object.values(staff);
  },
  categories(): string[] {
    return [...TICKET_CATEGORIES];
  },
  png: tinyPng,
  pdf: tinyPdf,
};
