/**
 * The permission registry (design.md §3): every key with its pt-BR label, description, category and whether
 * it is sensitive. Role editors, the docs and "why does this person see this" read it. Adding a key to
 * PERMISSION_KEYS without a row here fails the typecheck.
 */
import type { PERMISSION_KEYS } from './constants';

export type PermissionCategory =
  'Suporte' | 'Tarefas' | 'Estatísticas' | 'Conexões' | 'Senhas' | 'Empresas' | 'Usuários';

export interface PermissionDefinition {
  label: string;
  description: string;
  category: PermissionCategory;
  /** Grants access to secrets, other people's accounts or live systems: editors ask twice. */
  sensitive: boolean;
}

export const PERMISSION_REGISTRY = {
  'tickets.view': {
    label: 'Ver chamados',
    description: 'Abrir o Suporte, ler e trabalhar os chamados das empresas que a pessoa alcança.',
    category: 'Suporte',
    sensitive: false,
  },
  'tasks.view': {
    label: 'Ver tarefas',
    description: 'Abrir os quadros de tarefas e ler as tarefas.',
    category: 'Tarefas',
    sensitive: false,
  },
  'statistics.view': {
    label: 'Ver estatísticas e ativos',
    description: 'Abrir os relatórios de atendimento e o inventário de ativos.',
    category: 'Estatísticas',
    sensitive: false,
  },
  'connections.view': {
    label: 'Ver conexões',
    description: 'Listar as conexões remotas e seus detalhes, sem conectar.',
    category: 'Conexões',
    sensitive: false,
  },
  'passwords.view': {
    label: 'Ver cofre de senhas',
    description: 'Listar os itens do cofre (nomes, usuários, URLs), sem revelar segredos.',
    category: 'Senhas',
    sensitive: false,
  },
  'companies.view': {
    label: 'Ver empresas',
    description: 'Abrir a lista de empresas, filiais e contatos.',
    category: 'Empresas',
    sensitive: false,
  },
  'companies.manage': {
    label: 'Gerenciar empresas',
    description: 'Criar, editar, importar e arquivar empresas, filiais e contatos.',
    category: 'Empresas',
    sensitive: false,
  },
  'tasks.manage': {
    label: 'Gerenciar tarefas',
    description:
      'Criar e editar quadros, colunas, etiquetas e tarefas de qualquer pessoa. Sem esta permissão, quem é responsável por uma tarefa ainda pode movê-la, marcar o checklist e comentar.',
    category: 'Tarefas',
    sensitive: false,
  },
  'users.manage': {
    label: 'Gerenciar usuários',
    description: 'Criar, convidar, suspender e desativar contas, e mudar funções e permissões.',
    category: 'Usuários',
    sensitive: true,
  },
  'users.view': {
    label: 'Ver usuários',
    description: 'Abrir o diretório de pessoas da equipe e dos clientes.',
    category: 'Usuários',
    sensitive: false,
  },
  'passwords.reveal': {
    label: 'Revelar senhas',
    description:
      'Revelar e copiar os segredos do cofre (senhas, notas seguras, códigos TOTP) dos itens que a pessoa alcança; cada revelação fica registrada. Pastas e itens com acessos próprios restringem ainda mais.',
    category: 'Senhas',
    sensitive: true,
  },
  'passwords.manage': {
    label: 'Gerenciar cofre de senhas',
    description:
      'Criar, editar e arquivar itens e pastas do cofre, definir quem acessa cada um, restaurar versões e ver o registro de revelações.',
    category: 'Senhas',
    sensitive: true,
  },
  'connections.connect': {
    label: 'Conectar',
    description:
      'Abrir sessões nas conexões das empresas que a pessoa alcança (SSH e VNC no navegador, clientes nativos). A credencial do cofre é usada pelo servidor sem nunca ser mostrada; cada sessão fica registrada.',
    category: 'Conexões',
    sensitive: true,
  },
  'connections.manage': {
    label: 'Gerenciar conexões',
    description:
      'Criar, editar e excluir conexões, fixar de novo a chave do servidor, ver as sessões ativas e encerrá-las.',
    category: 'Conexões',
    sensitive: true,
  },
  'connections.audit': {
    label: 'Auditar sessões',
    description: 'Ver o histórico de sessões de todas as pessoas e assistir às gravações.',
    category: 'Conexões',
    sensitive: true,
  },
} as const satisfies Record<(typeof PERMISSION_KEYS)[number], PermissionDefinition>;
