import type {
  TaskActivity,
  TaskChecklistItem,
  TaskColumn,
  TaskComment,
  TaskLabel,
} from '../../contract/task';
import { orderKeysBetween } from '../../contract/task-order';
import {
  TASK_COMPANIES,
  dayFromToday,
  hoursAgo,
  makeBoard,
  makeChecklistItem,
  makeColumn,
  makeComment,
  makeLabel,
  makeStoredTask,
  taskPeople,
  type StoredBoard,
  type StoredLink,
  type StoredTask,
} from './factories';

export interface TaskMockState {
  boards: StoredBoard[];
  columns: TaskColumn[];
  labels: TaskLabel[];
  tasks: StoredTask[];
  checklist: TaskChecklistItem[];
  comments: TaskComment[];
  links: StoredLink[];
  activity: Array<TaskActivity & { task_id: number }>;
}

const { ana, bruno, carla } = taskPeople;
const { acme, globex } = TASK_COMPANIES;

// Column keys, in order, for each board.
const keys = orderKeysBetween(null, null, 6);
const k = (index: number) => keys[index]!;

/**
 * The demo boards: the MSP's own operations (an aviso WIP limit over its limit), Acme's implantação (a bloqueio
 * limit that is full, a task blocked by another, two tasks of chamado #1001) and the monthly maintenance
 * (a recurring task). Due days count from today, so "Minhas tarefas" always has overdue, today and this week.
 */
function boards(): StoredBoard[] {
  return [
    makeBoard({
      id: 1,
      name: 'Operações internas',
      description: 'O trabalho da equipe que não vem de um chamado.',
    }),
    makeBoard({
      id: 2,
      name: 'Implantação Acme',
      description: 'Migração do ERP e da rede da Acme Logística.',
      company: acme,
      kind: 'cliente',
    }),
    makeBoard({ id: 3, name: 'Manutenção mensal', description: 'Rotinas preventivas de todos os clientes.' }),
  ];
}

function columns(): TaskColumn[] {
  return [
    makeColumn({
      id: 11,
      board_id: 1,
      name: 'Backlog',
      color: 'gray',
      state_group: 'backlog',
      position: k(0),
    }),
    makeColumn({
      id: 12,
      board_id: 1,
      name: 'A fazer',
      color: 'blue',
      state_group: 'a_fazer',
      position: k(1),
    }),
    makeColumn({
      id: 13,
      board_id: 1,
      name: 'Em andamento',
      color: 'amber',
      state_group: 'em_andamento',
      position: k(2),
      wip_limit: 2,
      wip_mode: 'aviso',
    }),
    makeColumn({
      id: 14,
      board_id: 1,
      name: 'Concluído',
      color: 'green',
      state_group: 'concluido',
      position: k(3),
    }),
    makeColumn({
      id: 21,
      board_id: 2,
      name: 'A fazer',
      color: 'blue',
      state_group: 'a_fazer',
      position: k(0),
    }),
    makeColumn({
      id: 22,
      board_id: 2,
      name: 'Em andamento',
      color: 'amber',
      state_group: 'em_andamento',
      position: k(1),
      wip_limit: 2,
      wip_mode: 'bloqueio',
    }),
    makeColumn({
      id: 23,
      board_id: 2,
      name: 'Concluído',
      color: 'green',
      state_group: 'concluido',
      position: k(2),
    }),
    makeColumn({
      id: 31,
      board_id: 3,
      name: 'A fazer',
      color: 'blue',
      state_group: 'a_fazer',
      position: k(0),
    }),
    makeColumn({
      id: 32,
      board_id: 3,
      name: 'Concluído',
      color: 'green',
      state_group: 'concluido',
      position: k(1),
    }),
  ];
}

function labels(): TaskLabel[] {
  return [
    makeLabel({ id: 1, name: 'Rede', color: 'blue' }),
    makeLabel({ id: 2, name: 'Servidores', color: 'violet' }),
    makeLabel({ id: 3, name: 'Impressoras', color: 'orange' }),
    makeLabel({ id: 4, name: 'Segurança', color: 'red' }),
    makeLabel({ id: 5, name: 'ERP', color: 'teal', board_id: 2 }),
  ];
}

const ticket1001 = {
  id: 1,
  number: 1001,
  subject: 'Sistema de notas fiscais fora do ar',
  status: 'em andamento' as const,
};

function tasks(): StoredTask[] {
  const cards = orderKeysBetween(null, null, 8);
  const p = (index: number) => cards[index]!;
  return [
    // Operações internas
    makeStoredTask({
      id: 1,
      board_id: 1,
      column_id: 11,
      position: p(0),
      title: 'Documentar a topologia da rede',
      priority: 'baixa',
      label_ids: [1],
      assignees: [bruno],
    }),
    makeStoredTask({
      id: 2,
      board_id: 1,
      column_id: 12,
      position: p(0),
      title: 'Renovar o certificado SSL do portal',
      priority: 'alta',
      due_date: dayFromToday(0),
      label_ids: [4],
      assignees: [ana],
      description:
        'O certificado vence **hoje**. Renovar no provedor e instalar no balanceador.\n\n- [x] Gerar o CSR\n- [ ] Validar o domínio\n\nVeja também #4.',
    }),
    makeStoredTask({
      id: 3,
      board_id: 1,
      column_id: 12,
      position: p(1),
      title: 'Trocar o toner da impressora da recepção',
      priority: 'media',
      due_date: dayFromToday(-2),
      label_ids: [3],
      assignees: [carla],
    }),
    makeStoredTask({
      id: 4,
      board_id: 1,
      column_id: 13,
      position: p(0),
      title: 'Atualizar o firmware do firewall',
      priority: 'urgente',
      due_date: dayFromToday(2),
      label_ids: [1, 4],
      assignees: [ana, carla],
      estimate_minutes: 90,
    }),
    makeStoredTask({
      id: 5,
      board_id: 1,
      column_id: 13,
      position: p(1),
      title: 'Revisar as regras de backup',
      priority: 'media',
      label_ids: [2],
      assignees: [bruno],
      due_date: dayFromToday(4),
    }),
    makeStoredTask({
      id: 6,
      board_id: 1,
      column_id: 13,
      position: p(2),
      title: 'Inventariar os notebooks da equipe',
      priority: 'baixa',
      assignees: [carla],
    }),
    makeStoredTask({
      id: 7,
      board_id: 1,
      column_id: 14,
      position: p(0),
      title: 'Configurar o monitoramento do link reserva',
      priority: 'alta',
      label_ids: [1],
      assignees: [ana],
      completed_at: hoursAgo(20),
    }),
    // Implantação Acme
    makeStoredTask({
      id: 8,
      board_id: 2,
      column_id: 21,
      position: p(0),
      title: 'Migrar a base do ERP para o novo servidor',
      priority: 'alta',
      company: acme,
      label_ids: [5, 2],
      assignees: [carla],
      due_date: dayFromToday(3),
      ticket: ticket1001,
    }),
    makeStoredTask({
      id: 9,
      board_id: 2,
      column_id: 22,
      position: p(0),
      title: 'Reinstalar o emissor de notas fiscais',
      priority: 'urgente',
      company: acme,
      label_ids: [5],
      assignees: [carla],
      due_date: dayFromToday(-1),
      ticket: ticket1001,
      description: 'Depois da migração (#8), reinstalar o emissor e testar com o chamado #1001 aberto.',
    }),
    makeStoredTask({
      id: 10,
      board_id: 2,
      column_id: 22,
      position: p(1),
      title: 'Trocar o roteador da Filial Centro',
      priority: 'alta',
      company: acme,
      label_ids: [1],
      assignees: [bruno],
      due_date: dayFromToday(1),
    }),
    makeStoredTask({
      id: 11,
      board_id: 2,
      column_id: 23,
      position: p(0),
      title: 'Levantamento do ambiente',
      priority: 'media',
      company: acme,
      assignees: [ana],
      completed_at: hoursAgo(48),
    }),
    // Manutenção mensal
    makeStoredTask({
      id: 12,
      board_id: 3,
      column_id: 31,
      position: p(0),
      title: 'Verificar os backups de todos os clientes',
      priority: 'alta',
      label_ids: [2],
      assignees: [ana],
      due_date: dayFromToday(5),
      recurrence: {
        frequency: 'primeiro_dia_util',
        interval: 1,
        weekdays: null,
        day_of_month: null,
        ends_on: null,
      },
    }),
    makeStoredTask({
      id: 13,
      board_id: 3,
      column_id: 31,
      position: p(1),
      title: 'Aplicar atualizações de segurança na Globex',
      priority: 'media',
      company: globex,
      label_ids: [4],
      assignees: [carla],
      due_date: dayFromToday(6),
      recurrence: { frequency: 'semanal', interval: 1, weekdays: [1], day_of_month: null, ends_on: null },
    }),
  ];
}

function checklist(): TaskChecklistItem[] {
  return [
    makeChecklistItem({
      id: 1,
      task_id: 4,
      text: 'Baixar o firmware do fabricante',
      position: k(0),
      done: true,
    }),
    makeChecklistItem({ id: 2, task_id: 4, text: 'Salvar a configuração atual', position: k(1), done: true }),
    makeChecklistItem({
      id: 3,
      task_id: 4,
      text: 'Aplicar fora do horário comercial',
      position: k(2),
      assignee: carla,
      due_date: dayFromToday(2),
    }),
    makeChecklistItem({ id: 4, task_id: 8, text: 'Backup completo da base', position: k(0), done: true }),
    makeChecklistItem({ id: 5, task_id: 8, text: 'Restaurar no servidor novo', position: k(1) }),
  ];
}

function comments(): TaskComment[] {
  return [
    makeComment({
      id: 1,
      task_id: 4,
      author: bruno,
      body: '@carla.mendes consegue fazer na quinta à noite? O cliente pediu fora do expediente.',
      mentions: [carla],
      created_at: hoursAgo(6),
    }),
    makeComment({
      id: 2,
      task_id: 4,
      author: carla,
      body: 'Consigo, sim. Deixo o **backup** pronto antes.',
      created_at: hoursAgo(5),
    }),
  ];
}

/** #8 (migrar o ERP) blocks #9 (reinstalar o emissor): "bloqueada por #8". */
function links(): StoredLink[] {
  return [
    { id: 1, kind: 'bloqueia', source_id: 8, target_id: 9 },
    { id: 2, kind: 'relaciona', source_id: 2, target_id: 4 },
  ];
}

function activity(): TaskMockState['activity'] {
  return [
    {
      id: 1,
      task_id: 4,
      who: ana,
      action: 'created',
      field: null,
      from: null,
      to: null,
      at: hoursAgo(72),
    },
    {
      id: 2,
      task_id: 4,
      who: carla,
      action: 'moved',
      field: 'column',
      from: 'A fazer',
      to: 'Em andamento',
      at: hoursAgo(8),
    },
  ];
}

export const taskFixtures = {
  state: (): TaskMockState => ({
    boards: boards(),
    columns: columns(),
    labels: labels(),
    tasks: tasks(),
    checklist: checklist(),
    comments: comments(),
    links: links(),
    activity: activity(),
  }),
  empty: (): TaskMockState => ({
    boards: [],
    columns: [],
    labels: labels(),
    tasks: [],
    checklist: [],
    comments: [],
    links: [],
    activity: [],
  }),
};
