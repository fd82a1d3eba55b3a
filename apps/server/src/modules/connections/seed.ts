import { connectionSessionSummary, type ConnectionProtocol } from '@farol/data/contract';
import type { Database } from '../../db/database';
import type { DemoUserIds } from '../../seed/module-seed';

interface DemoConnection {
  company: 'Acme' | 'Globex' | null;
  branch?: string;
  name: string;
  protocol: ConnectionProtocol;
  host: string;
  port: number;
  folder: string;
  tags: string[];
  description?: string;
  credential: 'cofre' | 'pedir' | 'por_usuario';
  /** The vault item (by name) of credential "cofre". */
  vaultItem?: string;
  username?: string;
  jump?: string;
  options?: Record<string, unknown>;
  recording?: 'desligada' | 'opcional' | 'obrigatoria';
  requireReason?: boolean;
  maxSessions?: number;
}

/**
 * The demo's connections (issue 15): Acme's servers behind a bastion, its firewall and a Windows terminal
 * server; Globex's ERP database host, an NVR over VNC and a switch on telnet; Farol's own monitoring. The
 * hosts are private names that resolve nowhere, so the status dots stay "não verificado"/"inacessível".
 */
const CONNECTIONS: DemoConnection[] = [
  {
    company: 'Acme',
    branch: 'Matriz São Paulo',
    name: 'bastion-acme',
    protocol: 'ssh',
    host: 'bastion.acme.com.br',
    port: 22,
    folder: 'Servidores',
    tags: ['bastion', 'linux'],
    description: 'Ponto de entrada SSH da rede da Acme.',
    credential: 'por_usuario',
    username: 'suporte',
  },
  {
    company: 'Acme',
    branch: 'Matriz São Paulo',
    name: 'srv-arquivos01',
    protocol: 'ssh',
    host: 'arquivos.acme.local',
    port: 22,
    folder: 'Servidores',
    tags: ['linux', 'arquivos'],
    description: 'Servidor de arquivos (Samba) da matriz.',
    credential: 'cofre',
    vaultItem: 'Servidor de arquivos Acme (SSH)',
    jump: 'bastion-acme',
    recording: 'obrigatoria',
    requireReason: true,
    maxSessions: 3,
  },
  {
    company: 'Acme',
    branch: 'Matriz São Paulo',
    name: 'Firewall Acme (pfSense)',
    protocol: 'https',
    host: 'fw.acme.com.br',
    port: 443,
    folder: 'Rede',
    tags: ['firewall', 'rede'],
    credential: 'cofre',
    vaultItem: 'Firewall Acme (pfSense)',
  },
  {
    company: 'Acme',
    branch: 'Filial Campinas',
    name: 'ts-campinas',
    protocol: 'rdp',
    host: 'ts01.campinas.acme.local',
    port: 3389,
    folder: 'Servidores',
    tags: ['windows', 'terminal-server'],
    description: 'Servidor de terminal da filial de Campinas.',
    credential: 'pedir',
    options: { rdp_domain: 'ACME', rdp_resolution: 'auto' },
  },
  {
    company: 'Globex',
    branch: 'Matriz Rio de Janeiro',
    name: 'srv-erp-db',
    protocol: 'ssh',
    host: 'erp-db.globex.local',
    port: 2222,
    folder: 'Servidores',
    tags: ['linux', 'erp', 'postgresql'],
    description: 'Banco do ERP (PostgreSQL).',
    credential: 'pedir',
    username: 'erp_app',
    recording: 'opcional',
    requireReason: true,
  },
  {
    company: 'Globex',
    branch: 'Filial Niterói',
    name: 'nvr-niteroi',
    protocol: 'vnc',
    host: '10.20.1.15',
    port: 5900,
    folder: 'Segurança',
    tags: ['cftv'],
    description: 'Gravador das câmeras de Niterói (somente visualização).',
    credential: 'pedir',
    options: { vnc_view_only: true },
  },
  {
    company: 'Globex',
    branch: 'Matriz Rio de Janeiro',
    name: 'sw-core-rj',
    protocol: 'telnet',
    host: '10.20.0.2',
    port: 23,
    folder: 'Rede',
    tags: ['switch', 'rede'],
    credential: 'pedir',
    username: 'admin',
  },
  {
    company: null,
    name: 'Monitoramento Farol (Zabbix)',
    protocol: 'https',
    host: 'monitor.farol.dev',
    port: 443,
    folder: 'Interno',
    tags: ['monitoramento'],
    credential: 'pedir',
  },
];

export const seedConnections = async (tx: Database, users: DemoUserIds): Promise<void> => {
  const admin = users['admin@farol.dev'] ?? null;
  const companyId = async (name: string | null) =>
    name === null
      ? null
      : ((await tx.query<{ id: number }>('SELECT id FROM companies WHERE name = $1', [name])).rows[0]?.id ??
        null);
  const ids = new Map<string, number>();
  for (const item of CONNECTIONS) {
    const company = await companyId(item.company);
    if (item.company !== null && company === null) continue;
    const branch =
      item.branch && company !== null
        ? ((
            await tx.query<{ id: number }>('SELECT id FROM branches WHERE company_id = $1 AND name = $2', [
              company,
              item.branch,
            ])
          ).rows[0]?.id ?? null)
        : null;
    const vaultItem = item.vaultItem
      ? ((await tx.query<{ id: number }>('SELECT id FROM vault_items WHERE name = $1', [item.vaultItem]))
          .rows[0]?.id ?? null)
      : null;
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO connections (company_id, branch_id, name, protocol, host, port, folder, tags, description,
         credential_mode, vault_item_id, username, jump_connection_id, options, recording, require_reason,
         idle_timeout_min, max_duration_min, max_sessions, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $20)
       RETURNING id`,
      [
        company,
        branch,
        item.name,
        item.protocol,
        item.host,
        item.port,
        item.folder,
        item.tags,
        item.description ?? null,
        item.credential === 'cofre' && vaultItem === null ? 'pedir' : item.credential,
        vaultItem,
        item.username ?? null,
        item.jump ? (ids.get(item.jump) ?? null) : null,
        JSON.stringify(item.options ?? {}),
        item.recording ?? 'desligada',
        item.requireReason ?? false,
        item.protocol === 'ssh' ? 30 : null,
        item.protocol === 'ssh' ? 480 : null,
        item.maxSessions ?? null,
        admin,
      ],
    );
    ids.set(item.name, rows[0]!.id);
  }

  // Two sessions of last week on Acme's file server, one for a chamado (its history shows the line).
  const tecnico = users['tecnico@farol.dev'];
  const server = ids.get('srv-arquivos01');
  const acme = await companyId('Acme');
  if (!tecnico || !server || acme === null) return;
  const ticket = (
    await tx.query<{ id: number }>('SELECT id FROM tickets WHERE company_id = $1 ORDER BY id LIMIT 1', [acme])
  ).rows[0];
  const person = (
    await tx.query<{ name: string }>(
      "SELECT trim(first_name || ' ' || last_name) AS name FROM users WHERE id = $1",
      [tecnico],
    )
  ).rows[0]?.name;
  const sessions: [daysAgo: number, minutes: number, reason: string, ticketId: number | null][] = [
    [6, 23, 'Liberar espaço no volume de arquivos', ticket?.id ?? null],
    [2, 8, 'Conferir o backup noturno', null],
  ];
  for (const [daysAgo, minutes, reason, ticketId] of sessions) {
    await tx.query(
      `INSERT INTO connection_sessions (connection_id, company_id, user_id, protocol, reason, ticket_id, client_ip,
         state, started_at, connected_at, ended_at, bytes_in, bytes_out, ended_by, end_reason)
       VALUES ($1, $2, $3, 'ssh', $4, $5, '203.0.113.10', 'encerrada', now() - make_interval(days => $6),
         now() - make_interval(days => $6), now() - make_interval(days => $6) + make_interval(mins => $7),
         $8, $9, $3, 'usuario')`,
      [server, acme, tecnico, reason, ticketId, daysAgo, minutes, 4_096 * minutes, 48_000 * minutes],
    );
    if (ticketId !== null) {
      await tx.query(
        `INSERT INTO ticket_history (ticket_id, user_id, field, old_value, new_value, at)
         VALUES ($1, $2, 'connection_session', NULL, $3, now() - make_interval(days => $4) + make_interval(mins => $5))`,
        [
          ticketId,
          tecnico,
          connectionSessionSummary('ssh', 'srv-arquivos01', person ?? 'Tiago Técnico', minutes),
          daysAgo,
          minutes,
        ],
      );
    }
  }
};
