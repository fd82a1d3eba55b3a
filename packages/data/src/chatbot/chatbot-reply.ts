/** The assistant's canned answers (spec §1): local keyword matching, never a server call. */

export type ChatbotTopic =
  'status' | 'connections' | 'passwords' | 'companies' | 'users' | 'tickets' | 'help' | 'default';

export const CHATBOT_REPLIES: Readonly<Record<ChatbotTopic, string>> = {
  tickets:
    'Os chamados ficam em Suporte, no menu lateral: lá você abre um novo chamado, filtra por status e acompanha as respostas da equipe.',
  connections:
    'As conexões remotas (SSH, RDP, VNC e outras) ficam em Conexões. Escolha a conexão e clique em "Conectar", ou copie o comando pronto para o seu terminal.',
  passwords:
    'As credenciais ficam guardadas com criptografia em Senhas. Busque pela empresa ou pelo sistema e use os botões para revelar ou copiar a senha.',
  companies:
    'Em Empresas você consulta e cadastra as empresas atendidas e as suas filiais, com os contatos de cada uma.',
  users:
    'Em Usuários você vê as pessoas cadastradas; em Gerenciar Usuários cria contas, ajusta papéis e define as permissões de cada um.',
  status:
    'Para acompanhar o status de um chamado, abra Suporte e filtre pela situação desejada. Os indicadores gerais estão no Dashboard e em Ativos.',
  help: 'Posso ajudar com chamados (Suporte), conexões remotas (SSH, RDP), senhas, empresas e usuários. Experimente perguntar: "como abro um chamado?" ou "onde ficam as conexões?"',
  default:
    'Desculpe, não entendi. Posso ajudar com chamados, conexões, senhas, empresas e usuários — digite "ajuda" para ver as opções.',
};

/**
 * What the assistant answers where a topic's screen is not in this portal (a module not installed, or not
 * yet built): it never sends anyone to a page that does not exist.
 */
export const CHATBOT_REPLIES_WITHOUT_MODULE: Readonly<Partial<Record<ChatbotTopic, string>>> = {
  connections:
    'O acesso remoto (SSH, RDP, VNC) ainda não tem tela neste portal. Abra um chamado em Suporte dizendo qual servidor precisa acessar e a equipe cuida da conexão.',
  passwords:
    'O cofre de senhas ainda não tem tela neste portal. Para uma credencial, abra um chamado em Suporte; a equipe nunca envia senhas por mensagem.',
  companies:
    'O cadastro de empresas ainda não tem tela neste portal. Para atualizar dados da sua empresa, abra um chamado em Suporte.',
  users:
    'A gestão de usuários ainda não tem tela neste portal. Para criar ou ajustar uma conta, abra um chamado em Suporte.',
  status:
    'Para acompanhar o status de um chamado, abra Suporte e filtre pela situação desejada. Os números gerais estão no Dashboard.',
};

/** The screen each topic's full answer sends people to. */
const TOPIC_PATHS: Readonly<Partial<Record<ChatbotTopic, string>>> = {
  connections: '/connections',
  passwords: '/passwords',
  companies: '/companies',
  users: '/users',
  status: '/statistics',
};

/** Checked in order: the more specific topics first, so "status do chamado" is about status. */
const TOPIC_PATTERNS: ReadonlyArray<readonly [ChatbotTopic, RegExp]> = [
  ['status', /\b(status|situacao|andamento|progresso)\b/],
  ['connections', /\b(conex\w*|conect\w*|ssh|rdp|vnc|telnet|remot[oa]s?|acesso remoto)\b/],
  ['passwords', /\b(senhas?|passwords?|credenc\w*|cofre)\b/],
  ['companies', /\b(empresas?|compan(y|ies)|filia(l|is)|cnpj)\b/],
  ['users', /\b(usuari[oa]s?|users?|permiss\w*|contas?|perfis|perfil)\b/],
  ['tickets', /\b(chamad[oa]s?|tickets?|suporte|support|atendimentos?|incidentes?)\b/],
  ['help', /\b(ajuda|help|socorro|duvidas?|comandos?|opcoes|o que (voce )?faz)\b/],
];

/** Lower case without accents, so 'Conexão' and 'conexao' read the same. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function chatbotTopic(text: string): ChatbotTopic {
  const folded = foldText(text);
  return TOPIC_PATTERNS.find(([, pattern]) => pattern.test(folded))?.[0] ?? 'default';
}

export interface ChatbotReplyOptions {
  /** Whether the portal has a screen at `path`; every screen exists when omitted. */
  hasScreen?: (path: string) => boolean;
}

export function chatbotReply(text: string, { hasScreen }: ChatbotReplyOptions = {}): string {
  const topic = chatbotTopic(text);
  const path = TOPIC_PATHS[topic];
  if (path && hasScreen && !hasScreen(path))
    return CHATBOT_REPLIES_WITHOUT_MODULE[topic] ?? CHATBOT_REPLIES[topic];
  return CHATBOT_REPLIES[topic];
}
