import { useMemo } from 'react';
import { useMessages } from '../i18n/messages-provider';
import { mergeMessages } from '../i18n/merge-messages';

/**
 * The Tarefas pieces' pt-BR texts. They live in this subpath, not in the main catalogue (which every kit
 * component carries), and are overridden like the others: `<MessagesProvider messages={{ tasks: { … } }}>`.
 */
export const defaultTasksMessages = {
  priority: { urgente: 'Urgente', alta: 'Alta', média: 'Média', baixa: 'Baixa', nenhuma: 'Sem prioridade' },
  priorityPrefix: 'Prioridade',
  dueToday: 'Hoje',
  dueTomorrow: 'Amanhã',
  dueLabel: (date: string) => `Prazo: ${date}`,
  overdueLabel: (date: string) => `Atrasada desde ${date}`,
  assignees: (names: string) => `Responsáveis: ${names}`,
  moreAssignees: (count: number) => `+${count}`,
  labels: 'Etiquetas',
  checklist: (done: number, total: number) => `Checklist: ${done} de ${total} itens concluídos`,
  blockedBy: (numbers: string) => `Bloqueada por ${numbers}`,
  recurring: 'Tarefa recorrente',
  ticket: (number: string) => `Chamado ${number}`,
  comments: (count: number) => (count === 1 ? '1 comentário' : `${count} comentários`),
  board: 'Quadro de tarefas',
  roleDescription: 'tarefa arrastável',
  panelBody: 'Detalhes da tarefa',
  column: (name: string) => `Coluna ${name}`,
  columnCount: (count: number) => (count === 1 ? '1 tarefa' : `${count} tarefas`),
  wipCount: (count: number, limit: number) => `${count} de ${limit} tarefas (limite)`,
  wipOver: (name: string, count: number, limit: number) =>
    `A coluna ${name} passou do limite: ${count} de ${limit} tarefas.`,
  wipBlocked: (name: string, limit: number) =>
    `A coluna ${name} está no limite de ${limit} tarefas e não aceita mais nenhuma.`,
  wipModeAviso: 'limite de aviso',
  wipModeBloqueio: 'limite de bloqueio',
  emptyColumn: 'Nenhuma tarefa',
  lane: (name: string, count: number) => `${name} (${count === 1 ? '1 tarefa' : `${count} tarefas`})`,
  otherLane: 'Outros',
  quickAdd: 'Adicionar tarefa',
  quickAddIn: (column: string) => `Adicionar tarefa em ${column}`,
  quickAddPlaceholder: 'Título da tarefa',
  quickAddHint: 'Enter cria, Esc cancela',
  columnSwitcher: 'Coluna',
  moveTo: 'Mover para…',
  moveTask: (task: string) => `Mover ${task} para outra coluna`,
  refused: (reason: string) => `Movimento recusado: ${reason}`,
  dismiss: 'Dispensar aviso',
  instructions:
    'Para mover uma tarefa, pressione espaço. Use as setas para mudar de posição ou de coluna, espaço de novo para soltar ou Escape para cancelar. Enter abre a tarefa.',
  announce: {
    start: (task: string, column: string, position: number, total: number) =>
      `Tarefa ${task} levantada. Coluna ${column}, posição ${position} de ${total}.`,
    over: (task: string, column: string, position: number, total: number) =>
      `Tarefa ${task} sobre a coluna ${column}, posição ${position} de ${total}.`,
    overRefused: (task: string, column: string, reason: string) =>
      `Tarefa ${task} sobre a coluna ${column}. Não pode ser solta aqui: ${reason}`,
    outside: (task: string) => `Tarefa ${task} fora das colunas.`,
    end: (task: string, column: string, position: number, total: number) =>
      `Tarefa ${task} solta na coluna ${column}, posição ${position} de ${total}.`,
    endRefused: (task: string, reason: string) =>
      `Movimento recusado. Tarefa ${task} voltou ao lugar: ${reason}`,
    unchanged: (task: string) => `Tarefa ${task} solta no mesmo lugar.`,
    cancel: (task: string, column: string) =>
      `Movimento cancelado. Tarefa ${task} voltou para a coluna ${column}.`,
  },
  list: {
    label: 'Lista de tarefas',
    number: 'Nº',
    title: 'Título',
    column: 'Coluna',
    priority: 'Prioridade',
    assignees: 'Responsáveis',
    due: 'Prazo',
    labels: 'Etiquetas',
    rows: (count: number) => (count === 1 ? '1 tarefa' : `${count.toLocaleString('pt-BR')} tarefas`),
  },
  calendar: {
    label: 'Calendário de prazos',
    previous: 'Mês anterior',
    next: 'Próximo mês',
    today: 'Hoje',
    more: (count: number) => `+${count}`,
    moreLabel: (count: number, date: string) =>
      count === 1 ? `Mais 1 tarefa em ${date}` : `Mais ${count} tarefas em ${date}`,
    dayLabel: (date: string, count: number) =>
      count === 0 ? date : count === 1 ? `${date}, 1 tarefa` : `${date}, ${count} tarefas`,
  },
  presence: {
    label: (names: string) => `Também vendo: ${names}`,
    prefix: 'Também vendo:',
    more: (count: number) => `+${count}`,
  },
};

export type TasksMessages = typeof defaultTasksMessages;

/** The tasks texts: the defaults with whatever the enclosing MessagesProvider overrides. */
export function useTasksMessages(): TasksMessages {
  const overrides = useMessages().tasks;
  return useMemo(() => mergeMessages(defaultTasksMessages, overrides), [overrides]);
}
