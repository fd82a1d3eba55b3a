import { unreadLabel as unread } from '../notification-center/unread-label';

/**
 * Every user-facing text of the kit, in pt-BR, grouped by component. A consumer overrides any part of it
 * through <MessagesProvider messages={…}>. Texts that depend on a number are functions.
 */
export const defaultMessages = {
  common: {
    loading: 'Carregando…',
    close: 'Fechar',
    retry: 'Tentar novamente',
    cancel: 'Cancelar',
    confirm: 'Confirmar',
    unreadCount: unread,
  },
  sidebar: {
    productName: 'Farol',
    navLabel: 'Navegação principal',
    logoLabel: 'Farol — página inicial',
    signOut: 'Sair',
    closeMenu: 'Fechar menu',
    mobileTitle: 'Menu',
    profileLabel: 'Perfil do usuário',
  },
  header: {
    openMenu: 'Abrir menu',
    messages: 'Mensagens',
    messagesWithUnread: (count: number) => `Mensagens, ${unread(count)}`,
    profile: 'Perfil',
    profileOf: (name: string) => `Perfil de ${name}`,
  },
  notifications: {
    title: 'Notificações',
    trigger: 'Notificações',
    triggerWithUnread: (count: number) => `Notificações, ${unread(count)}`,
    unreadCount: unread,
    refresh: 'Atualizar',
    markAllRead: 'Marcar todas como lidas',
    empty: 'Sem notificações.',
    loading: 'Carregando…',
    error: 'Não foi possível carregar as notificações.',
    retry: 'Tentar novamente',
    open: 'Abrir',
    markRead: 'Marcar como lida',
    remove: 'Remover',
    unreadItem: 'Não lida',
    severity: { info: 'Informação', success: 'Sucesso', warning: 'Aviso', error: 'Erro' },
    time: {
      now: 'agora',
      minutes: (n: number) => `${n} min`,
      hours: (n: number) => `${n} h`,
      days: (n: number) => `${n} d`,
    },
  },
  chatbot: {
    title: 'Assistente Farol',
    open: 'Abrir assistente',
    close: 'Fechar assistente',
    closeWindow: 'Fechar',
    minimize: 'Minimizar',
    maximize: 'Maximizar',
    conversation: 'Conversa com o assistente',
    greeting:
      'Olá! Sou o Assistente Farol. Posso ajudar com chamados, conexões, senhas, empresas e usuários.',
    you: 'Você',
    bot: 'Assistente',
    inputPlaceholder: 'Digite sua mensagem…',
    inputLabel: 'Mensagem para o assistente',
    send: 'Enviar',
    typing: 'Assistente digitando…',
    failure: 'Desculpe, ocorreu um erro. Tente novamente em alguns instantes.',
  },
  avatarPicker: {
    title: 'Alterar Foto de Perfil',
    hint: 'Suporte: JPG, PNG, GIF até 5MB',
    tooLarge: 'Arquivo maior que 5MB',
    trigger: (name: string) => `Alterar foto de perfil de ${name}`,
    chooseFile: 'Escolher arquivo',
    useCamera: 'Usar câmera',
    stopCamera: 'Fechar câmera',
    capture: 'Capturar',
    cameraPreview: 'Imagem da câmera',
    cameraStarting: 'Abrindo a câmera…',
    noCamera: 'Nenhuma câmera encontrada.',
    cameraDenied: 'Permissão da câmera negada.',
    cameraFailed: 'Não foi possível abrir a câmera.',
    dropZone: 'Área para soltar a imagem',
    dropIdle: 'Arraste e solte uma imagem aqui',
    dropActive: 'Solte para usar esta imagem',
    preview: 'Pré-visualização da nova foto',
  },
  // The form and page building blocks (issue 10).
  field: {
    required: 'obrigatório',
  },
  select: {
    placeholder: 'Selecione…',
  },
  combobox: {
    placeholder: 'Buscar…',
    empty: 'Nenhum resultado',
    loading: 'Carregando…',
    toggle: 'Mostrar opções',
    clear: 'Limpar seleção',
    remove: (label: string) => `Remover ${label}`,
    selected: (count: number) => (count === 1 ? '1 selecionado' : `${count} selecionados`),
  },
  table: {
    empty: 'Nenhum resultado',
    loading: 'Carregando…',
    sortAscending: 'ordem crescente',
    sortDescending: 'ordem decrescente',
  },
  pagination: {
    label: 'Paginação',
    previous: 'Anterior',
    next: 'Próxima',
    page: (page: number) => `Página ${page.toLocaleString('pt-BR')}`,
    pageOf: (page: number, count: number) =>
      `Página ${page.toLocaleString('pt-BR')} de ${count.toLocaleString('pt-BR')}`,
  },
  pageHeader: {
    breadcrumbs: 'Trilha de navegação',
  },
  confirmDialog: {
    confirm: 'Confirmar',
    cancel: 'Cancelar',
    pending: 'Aguarde…',
    failed: 'Não foi possível concluir. Tente novamente.',
  },
  toast: {
    region: 'Avisos',
    close: 'Fechar aviso',
  },
  tasks: {
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
  },
};

export type Messages = typeof defaultMessages;

/** Any part of the catalogue, at any depth; what is left out keeps the default text. */
export type DeepPartial<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;
