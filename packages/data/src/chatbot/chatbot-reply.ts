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

export function chatbotReply(text: string): string {
  return CHATBOT_REPLIES[chatbotTopic(text)];
}
