import { describe, expect, it } from 'vitest';
import {
  CHATBOT_REPLIES,
  CHATBOT_REPLIES_WITHOUT_MODULE,
  chatbotReply,
  chatbotTopic,
  foldText,
  type ChatbotTopic,
} from './chatbot-reply';

describe('chatbotReply', () => {
  it.each<[string, ChatbotTopic]>([
    ['Como abro um chamado?', 'tickets'],
    ['preciso de SUPORTE', 'tickets'],
    ['meu ticket sumiu', 'tickets'],
    ['Problema na conexão', 'connections'],
    ['problema na conexao', 'connections'],
    ['como acesso via SSH?', 'connections'],
    ['o RDP não abre', 'connections'],
    ['Esqueci a senha do roteador', 'passwords'],
    ['onde ficam as credenciais', 'passwords'],
    ['cadastrar uma empresa', 'companies'],
    ['Filiais da Acme', 'companies'],
    ['criar usuário', 'users'],
    ['mudar permissões do Carlos', 'users'],
    ['Qual o status do meu chamado?', 'status'],
    ['situação do atendimento', 'status'],
    ['ajuda', 'help'],
    ['Socorro!', 'help'],
    ['o que você faz?', 'help'],
    ['bom dia', 'default'],
    ['', 'default'],
    ['conexoesxyz', 'connections'],
    ['supor te', 'default'],
  ])('%j → %s', (text, topic) => {
    expect(chatbotTopic(text)).toBe(topic);
    expect(chatbotReply(text)).toBe(CHATBOT_REPLIES[topic]);
  });

  it('has a distinct Portuguese reply per topic, naming the Farol screens', () => {
    expect(new Set(Object.values(CHATBOT_REPLIES)).size).toBe(8);
    expect(CHATBOT_REPLIES.tickets).toContain('Suporte');
    expect(CHATBOT_REPLIES.connections).toMatch(/Conexões.*SSH, RDP|SSH, RDP.*Conexões/);
    expect(CHATBOT_REPLIES.passwords).toContain('Senhas');
    expect(CHATBOT_REPLIES.companies).toContain('Empresas');
    expect(CHATBOT_REPLIES.users).toContain('Gerenciar Usuários');
    expect(CHATBOT_REPLIES.help).toContain('ajudar');
    expect(CHATBOT_REPLIES.default).toContain('ajuda');
  });

  it('folds accents and case', () => {
    expect(foldText('Conexão SSH Ação')).toBe('conexao ssh acao');
  });
});

describe('chatbotReply where a screen is missing', () => {
  const only = (paths: string[]) => ({ hasScreen: (path: string) => paths.includes(path) });

  it('never sends people to a screen the portal does not have', () => {
    const reply = chatbotReply('como acesso o servidor por ssh?', only(['/support', '/companies']));
    expect(reply).toBe(CHATBOT_REPLIES_WITHOUT_MODULE.connections);
    expect(reply).not.toMatch(/\bem Conexões\b/);
    expect(chatbotReply('onde cadastro uma empresa?', only(['/companies']))).toBe(CHATBOT_REPLIES.companies);
    expect(chatbotReply('qual o status?', only([]))).not.toMatch(/Ativos/);
  });

  it('answers as before for topics without a screen of their own, and when every screen exists', () => {
    expect(chatbotReply('quero abrir um chamado', only([]))).toBe(CHATBOT_REPLIES.tickets);
    expect(chatbotReply('senha do wifi')).toBe(CHATBOT_REPLIES.passwords);
  });
});
