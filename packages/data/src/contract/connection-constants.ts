/**
 * The connections module's constants and rules both sides share, free of zod (issue 15): protocols and their
 * default ports, credential modes, recording policies, session states and the limits of a connect ticket.
 */

export const CONNECTION_PROTOCOLS = ['ssh', 'rdp', 'vnc', 'telnet', 'http', 'https'] as const;
export type ConnectionProtocol = (typeof CONNECTION_PROTOCOLS)[number];

export const CONNECTION_PROTOCOL_LABELS: Record<ConnectionProtocol, string> = {
  ssh: 'SSH',
  rdp: 'RDP (Área de Trabalho Remota)',
  vnc: 'VNC',
  telnet: 'Telnet',
  http: 'HTTP',
  https: 'HTTPS',
};

export const CONNECTION_DEFAULT_PORTS: Record<ConnectionProtocol, number> = {
  ssh: 22,
  rdp: 3389,
  vnc: 5900,
  telnet: 23,
  http: 80,
  https: 443,
};

/** Protocols the server gateway carries in the browser (RDP only when a guacd is configured). */
export const CONNECTION_BROWSER_PROTOCOLS = [
  'ssh',
  'vnc',
  'rdp',
] as const satisfies readonly ConnectionProtocol[];

/** Where the credential comes from: a vault item, asked on every connect, or each person's own. */
export const CONNECTION_CREDENTIAL_MODES = ['cofre', 'pedir', 'por_usuario'] as const;
export type ConnectionCredentialMode = (typeof CONNECTION_CREDENTIAL_MODES)[number];

export const CONNECTION_CREDENTIAL_MODE_LABELS: Record<ConnectionCredentialMode, string> = {
  cofre: 'Item do cofre',
  pedir: 'Pedir ao conectar',
  por_usuario: 'Credencial de cada pessoa',
};

export const CONNECTION_RECORDING_POLICIES = ['desligada', 'opcional', 'obrigatoria'] as const;
export type ConnectionRecordingPolicy = (typeof CONNECTION_RECORDING_POLICIES)[number];

export const CONNECTION_RECORDING_LABELS: Record<ConnectionRecordingPolicy, string> = {
  desligada: 'desligada',
  opcional: 'opcional',
  obrigatoria: 'obrigatória',
};

/** The periodic TCP check's verdict (no credentials are ever used for it). */
export const CONNECTION_REACHABILITY_STATES = ['online', 'offline', 'desconhecido'] as const;
export type ConnectionReachabilityState = (typeof CONNECTION_REACHABILITY_STATES)[number];

export const CONNECTION_REACHABILITY_LABELS: Record<ConnectionReachabilityState, string> = {
  online: 'Acessível',
  offline: 'Inacessível',
  desconhecido: 'Não verificado',
};

/**
 * A session's state: `pendente` (ticket issued, the browser has not opened the stream yet), `ativa`,
 * `encerrada`, or `externa` (launched in a native client: Farol records the start only).
 */
export const CONNECTION_SESSION_STATES = ['pendente', 'ativa', 'encerrada', 'externa'] as const;
export type ConnectionSessionState = (typeof CONNECTION_SESSION_STATES)[number];

export const CONNECTION_SESSION_STATE_LABELS: Record<ConnectionSessionState, string> = {
  pendente: 'Conectando',
  ativa: 'Ativa',
  encerrada: 'Encerrada',
  externa: 'Iniciada externamente',
};

/** Why a session ended. */
export const CONNECTION_END_REASONS = [
  'usuario',
  'administrador',
  'inatividade',
  'duracao_maxima',
  'desconectado',
  'erro',
  'ticket_expirado',
  'servidor',
] as const;
export type ConnectionEndReason = (typeof CONNECTION_END_REASONS)[number];

export const CONNECTION_END_REASON_LABELS: Record<ConnectionEndReason, string> = {
  usuario: 'Encerrada por quem conectou',
  administrador: 'Encerrada por um administrador',
  inatividade: 'Tempo de inatividade esgotado',
  duracao_maxima: 'Duração máxima atingida',
  desconectado: 'Conexão perdida',
  erro: 'Erro na conexão',
  ticket_expirado: 'Não chegou a conectar',
  servidor: 'Servidor do Farol reiniciado',
};

/** A connect ticket: 32 random bytes (base64url), stored as SHA-256, single use, this long. */
export const CONNECTION_TICKET_BYTES = 32;
export const CONNECTION_TICKET_TTL_MS = 30_000;

export const CONNECTION_PAGE_SIZE = 25;
export const CONNECTION_PAGE_SIZE_MAX = 100;

/** The defaults a new connection gets. */
export const CONNECTION_DEFAULT_TERMINAL = 'xterm-256color';
export const CONNECTION_DEFAULT_IDLE_TIMEOUT_MIN = 30;
export const CONNECTION_DEFAULT_MAX_DURATION_MIN = 480;
export const CONNECTION_DEFAULT_MAX_SESSIONS = 5;
/** Sessions one person may hold open at once, over every connection. */
export const CONNECTION_MAX_SESSIONS_PER_USER = 10;

/** The link a native client opens; null for RDP (a .rdp file) — never with a credential in it. */
export const connectionLaunchLink = (
  protocol: ConnectionProtocol,
  host: string,
  port: number,
  username: string | null,
): string => {
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const user = username ? `${encodeURIComponent(username)}@` : '';
  const portPart = port === CONNECTION_DEFAULT_PORTS[protocol] ? '' : `:${port}`;
  return `${protocol}://${user}${hostPart}${portPart}${protocol === 'http' || protocol === 'https' ? '/' : ''}`;
};

/** A POSIX shell word, quoted only when it needs to be. */
const shellWord = (word: string) =>
  /^[A-Za-z0-9@%+=:,./_-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * "Copiar comando": `ssh -p 22 user@host` (with `-J user@jump:port` for a jump host), `telnet host 23`,
 * `vncviewer host::5900`, `xfreerdp /v:host:3389 /u:user`, or the URL. Never a credential.
 */
export const connectionCommand = (
  protocol: ConnectionProtocol,
  host: string,
  port: number,
  username: string | null,
  jump: { host: string; port: number; username: string | null } | null = null,
): string => {
  const target = username ? `${username}@${host}` : host;
  switch (protocol) {
    case 'ssh': {
      const parts = ['ssh', '-p', String(port)];
      if (jump) {
        const jumpHost = jump.host.includes(':') ? `[${jump.host}]` : jump.host;
        parts.push('-J', `${jump.username ? `${jump.username}@` : ''}${jumpHost}:${jump.port}`);
      }
      parts.push(target);
      return parts.map(shellWord).join(' ');
    }
    case 'telnet':
      return ['telnet', host, String(port)].map(shellWord).join(' ');
    case 'vnc':
      return ['vncviewer', `${host}::${port}`].map(shellWord).join(' ');
    case 'rdp':
      return ['xfreerdp', `/v:${host}:${port}`, ...(username ? [`/u:${username}`] : [])]
        .map(shellWord)
        .join(' ');
    default:
      return connectionLaunchLink(protocol, host, port, null);
  }
};

/** "Sessão SSH em srv-db01 por Ana — 23 min": the line a linked chamado's history gets. */
export const connectionSessionSummary = (
  protocol: ConnectionProtocol,
  connectionName: string,
  personName: string,
  minutes: number | null,
): string => {
  const label = protocol === 'rdp' ? 'RDP' : CONNECTION_PROTOCOL_LABELS[protocol];
  const base = `Sessão ${label} em ${connectionName} por ${personName}`;
  if (minutes === null) return `${base} — iniciada externamente`;
  return `${base} — ${minutes < 1 ? 'menos de 1 min' : `${minutes} min`}`;
};
