import { z } from 'zod';

/**
 * The in-browser terminal's socket protocol (issue 15): socket.io namespace `/terminal` on the realtime
 * port, authenticated like the main namespace (the login session's token). The browser opens an SSH session
 * with a one-time ticket from `POST /api/connections/:id/sessions`; the server connects with ssh2 and streams
 * the terminal. The credential never reaches the browser.
 */
export const TERMINAL_NAMESPACE = '/terminal';

/** Events the browser sends. */
export const TERMINAL_CLIENT_EVENTS = {
  open: 'open',
  input: 'input',
  resize: 'resize',
  hostKeyTrust: 'hostkey:trust',
  /** An admin (connections.manage) follows a live SSH session read-only. */
  watch: 'watch',
  /** An admin ends a live session (the one watched, or any by id). */
  end: 'end',
} as const;

/** Events the server sends. */
export const TERMINAL_SERVER_EVENTS = {
  hostKey: 'hostkey',
  ready: 'ready',
  data: 'data',
  closed: 'closed',
} as const;

/** Terminal sizes a pty accepts (columns and rows). */
export const TERMINAL_MAX_COLS = 1000;
export const TERMINAL_MAX_ROWS = 500;
/** One `input` event carries at most this many characters (a paste is split by the client). */
export const TERMINAL_INPUT_MAX = 64 * 1024;

const cols = z.number().int().min(1).max(TERMINAL_MAX_COLS);
const rows = z.number().int().min(1).max(TERMINAL_MAX_ROWS);

export const terminalOpenSchema = z.object({
  ticket: z.string().min(20).max(200),
  cols: cols.default(80),
  rows: rows.default(24),
});
export type TerminalOpen = z.infer<typeof terminalOpenSchema>;

export const terminalInputSchema = z.string().min(1).max(TERMINAL_INPUT_MAX);

export const terminalResizeSchema = z.object({ cols, rows });
export type TerminalResize = z.infer<typeof terminalResizeSchema>;

/** OpenSSH's form of a SHA-256 host key fingerprint: `SHA256:` and unpadded base64 (43 characters). */
export const HOST_KEY_FINGERPRINT_PATTERN = /^SHA256:[A-Za-z0-9+/]{43}$/;
export const hostKeyFingerprintSchema = z
  .string()
  .regex(HOST_KEY_FINGERPRINT_PATTERN, 'Impressão digital inválida (esperado SHA256:…)');

export const terminalHostKeyTrustSchema = z.object({ sha256: hostKeyFingerprintSchema });
export type TerminalHostKeyTrust = z.infer<typeof terminalHostKeyTrustSchema>;

export const terminalWatchSchema = z.object({ session_id: z.number().int().positive() });
export type TerminalWatch = z.infer<typeof terminalWatchSchema>;

export const terminalEndSchema = z.object({ session_id: z.number().int().positive() });
export type TerminalEnd = z.infer<typeof terminalEndSchema>;

/**
 * `hostkey`: the server's key is not the pinned one. `new`: nothing pinned yet, the person confirms with
 * `hostkey:trust {sha256}` (trust on first use). `mismatch`: a different key is pinned; the session is refused
 * and only connections.manage can re-pin (through the connections routes).
 */
export const terminalHostKeyEventSchema = z.object({
  sha256: hostKeyFingerprintSchema,
  state: z.enum(['new', 'mismatch']),
  pinned: hostKeyFingerprintSchema.nullable(),
  /** The key's algorithm (ssh-ed25519, ecdsa-sha2-nistp256, rsa-sha2-512…), when known. */
  algorithm: z.string().optional(),
  /** Which host: the connection's name, or its jump host's. */
  host: z.string().optional(),
});
export type TerminalHostKeyEvent = z.infer<typeof terminalHostKeyEventSchema>;

export const terminalReadyEventSchema = z.object({
  session_id: z.number().int(),
  /** Whether this session is being recorded (the page says so). */
  recording: z.boolean(),
  /** A read-only watcher (live oversight) rather than the session's owner. */
  watching: z.boolean().default(false),
});
export type TerminalReadyEvent = z.infer<typeof terminalReadyEventSchema>;

/** Why a session ended, as the closed event and the session's record say it. */
export const TERMINAL_CLOSE_REASONS = [
  'encerrada',
  'remoto',
  'ociosa',
  'duracao_maxima',
  'encerrada_por_admin',
  'host_key_divergente',
  'host_key_recusada',
  'ticket_invalido',
  'falha_conexao',
  'falha_autenticacao',
  'gravacao_indisponivel',
  'sem_permissao',
  'erro',
] as const;
export type TerminalCloseReason = (typeof TERMINAL_CLOSE_REASONS)[number];

export const terminalClosedEventSchema = z.object({
  reason: z.enum(TERMINAL_CLOSE_REASONS),
  message_pt: z.string(),
});
export type TerminalClosedEvent = z.infer<typeof terminalClosedEventSchema>;

/** What a person reads when a session ends, by reason. */
export const TERMINAL_CLOSE_MESSAGES: Record<TerminalCloseReason, string> = {
  encerrada: 'Sessão encerrada.',
  remoto: 'O servidor remoto encerrou a sessão.',
  ociosa: 'Sessão encerrada por inatividade.',
  duracao_maxima: 'Sessão encerrada: a duração máxima da conexão foi atingida.',
  encerrada_por_admin: 'Um administrador encerrou esta sessão.',
  host_key_divergente:
    'A chave do servidor mudou desde a última conexão. Conexão bloqueada: peça a um administrador que verifique e fixe a nova chave.',
  host_key_recusada: 'A chave do servidor não foi confirmada; conexão cancelada.',
  ticket_invalido: 'O acesso expirou ou já foi usado. Conecte novamente.',
  falha_conexao: 'Não foi possível conectar ao servidor.',
  falha_autenticacao: 'O servidor recusou a credencial.',
  gravacao_indisponivel: 'Esta conexão exige gravação e a gravação não pôde ser iniciada.',
  sem_permissao: 'Você não tem permissão para esta sessão.',
  erro: 'A sessão terminou por um erro no servidor.',
};

export const recordingSearchQuerySchema = z.object({
  q: z.string().trim().min(2, 'Digite ao menos 2 caracteres').max(200),
  company_id: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type RecordingSearchQuery = z.infer<typeof recordingSearchQuerySchema>;

export const recordingSearchHitSchema = z.object({
  session_id: z.number().int(),
  connection_id: z.number().int(),
  company_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  /** Seconds from the recording's start, where the replay should jump. */
  offset_seconds: z.number(),
  /** The input line as typed. */
  line: z.string(),
  started_at: z.string(),
});
export type RecordingSearchHit = z.infer<typeof recordingSearchHitSchema>;

export const recordingSearchResultSchema = z.object({ items: z.array(recordingSearchHitSchema) });
export type RecordingSearchResult = z.infer<typeof recordingSearchResultSchema>;
