import type {
  BoardColumnView,
  BoardMoveEvent,
  BoardLaneView,
  BoardTaskView,
  TaskLabelView,
  TaskPersonView,
  TaskPriorityView,
} from '@farol/ui/tasks';

/** The stories' "today": due chips and the calendar are computed against it, so screenshots never drift. */
export const TODAY = new Date(2026, 10, 25, 10, 0);

export const people: TaskPersonView[] = [
  { id: 'u1', name: 'Ana Lima' },
  { id: 'u2', name: 'Bruno Costa' },
  { id: 'u3', name: 'Carla Souza' },
  { id: 'u4', name: 'Diego Martins' },
  { id: 'u5', name: 'Elisa Rocha' },
];

export const labels: TaskLabelView[] = [
  { id: 'l1', name: 'Impressoras', color: '#f59e0b' },
  { id: 'l2', name: 'Rede', color: '#38bdf8' },
  { id: 'l3', name: 'Onboarding', color: '#a78bfa' },
  { id: 'l4', name: 'Servidores', color: '#4ade80' },
  { id: 'l5', name: 'Backup', color: '#f472b6' },
  { id: 'l6', name: 'Licenças', color: '#fb923c' },
  { id: 'l7', name: 'Segurança', color: '#f87171' },
];

export const columns: BoardColumnView[] = [
  { id: 'backlog', name: 'Backlog', color: '#94a3b8' },
  { id: 'todo', name: 'A fazer', color: '#60a5fa' },
  { id: 'doing', name: 'Em andamento', color: '#fbbf24', wipLimit: 3, wipMode: 'aviso' },
  { id: 'review', name: 'Revisão', color: '#a78bfa', wipLimit: 2, wipMode: 'bloqueio' },
  { id: 'done', name: 'Concluído', color: '#4ade80' },
];

const day = (offset: number) => {
  const date = new Date(TODAY);
  date.setDate(date.getDate() + offset);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

/** A small, hand-written board: every kind of card shows once. */
export const sampleTasks: BoardTaskView[] = [
  {
    id: 't1',
    number: '#T-101',
    title: 'Trocar toner da impressora do financeiro',
    columnId: 'todo',
    priority: 'alta',
    dueDate: day(0),
    assignees: [people[0]!],
    labels: [labels[0]!],
    checklist: { done: 1, total: 3 },
    commentCount: 2,
  },
  {
    id: 't2',
    number: '#T-102',
    title: 'Atualizar firmware do switch do 2º andar',
    columnId: 'todo',
    priority: 'média',
    dueDate: day(5),
    assignees: [people[1]!, people[2]!],
    labels: [labels[1]!],
  },
  {
    id: 't3',
    number: '#T-103',
    title: 'Renovar licenças do antivírus',
    columnId: 'backlog',
    priority: 'baixa',
    dueDate: day(-3),
    labels: [labels[5]!, labels[6]!],
    ticket: { number: '#1042', title: 'Antivírus expirando' },
  },
  {
    id: 't4',
    number: '#T-104',
    title: 'Verificar backup semanal',
    columnId: 'doing',
    priority: 'urgente',
    dueDate: day(1),
    assignees: [people[3]!],
    labels: [labels[4]!],
    recurring: 'Toda segunda-feira',
    checklist: { done: 5, total: 5 },
  },
  {
    id: 't5',
    number: '#T-105',
    title: 'Instalar servidor de arquivos novo',
    columnId: 'doing',
    priority: 'alta',
    assignees: [people[0]!, people[4]!],
    blockedBy: ['#T-104'],
    labels: [labels[3]!],
  },
  {
    id: 't6',
    number: '#T-106',
    title: 'Onboarding da Padaria Pão Quente',
    columnId: 'review',
    priority: 'média',
    labels: [labels[2]!],
    assignees: [people[2]!],
    commentCount: 7,
  },
  {
    id: 't7',
    number: '#T-107',
    title: 'Documentar a rede do cliente',
    columnId: 'review',
    priority: 'nenhuma',
  },
  {
    id: 't8',
    number: '#T-108',
    title: 'Configurar VPN do escritório',
    columnId: 'done',
    priority: 'alta',
    dueDate: day(-10),
    completed: true,
    assignees: [people[1]!],
  },
];

const PRIORITIES: TaskPriorityView[] = ['urgente', 'alta', 'média', 'baixa', 'nenhuma'];
const VERBS = ['Trocar', 'Instalar', 'Verificar', 'Atualizar', 'Configurar', 'Revisar', 'Documentar'];
const THINGS = ['toner', 'switch', 'backup', 'firewall', 'notebook', 'licença', 'servidor', 'VPN'];

/** `count` cards spread over `cols` (deterministic, so stories and benches see the same board). */
export function manyTasks(count: number, cols: readonly BoardColumnView[] = columns): BoardTaskView[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    return {
      id: `m${n}`,
      number: `#T-${1000 + n}`,
      title: `${VERBS[n % VERBS.length]} ${THINGS[(n * 7) % THINGS.length]} do cliente ${(n % 40) + 1}`,
      columnId: cols[n % cols.length]!.id,
      laneKey: people[Math.floor(n / 5) % people.length]!.id,
      priority: PRIORITIES[n % PRIORITIES.length],
      dueDate: n % 3 === 0 ? day((n % 21) - 7) : null,
      assignees: n % 4 === 0 ? [] : [people[n % people.length]!],
      labels: n % 2 === 0 ? [labels[n % labels.length]!] : [],
      checklist: n % 5 === 0 ? { done: n % 4, total: 4 } : null,
      commentCount: n % 6,
      recurring: n % 17 === 0,
      blockedBy: n % 23 === 0 ? [`#T-${1000 + n - 1}`] : [],
    } satisfies BoardTaskView;
  });
}

export const lanesByAssignee: BoardLaneView[] = people.map((person) => ({
  key: person.id,
  name: person.name,
}));

/** Applies a move the way the app does: the card goes between its new neighbours. */
export function applyMove(tasks: readonly BoardTaskView[], event: BoardMoveEvent): BoardTaskView[] {
  const moving = tasks.find((task) => task.id === event.taskId);
  if (!moving) return [...tasks];
  const moved: BoardTaskView = {
    ...moving,
    columnId: event.toColumnId,
    ...(event.toLaneKey !== undefined ? { laneKey: event.toLaneKey } : {}),
  };
  const rest = tasks.filter((task) => task.id !== event.taskId);
  const anchor = event.beforeId ?? null;
  if (anchor) {
    const at = rest.findIndex((task) => task.id === anchor);
    return [...rest.slice(0, at + 1), moved, ...rest.slice(at + 1)];
  }
  if (event.afterId) {
    const at = rest.findIndex((task) => task.id === event.afterId);
    return [...rest.slice(0, at), moved, ...rest.slice(at)];
  }
  return [...rest, moved];
}
