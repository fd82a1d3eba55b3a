import { unreadLabel as unread } from '../notification-center/unread-label';
import type { TasksMessages } from '../tasks/messages';

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
};

/**
 * The catalogue's shape. `tasks` belongs to `@farol/ui/tasks`, whose defaults live with it (so the main entry
 * does not carry them); a MessagesProvider may still override them here.
 */
export type Messages = typeof defaultMessages & { tasks?: DeepPartial<TasksMessages> };

/** Any part of the catalogue, at any depth; what is left out keeps the default text. */
export type DeepPartial<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;
