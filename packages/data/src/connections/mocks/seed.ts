import {
  CONNECTION_DEFAULT_PORTS,
  type Connection,
  type ConnectionProtocol,
  type ConnectionSession,
} from '../../contract/connection';
import { FIXTURE_NOW, minutesAgo } from '../../mocks/fixtures';

/** The companies of the connection fixtures (the ids the other domains' fixtures use). */
export const CONNECTION_COMPANIES = {
  acme: { id: 100, name: 'Acme Logística Ltda.' },
  globex: { id: 101, name: 'Globex Comércio S.A.' },
};

const at = FIXTURE_NOW.toISOString();

/** A connection as the server answers it, with sensible defaults. */
export function makeConnection(overrides: Partial<Connection> & { id: number; name: string }): Connection {
  const protocol: ConnectionProtocol = overrides.protocol ?? 'ssh';
  return {
    protocol,
    host: `${overrides.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.acme.local`,
    port: CONNECTION_DEFAULT_PORTS[protocol],
    company: CONNECTION_COMPANIES.acme,
    branch: null,
    folder: 'Servidores',
    tags: [],
    description: null,
    credential_mode: 'cofre',
    vault_item: { id: 1, name: 'root — srv-db01' },
    username: 'root',
    jump: null,
    options: protocol === 'ssh' ? { terminal_type: 'xterm-256color' } : {},
    host_key_sha256: null,
    recording: 'opcional',
    require_reason: false,
    idle_timeout_min: 30,
    max_duration_min: 480,
    max_sessions: 5,
    reachability: { state: 'online', checked_at: minutesAgo(2) },
    active_sessions: 0,
    last_session_at: null,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

export const PINNED_KEY = 'SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8';
export const OTHER_KEY = 'SHA256:2b4vXoQ6L1r3m9YkqR8sTzFhWcJpN0aE5uVdGi7xHyA';

export const connectionFixtures = (): Connection[] => [
  makeConnection({
    id: 1,
    name: 'srv-db01',
    host: '10.10.0.21',
    tags: ['postgres', 'produção'],
    description: 'Banco de dados do ERP (PostgreSQL 15).',
    host_key_sha256: PINNED_KEY,
    recording: 'obrigatoria',
    require_reason: true,
    active_sessions: 1,
    last_session_at: minutesAgo(12),
  }),
  makeConnection({
    id: 2,
    name: 'srv-web01',
    host: 'web01.acme.local',
    tags: ['nginx'],
    jump: { id: 5, name: 'bastion', host: 'bastion.acme.com.br', port: 2222 },
    recording: 'obrigatoria',
    last_session_at: minutesAgo(60 * 26),
  }),
  makeConnection({
    id: 3,
    name: 'Servidor de arquivos',
    protocol: 'rdp',
    host: '10.10.0.5',
    folder: 'Windows',
    tags: ['ad'],
    username: 'ACME\\suporte',
    options: { rdp_domain: 'ACME', rdp_resolution: 'auto' },
    vault_item: { id: 2, name: 'Administrador do domínio' },
  }),
  makeConnection({
    id: 4,
    name: 'Câmeras da portaria',
    protocol: 'vnc',
    host: '10.10.3.40',
    folder: 'Portaria',
    credential_mode: 'pedir',
    vault_item: null,
    username: null,
    options: { vnc_view_only: true },
    reachability: { state: 'offline', checked_at: minutesAgo(1) },
  }),
  makeConnection({
    id: 5,
    name: 'bastion',
    host: 'bastion.acme.com.br',
    port: 2222,
    folder: 'Acesso',
    tags: ['bastion'],
    username: 'suporte',
    host_key_sha256: PINNED_KEY,
  }),
  makeConnection({
    id: 6,
    name: 'Firewall Globex',
    protocol: 'https',
    host: 'fw.globex.com.br',
    port: 8443,
    company: CONNECTION_COMPANIES.globex,
    folder: 'Rede',
    tags: ['pfsense'],
    credential_mode: 'por_usuario',
    vault_item: null,
    username: null,
    recording: 'desligada',
  }),
  makeConnection({
    id: 7,
    name: 'Switch do rack',
    protocol: 'telnet',
    host: '10.10.0.2',
    folder: 'Rede',
    reachability: { state: 'desconhecido', checked_at: null },
    recording: 'desligada',
  }),
];

/** A session record, ended 23 minutes after it began unless overridden. */
export function makeSession(
  overrides: Partial<ConnectionSession> & { id: number; connection: Connection },
): ConnectionSession {
  const { connection, ...rest } = overrides;
  return {
    connection: {
      id: connection.id,
      name: connection.name,
      protocol: connection.protocol,
      host: connection.host,
    },
    person: { id: 1, name: 'Ana Souza' },
    company: connection.company,
    reason: 'Chamado de lentidão no ERP',
    ticket: { id: 1, number: 1042, subject: 'ERP lento desde ontem' },
    client_ip: '10.0.0.5',
    started_at: minutesAgo(95),
    ended_at: minutesAgo(72),
    bytes_in: 48_210,
    bytes_out: 1_920,
    ended_by: { id: 1, name: 'Ana Souza' },
    end_reason: 'usuario',
    external: false,
    state: 'encerrada',
    recording: { id: 1, available: true },
    ...rest,
  };
}

export const sessionFixtures = (connections: Connection[]): ConnectionSession[] => {
  const byId = (id: number) => connections.find((connection) => connection.id === id)!;
  return [
    makeSession({
      id: 3,
      connection: byId(1),
      person: { id: 2, name: 'Bruno Lima' },
      reason: 'Reiniciar o nginx após a atualização',
      ticket: null,
      started_at: minutesAgo(12),
      ended_at: null,
      ended_by: null,
      end_reason: null,
      state: 'ativa',
      bytes_in: 9_320,
      bytes_out: 410,
      recording: { id: 3, available: false },
    }),
    makeSession({ id: 1, connection: byId(1) }),
    makeSession({
      id: 2,
      connection: byId(3),
      reason: null,
      ticket: null,
      external: true,
      state: 'externa',
      ended_at: null,
      ended_by: null,
      end_reason: null,
      bytes_in: 0,
      bytes_out: 0,
      recording: null,
      started_at: minutesAgo(60 * 26),
    }),
  ];
};

/** A short recorded session (asciicast v2): a login, `systemctl restart nginx`, a status, and exit. */
export const SAMPLE_CAST = [
  JSON.stringify({
    version: 2,
    width: 100,
    height: 28,
    timestamp: Math.floor(FIXTURE_NOW.getTime() / 1000) - 5_700,
    env: { TERM: 'xterm-256color' },
    title: 'srv-db01',
  }),
  JSON.stringify([0.2, 'o', 'Linux srv-db01 6.1.0-18-amd64 #1 SMP Debian x86_64\r\nana@srv-db01:~$ ']),
  JSON.stringify([2.1, 'i', 'sudo systemctl restart nginx\r']),
  JSON.stringify([2.15, 'o', 'sudo systemctl restart nginx\r\n']),
  JSON.stringify([3.4, 'o', 'ana@srv-db01:~$ ']),
  JSON.stringify([6.0, 'i', 'systemctl status nginx --no-pager\r']),
  JSON.stringify([
    6.05,
    'o',
    'systemctl status nginx --no-pager\r\n● nginx.service - A high performance web server\r\n     Active: \u001b[32mactive (running)\u001b[0m since hoje 08:14:51\r\nana@srv-db01:~$ ',
  ]),
  JSON.stringify([9.5, 'i', 'exit\r']),
  JSON.stringify([9.55, 'o', 'exit\r\nlogout\r\n']),
].join('\n');
