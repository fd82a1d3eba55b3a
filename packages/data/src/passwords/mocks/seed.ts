import type { PasswordItem, VaultFolder } from '../../contract/password';
import { FIXTURE_NOW, minutesAgo } from '../../mocks/fixtures';

/** A stored item of the mock vault: the metadata the server answers, and its secrets (mock memory only). */
export interface StoredPassword {
  item: PasswordItem;
  secrets: Record<string, string>;
}

const DAY = 24 * 60;
const daysAgo = (days: number) => minutesAgo(days * DAY);
const inDays = (days: number) => new Date(FIXTURE_NOW.getTime() + days * DAY * 60_000).toISOString();

const acme = { id: 100, name: 'Acme Logística Ltda.' };
const globex = { id: 101, name: 'Globex Comércio S.A.' };

export const folderFixtures = (): VaultFolder[] => [
  {
    id: 1,
    name: 'Infraestrutura Acme',
    company: acme,
    require_reason: true,
    rotate_every_days: 90,
    item_count: 3,
    access: 'gerenciar',
  },
  {
    id: 2,
    name: 'Sistemas Globex',
    company: globex,
    require_reason: false,
    rotate_every_days: null,
    item_count: 1,
    access: 'gerenciar',
  },
  {
    id: 3,
    name: 'Farol interno',
    company: null,
    require_reason: true,
    rotate_every_days: null,
    item_count: 1,
    access: 'gerenciar',
  },
];

const base = (overrides: Partial<PasswordItem> & Pick<PasswordItem, 'id' | 'name'>): PasswordItem => ({
  kind: 'login',
  url: null,
  username: null,
  description: null,
  tags: [],
  company: null,
  branch: null,
  folder: null,
  secret_fields: ['password'],
  custom: [],
  sensitive: false,
  client_visible: false,
  require_reason: false,
  rotate_every_days: null,
  rotation_due_at: null,
  rotation_state: null,
  password_changed_at: daysAgo(20),
  version: 1,
  owner: { id: 1, name: 'Ana Souza' },
  access: 'gerenciar',
  break_glass: false,
  created_at: daysAgo(120),
  updated_at: daysAgo(20),
  ...overrides,
});

export const passwordFixtures = (): StoredPassword[] => [
  {
    item: base({
      id: 1,
      name: 'Firewall Acme (pfSense)',
      url: 'https://fw.acmelogistica.com.br',
      username: 'admin',
      tags: ['firewall', 'rede'],
      company: acme,
      branch: { id: 1000, name: 'Matriz São Paulo' },
      folder: { id: 1, name: 'Infraestrutura Acme' },
      secret_fields: ['password', 'totp'],
      require_reason: true,
      rotate_every_days: 90,
      rotation_due_at: inDays(70),
      rotation_state: 'em_dia',
      version: 3,
    }),
    secrets: { password: 'Acme#Firewall-2024', totp: 'JBSWY3DPEHPK3PXP' },
  },
  {
    item: base({
      id: 2,
      kind: 'wifi',
      name: 'Wi-Fi Acme Matriz',
      username: 'ACME-VISITANTES',
      tags: ['wi-fi'],
      company: acme,
      folder: { id: 1, name: 'Infraestrutura Acme' },
      require_reason: true,
      client_visible: true,
    }),
    secrets: { password: 'acme-visitantes-2025' },
  },
  {
    item: base({
      id: 3,
      name: 'Servidor de arquivos Acme (SSH)',
      url: 'ssh://arquivos.acme.local',
      username: 'suporte',
      tags: ['servidor', 'ssh'],
      company: acme,
      folder: { id: 1, name: 'Infraestrutura Acme' },
      secret_fields: ['notes', 'password'],
      require_reason: true,
      rotate_every_days: 30,
      rotation_due_at: daysAgo(15),
      rotation_state: 'vencida',
      password_changed_at: daysAgo(45),
    }),
    secrets: { password: 'srv-arquivos!92', notes: 'Porta 2222; acesso só pela VPN.' },
  },
  {
    item: base({
      id: 4,
      kind: 'banco',
      name: 'ERP Globex (PostgreSQL)',
      url: 'postgres://erp.globex.local:5432/erp',
      username: 'erp_app',
      tags: ['erp', 'banco'],
      company: globex,
      folder: { id: 2, name: 'Sistemas Globex' },
      custom: [{ key: 'porta', label: 'Porta', secret: false, value: '5432' }],
    }),
    secrets: { password: 'globex-erp-db-7781' },
  },
  {
    item: base({
      id: 5,
      name: 'Microsoft 365 Farol (admin global)',
      url: 'https://admin.microsoft.com',
      username: 'admin@farol.onmicrosoft.com',
      tags: ['microsoft 365'],
      folder: { id: 3, name: 'Farol interno' },
      secret_fields: ['notes', 'password'],
      sensitive: true,
      require_reason: true,
    }),
    secrets: { password: 'Farol-M365-admin!', notes: 'Conta de emergência: só com aprovação.' },
  },
];
