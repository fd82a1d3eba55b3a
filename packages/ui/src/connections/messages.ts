import { useMemo } from 'react';
import { mergeMessages } from '../i18n/merge-messages';
import type { DeepPartial } from '../i18n/messages';
import { useMessages } from '../i18n/messages-provider';

/**
 * The Conexões pieces' pt-BR texts. They live in this subpath, not in the main catalogue, and are overridden
 * like the tasks texts: `<MessagesProvider messages={{ connections: { … } }}>`. Labels follow the contract's
 * (CONNECTION_PROTOCOL_LABELS, CONNECTION_REACHABILITY_LABELS, CONNECTION_END_REASON_LABELS).
 */
export const defaultConnectionsMessages = {
  protocol: {
    ssh: 'SSH',
    rdp: 'RDP',
    vnc: 'VNC',
    telnet: 'Telnet',
    http: 'HTTP',
    https: 'HTTPS',
  },
  protocolLabel: (name: string) => `Protocolo ${name}`,
  reachability: { online: 'Acessível', offline: 'Inacessível', desconhecido: 'Não verificado' },
  reachabilityLabel: (state: string) => `Estado: ${state}`,
  state: { conectando: 'Conectando…', conectado: 'Conectado', encerrado: 'Encerrado', erro: 'Erro' },
  terminal: {
    label: 'Terminal',
    loading: 'Carregando terminal…',
    readOnly: 'Somente leitura',
    search: 'Buscar no terminal',
    searchPlaceholder: 'Buscar…',
    searchNext: 'Próximo resultado',
    searchPrevious: 'Resultado anterior',
    searchClose: 'Fechar busca',
    searchResults: (index: number, count: number) =>
      count === 0 ? 'Nenhum resultado' : `${index} de ${count}`,
    copied: 'Seleção copiada',
  },
  frame: {
    region: (name: string) => `Sessão em ${name}`,
    elapsed: 'Tempo de sessão',
    bytesIn: 'Recebidos',
    bytesOut: 'Enviados',
    search: 'Buscar',
    fullscreen: 'Tela cheia',
    exitFullscreen: 'Sair da tela cheia',
    disconnect: 'Desconectar',
    recording: 'Gravando',
    recordingHint: 'Esta sessão está sendo gravada.',
    watching: 'Acompanhando (somente leitura)',
    endSession: 'Encerrar sessão',
  },
  hostKey: {
    promptTitle: 'Confirme a chave do servidor',
    promptBody: (host: string) =>
      `É a primeira conexão com ${host}. Confira a impressão digital da chave com o administrador do servidor antes de confiar nela.`,
    fingerprint: 'Impressão digital (SHA-256)',
    algorithm: 'Tipo de chave',
    trust: 'Confiar e conectar',
    cancel: 'Cancelar',
    mismatchTitle: 'A chave do servidor mudou',
    mismatchBody: (host: string) =>
      `A chave apresentada por ${host} não é a que foi fixada. Pode ser uma reinstalação do servidor — ou alguém interceptando a conexão. A conexão foi bloqueada.`,
    pinned: 'Chave fixada',
    presented: 'Chave apresentada agora',
    onlyManagers:
      'Só quem tem a permissão de gerenciar conexões (connections.manage) pode fixar a nova chave, depois de confirmar a mudança com o responsável pelo servidor.',
    repin: 'Fixar a nova chave',
    close: 'Fechar',
  },
  reason: {
    title: (name: string) => `Conectar a ${name}`,
    description: 'O motivo fica no registro da sessão.',
    reason: 'Motivo',
    reasonPlaceholder: 'Ex.: reiniciar o serviço de backup',
    reasonRequired: 'Informe o motivo: esta conexão exige um.',
    reasonHint: 'Opcional nesta conexão.',
    ticket: 'Chamado',
    credentialTitle: 'Credencial',
    credentialHint: 'Usada só nesta sessão e nunca guardada.',
    username: 'Usuário',
    usernameRequired: 'Informe o usuário.',
    authMethod: 'Autenticação',
    password: 'Senha',
    privateKey: 'Chave privada',
    passwordRequired: 'Informe a senha.',
    privateKeyRequired: 'Cole a chave privada.',
    privateKeyPlaceholder: '-----BEGIN OPENSSH PRIVATE KEY-----',
    record: 'Gravar esta sessão',
    recordHint: 'A gravação fica cifrada e só quem audita conexões pode assisti-la.',
    connect: 'Conectar',
    connecting: 'Conectando…',
    cancel: 'Cancelar',
  },
  ended: {
    title: 'Sessão encerrada',
    reasons: {
      usuario: 'Você encerrou a sessão.',
      administrador: 'Um administrador encerrou esta sessão.',
      inatividade: 'A sessão foi encerrada por inatividade.',
      duracao_maxima: 'A sessão atingiu a duração máxima desta conexão.',
      desconectado: 'A conexão de rede caiu.',
      erro: 'A sessão terminou por um erro.',
      ticket_expirado: 'A sessão não chegou a conectar.',
      servidor: 'O servidor do Farol foi reiniciado.',
    },
    byAdmin: (name: string) => `${name} encerrou esta sessão.`,
    duration: (text: string) => `Duração: ${text}`,
    reconnect: 'Reconectar',
  },
  vnc: {
    label: (name: string) => `Tela remota de ${name}`,
    connecting: 'Conectando à tela remota…',
    connected: 'Conectado',
    failed: 'Não foi possível conectar à tela remota.',
    disconnected: 'A tela remota foi desconectada.',
    viewOnly: 'Somente visualização',
    ctrlAltDel: 'Enviar Ctrl+Alt+Del',
    retry: 'Tentar de novo',
    credentialsRequired: 'O servidor VNC pediu uma senha que não foi informada.',
  },
  replay: {
    label: 'Reprodução da gravação',
    play: 'Reproduzir',
    pause: 'Pausar',
    position: 'Posição da reprodução',
    speed: 'Velocidade',
    inputLines: 'Comandos digitados',
    noInput: 'Nenhum comando digitado nesta gravação.',
    filter: 'Filtrar comandos',
    noMatch: (text: string) => `Nenhum comando com “${text}”.`,
    jumpTo: (time: string, line: string) => `Ir para ${time}: ${line}`,
    invalid: 'A gravação não pôde ser lida.',
    ended: 'Fim da gravação',
  },
  launch: {
    trigger: 'Abrir',
    triggerLabel: (name: string) => `Abrir ${name} fora do navegador`,
    browser: 'Abrir no navegador',
    app: 'Abrir no aplicativo',
    rdpFile: 'Baixar arquivo .rdp',
    copyCommand: 'Copiar comando',
  },
};

export type ConnectionsMessages = typeof defaultConnectionsMessages;

/** The connections texts: the defaults with whatever the enclosing MessagesProvider overrides. */
export function useConnectionsMessages(): ConnectionsMessages {
  // The main catalogue's type does not name this subpath's key (only `tasks`); the provider carries it all the same.
  const overrides = (useMessages() as { connections?: DeepPartial<ConnectionsMessages> }).connections;
  return useMemo(() => mergeMessages(defaultConnectionsMessages, overrides), [overrides]);
}
