/**
 * The tasks contract's plain constants and rules, free of zod so the app (through `@farol/data/tasks`) and the
 * server share them without the schemas. task.ts re-exports them; the order keys are in task-order.ts and the
 * recurrence rules in task-recurrence.ts.
 */

/**
 * The state group of a column: what a column means whatever it is called, so "done" and "open" are known on
 * every board (Plane's state groups).
 */
export const TASK_STATE_GROUPS = ['backlog', 'a_fazer', 'em_andamento', 'concluido', 'cancelado'] as const;
export type TaskStateGroup = (typeof TASK_STATE_GROUPS)[number];

export const TASK_STATE_GROUP_LABELS: Record<TaskStateGroup, string> = {
  backlog: 'Backlog',
  a_fazer: 'A fazer',
  em_andamento: 'Em andamento',
  concluido: 'Concluído',
  cancelado: 'Cancelado',
};

/** Groups whose tasks are finished: not overdue, not counted as open, not blocking anyone. */
export const TASK_CLOSED_STATE_GROUPS: readonly TaskStateGroup[] = ['concluido', 'cancelado'];
export const isClosedStateGroup = (group: TaskStateGroup): boolean =>
  TASK_CLOSED_STATE_GROUPS.includes(group);

/** Priorities, most urgent first (the wire keeps ASCII: 'media'). */
export const TASK_PRIORITIES = ['urgente', 'alta', 'media', 'baixa', 'nenhuma'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = {
  urgente: 'Urgente',
  alta: 'Alta',
  media: 'Média',
  baixa: 'Baixa',
  nenhuma: 'Nenhuma',
};

/** What a column does when it holds its WIP limit: aviso colours it and allows, bloqueio refuses the move. */
export const TASK_WIP_MODES = ['aviso', 'bloqueio'] as const;
export type TaskWipMode = (typeof TASK_WIP_MODES)[number];

export const TASK_WIP_MODE_LABELS: Record<TaskWipMode, string> = { aviso: 'Aviso', bloqueio: 'Bloqueio' };

/** Whether a board is the MSP's own work or done for (and shown to) a client company. */
export const TASK_BOARD_KINDS = ['interna', 'cliente'] as const;
export type TaskBoardKind = (typeof TASK_BOARD_KINDS)[number];

export const TASK_BOARD_KIND_LABELS: Record<TaskBoardKind, string> = {
  interna: 'Interno',
  cliente: 'Cliente',
};

/**
 * Colours of columns and labels: named tokens the kit maps onto theme-aware, contrast-checked classes (never a
 * free hex, which could not be kept readable on every theme).
 */
export const TASK_COLORS = [
  'gray',
  'red',
  'orange',
  'amber',
  'yellow',
  'lime',
  'green',
  'teal',
  'cyan',
  'blue',
  'indigo',
  'violet',
  'pink',
] as const;
export type TaskColor = (typeof TASK_COLORS)[number];

export const TASK_COLOR_LABELS: Record<TaskColor, string> = {
  gray: 'Cinza',
  red: 'Vermelho',
  orange: 'Laranja',
  amber: 'Âmbar',
  yellow: 'Amarelo',
  lime: 'Lima',
  green: 'Verde',
  teal: 'Verde-azulado',
  cyan: 'Ciano',
  blue: 'Azul',
  indigo: 'Índigo',
  violet: 'Violeta',
  pink: 'Rosa',
};

/**
 * Links between tasks as stored (source → target): A bloqueia B, A relaciona B, A duplica B.
 */
export const TASK_LINK_KINDS = ['bloqueia', 'relaciona', 'duplica'] as const;
export type TaskLinkKind = (typeof TASK_LINK_KINDS)[number];

/** A link as one task sees it: the stored kinds plus the reverse of the directed ones. */
export const TASK_LINK_RELATIONS = [
  'bloqueia',
  'bloqueada_por',
  'relaciona',
  'duplica',
  'duplicada_por',
] as const;
export type TaskLinkRelation = (typeof TASK_LINK_RELATIONS)[number];

export const TASK_LINK_RELATION_LABELS: Record<TaskLinkRelation, string> = {
  bloqueia: 'Bloqueia',
  bloqueada_por: 'Bloqueada por',
  relaciona: 'Relacionada a',
  duplica: 'Duplica',
  duplicada_por: 'Duplicada por',
};

/** The stored link for a relation seen from `taskId` towards `otherId`. */
export function storedLink(
  relation: TaskLinkRelation,
  taskId: number,
  otherId: number,
): { kind: TaskLinkKind; sourceId: number; targetId: number } {
  switch (relation) {
    case 'bloqueada_por':
      return { kind: 'bloqueia', sourceId: otherId, targetId: taskId };
    case 'duplicada_por':
      return { kind: 'duplica', sourceId: otherId, targetId: taskId };
    default:
      return { kind: relation, sourceId: taskId, targetId: otherId };
  }
}

/** The relation a stored link has as seen from `taskId`. */
export function relationOf(kind: TaskLinkKind, sourceId: number, taskId: number): TaskLinkRelation {
  if (kind === 'relaciona' || sourceId === taskId) return kind;
  return kind === 'bloqueia' ? 'bloqueada_por' : 'duplicada_por';
}

/** "Minhas tarefas" buckets (dates are days in America/Sao_Paulo). */
export const TASK_DUE_FILTERS = ['atrasadas', 'hoje', 'semana', 'sem_data'] as const;
export type TaskDueFilter = (typeof TASK_DUE_FILTERS)[number];

/** Orders GET /api/tasks takes. */
export const TASK_SORTS = ['position', 'due_date', 'priority', 'number', 'created_at', 'updated_at'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

export const TASK_PAGE_SIZE = 50;
export const TASK_PAGE_SIZE_MAX = 200;
export const TASK_BOARD_PAGE_SIZE = 50;

/** The time zone "today", "overdue" and "due tomorrow" are counted in. */
export const TASK_TIME_ZONE = 'America/Sao_Paulo';

/** Limits. */
export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 20_000;
export const TASK_COMMENT_MAX = 10_000;
export const TASK_CHECKLIST_MAX_ITEMS = 100;
export const TASK_MAX_ASSIGNEES = 20;
export const TASK_MAX_LABELS = 20;
export const TASK_MAX_WATCHERS = 50;
export const TASK_BOARD_MAX_COLUMNS = 30;
/** Order keys grow by about one character per hundred inserts at one spot; this is far beyond use. */
export const TASK_ORDER_KEY_MAX = 128;

/** Attachments go through the chamados' storage, with the chamados' types and limits. */
export {
  TICKET_ATTACHMENT_FIELD as TASK_ATTACHMENT_FIELD,
  TICKET_ATTACHMENT_MAX_BYTES as TASK_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES as TASK_ATTACHMENT_MAX_FILES,
  TICKET_ATTACHMENT_TYPES as TASK_ATTACHMENT_TYPES,
} from './ticket-constants';

/** The columns a new board starts with (unless a template says otherwise). */
export const TASK_DEFAULT_COLUMNS: readonly {
  name: string;
  color: TaskColor;
  state_group: TaskStateGroup;
}[] = [
  { name: 'Backlog', color: 'gray', state_group: 'backlog' },
  { name: 'A fazer', color: 'blue', state_group: 'a_fazer' },
  { name: 'Em andamento', color: 'amber', state_group: 'em_andamento' },
  { name: 'Concluído', color: 'green', state_group: 'concluido' },
];

export interface TaskTemplateItem {
  title: string;
  priority: TaskPriority;
  /** Days after the day the template is applied (null: no due date). */
  due_in_days: number | null;
  checklist: readonly string[];
}

export interface TaskTemplate {
  key: string;
  name: string;
  description: string;
  tasks: readonly TaskTemplateItem[];
}

/** Templates: task sets with checklists, applied to a board or from a chamado. */
export const TASK_TEMPLATES: readonly TaskTemplate[] = [
  {
    key: 'onboarding-cliente',
    name: 'Onboarding de cliente',
    description: 'Da assinatura do contrato ao primeiro mês de suporte de um cliente novo.',
    tasks: [
      {
        title: 'Reunião de kickoff',
        priority: 'alta',
        due_in_days: 2,
        checklist: [
          'Agendar com o responsável do cliente',
          'Apresentar canais de suporte',
          'Registrar a ata',
        ],
      },
      {
        title: 'Levantamento do ambiente',
        priority: 'alta',
        due_in_days: 7,
        checklist: [
          'Inventariar estações e servidores',
          'Mapear a rede e o firewall',
          'Listar licenças e contratos',
        ],
      },
      {
        title: 'Cadastrar acessos no cofre de senhas',
        priority: 'media',
        due_in_days: 7,
        checklist: ['Contas administrativas', 'Roteador e firewall', 'Painel do provedor de e-mail'],
      },
      {
        title: 'Instalar agente de monitoramento',
        priority: 'media',
        due_in_days: 10,
        checklist: ['Servidores', 'Estações', 'Testar os alertas'],
      },
      {
        title: 'Configurar rotina de backup',
        priority: 'alta',
        due_in_days: 14,
        checklist: ['Definir a política de retenção', 'Executar o primeiro backup', 'Testar uma restauração'],
      },
      {
        title: 'Treinamento dos usuários',
        priority: 'baixa',
        due_in_days: 21,
        checklist: ['Como abrir um chamado', 'Boas práticas de segurança'],
      },
    ],
  },
  {
    key: 'manutencao-mensal',
    name: 'Manutenção mensal',
    description: 'A rotina de manutenção preventiva de cada mês.',
    tasks: [
      {
        title: 'Aplicar atualizações de segurança',
        priority: 'alta',
        due_in_days: 3,
        checklist: ['Servidores', 'Estações', 'Firmware do firewall'],
      },
      {
        title: 'Verificar backups',
        priority: 'alta',
        due_in_days: 3,
        checklist: ['Conferir os relatórios', 'Restaurar um arquivo de teste'],
      },
      {
        title: 'Revisar alertas do antivírus',
        priority: 'media',
        due_in_days: 5,
        checklist: ['Ameaças detectadas', 'Estações sem atualização'],
      },
      {
        title: 'Conferir espaço em disco',
        priority: 'media',
        due_in_days: 5,
        checklist: ['Servidores de arquivos', 'Bancos de dados'],
      },
      {
        title: 'Enviar relatório mensal ao cliente',
        priority: 'media',
        due_in_days: 7,
        checklist: ['Chamados do mês', 'Atualizações aplicadas', 'Recomendações'],
      },
    ],
  },
  {
    key: 'desligamento-colaborador',
    name: 'Desligamento de colaborador',
    description: 'Tirar os acessos de quem saiu e guardar seus dados.',
    tasks: [
      {
        title: 'Bloquear contas e acessos',
        priority: 'urgente',
        due_in_days: 0,
        checklist: ['E-mail', 'VPN', 'Sistemas internos', 'Trocar senhas compartilhadas'],
      },
      {
        title: 'Recolher equipamentos',
        priority: 'alta',
        due_in_days: 2,
        checklist: ['Notebook', 'Celular', 'Crachá e tokens'],
      },
      {
        title: 'Arquivar dados do colaborador',
        priority: 'media',
        due_in_days: 7,
        checklist: ['Caixa de e-mail', 'Arquivos pessoais da rede'],
      },
    ],
  },
];

export const TASK_TEMPLATE_KEYS = TASK_TEMPLATES.map((template) => template.key);

/**
 * Mentions in comments: `@login` (letters, digits, dot, dash, underscore), not inside an e-mail address.
 * Answers the logins in order of first appearance, lower case, without repeats.
 */
export function extractMentions(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(^|[^\w@.])@([a-z0-9][\w.-]{0,63})/gi)) {
    const login = (match[2] ?? '').replace(/[.-]+$/, '').toLowerCase();
    if (login && !found.includes(login)) found.push(login);
  }
  return found;
}

export interface TextReference {
  kind: 'task' | 'ticket';
  number: number;
  /** Where the reference starts and ends in the text (for linking it). */
  start: number;
  end: number;
}

/**
 * `#123` in a description or comment: a task by its number; `chamado #1001` (the word before the sign) a
 * chamado. Inside a word (`abc#1`) or a URL fragment it is not a reference.
 */
export function extractReferences(text: string): TextReference[] {
  const references: TextReference[] = [];
  for (const match of text.matchAll(/(chamado\s+)?(?<![\w/&#])#(\d{1,9})\b/gi)) {
    const start = match.index ?? 0;
    references.push({
      kind: match[1] ? 'ticket' : 'task',
      number: Number(match[2]),
      start,
      end: start + match[0].length,
    });
  }
  return references;
}

/** The socket room of a board: its viewers get its live events and presence. */
export const boardRoomName = (boardId: number): string => `board:${boardId}`;

/** Board events, client → server (payload `{ boardId }`, boardRoomSchema). */
export const TASK_CLIENT_EVENTS = { boardJoin: 'board:join', boardLeave: 'board:leave' } as const;

/** Board events, server → the board's room (payload schemas in task.ts). */
export const TASK_SERVER_EVENTS = {
  taskCreated: 'task:created',
  taskUpdated: 'task:updated',
  taskMoved: 'task:moved',
  taskDeleted: 'task:deleted',
  taskCommented: 'task:commented',
  boardUpdated: 'board:updated',
  boardPresence: 'board:presence',
} as const;
