import type { Database } from '../../db/database';

/**
 * The demo's vault (issue 14): a few credentials of Acme and Globex and one internal, in folders, one with a
 * TOTP seed, one sensível, one whose rotation is overdue, and a folder that asks for a reason. The seed runs
 * before the vault's key is read, so it writes metadata only; the plugin seals these secrets at start.
 */
export const DEMO_VAULT_SECRETS: ReadonlyMap<string, Record<string, string>> = new Map<
  string,
  Record<string, string>
>([
  ['Firewall Acme (pfSense)', { password: 'Acme#Firewall-2024', totp: 'JBSWY3DPEHPK3PXPJBSWY3DP' }],
  ['Wi-Fi Acme Matriz', { password: 'acme-visitantes-2025' }],
  [
    'Servidor de arquivos Acme (SSH)',
    { password: 'srv-arquivos!92', notes: 'Porta 2222; acesso só pela VPN.' },
  ],
  ['ERP Globex (PostgreSQL)', { password: 'globex-erp-db-7781' }],
  [
    'Microsoft 365 Farol (admin global)',
    { password: 'Farol-M365-admin!', notes: 'Conta de emergência: só com aprovação.' },
  ],
]);

interface DemoItem {
  company: 'Acme' | 'Globex' | null;
  folder: string | null;
  kind: string;
  name: string;
  url: string | null;
  username: string | null;
  tags: string[];
  sensitive?: boolean;
  rotateEveryDays?: number;
  changedDaysAgo?: number;
  branch?: string;
}

const FOLDERS = [
  { company: 'Acme', name: 'Infraestrutura Acme', requireReason: true, rotateEveryDays: 90 },
  { company: 'Globex', name: 'Sistemas Globex', requireReason: false, rotateEveryDays: null },
  { company: null, name: 'Farol interno', requireReason: true, rotateEveryDays: null },
] as const;

const ITEMS: DemoItem[] = [
  {
    company: 'Acme',
    folder: 'Infraestrutura Acme',
    kind: 'login',
    name: 'Firewall Acme (pfSense)',
    url: 'https://fw.acme.com.br',
    username: 'admin',
    tags: ['firewall', 'rede'],
    branch: 'Matriz São Paulo',
  },
  {
    company: 'Acme',
    folder: 'Infraestrutura Acme',
    kind: 'wifi',
    name: 'Wi-Fi Acme Matriz',
    url: null,
    username: 'ACME-VISITANTES',
    tags: ['wi-fi'],
    branch: 'Matriz São Paulo',
  },
  {
    company: 'Acme',
    folder: 'Infraestrutura Acme',
    kind: 'login',
    name: 'Servidor de arquivos Acme (SSH)',
    url: 'ssh://arquivos.acme.local',
    username: 'suporte',
    tags: ['servidor', 'ssh'],
    rotateEveryDays: 30,
    changedDaysAgo: 45,
  },
  {
    company: 'Globex',
    folder: 'Sistemas Globex',
    kind: 'banco',
    name: 'ERP Globex (PostgreSQL)',
    url: 'postgres://erp.globex.local:5432/erp',
    username: 'erp_app',
    tags: ['erp', 'banco'],
  },
  {
    company: null,
    folder: 'Farol interno',
    kind: 'login',
    name: 'Microsoft 365 Farol (admin global)',
    url: 'https://admin.microsoft.com',
    username: 'admin@farol.onmicrosoft.com',
    tags: ['microsoft 365'],
    sensitive: true,
  },
];

export const seedPasswords = async (tx: Database, users: Record<string, number>) => {
  const admin = users['admin@farol.dev'] ?? null;
  const companyId = async (name: string | null) =>
    name === null
      ? null
      : ((await tx.query<{ id: number }>('SELECT id FROM companies WHERE name = $1', [name])).rows[0]?.id ??
        null);
  const folders = new Map<string, number>();
  for (const folder of FOLDERS) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO vault_folders (company_id, name, require_reason, rotate_every_days, created_by)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [await companyId(folder.company), folder.name, folder.requireReason, folder.rotateEveryDays, admin],
    );
    folders.set(folder.name, rows[0]!.id);
  }
  for (const item of ITEMS) {
    const company = await companyId(item.company);
    const branch =
      item.branch && company !== null
        ? ((
            await tx.query<{ id: number }>('SELECT id FROM branches WHERE company_id = $1 AND name = $2', [
              company,
              item.branch,
            ])
          ).rows[0]?.id ?? null)
        : null;
    await tx.query(
      `INSERT INTO vault_items (company_id, branch_id, folder_id, kind, name, url, username, tags, sensitive,
                                rotate_every_days, password_changed_at, owner_id, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() - make_interval(days => $11), $12, $12, $12)`,
      [
        company,
        branch,
        item.folder ? (folders.get(item.folder) ?? null) : null,
        item.kind,
        item.name,
        item.url,
        item.username,
        item.tags,
        item.sensitive ?? false,
        item.rotateEveryDays ?? null,
        item.changedDaysAgo ?? 0,
        admin,
      ],
    );
  }
  // The internal folder is the admins' and the gestor's own; the técnico role only uses its items.
  const internal = folders.get('Farol interno')!;
  await tx.query(
    `INSERT INTO vault_grants (folder_id, role, level, created_by) VALUES ($1, 'gestor', 'gerenciar', $2)`,
    [internal, admin],
  );
};
