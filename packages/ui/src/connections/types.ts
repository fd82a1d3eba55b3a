// The Conexões kit's own view types: plain data the app maps its contract onto (the kit never imports
// @farol/data). The string values are the contract's (packages/data/src/contract/connection*.ts), so the app
// passes them through unchanged.

/** A connection's protocol. */
export type ConnectionProtocolView = 'ssh' | 'rdp' | 'vnc' | 'telnet' | 'http' | 'https';

/** Reachability from the server's periodic TCP check. */
export type ReachabilityView = 'online' | 'offline' | 'desconhecido';

/** An in-browser session as the frame shows it. */
export type SessionStateView = 'conectando' | 'conectado' | 'encerrado' | 'erro';

/** Why a session ended, as the ended panel tells it (the contract's `ConnectionEndReason`). */
export type SessionEndReasonView =
  | 'usuario'
  | 'administrador'
  | 'inatividade'
  | 'duracao_maxima'
  | 'desconectado'
  | 'erro'
  | 'ticket_expirado'
  | 'servidor';

/** Terminal size in character cells. */
export interface TerminalSize {
  cols: number;
  rows: number;
}

/** Output to write into a terminal: text or raw bytes (UTF-8). */
export type TerminalChunk = string | Uint8Array;

/**
 * A source of terminal output: `subscribe` gets every chunk from then on and returns its unsubscribe. The app
 * adapts its socket to it; a story or a replay writes to it by hand.
 */
export interface TerminalStream {
  subscribe(listener: (chunk: TerminalChunk) => void): () => void;
}

/** What a native launch can do; the app fetches the link or file and never puts a credential in either. */
export type LaunchAction = 'browser' | 'app' | 'rdp_file' | 'copy_command';

/** The credential asked for when the connection says "pedir ao conectar". */
export interface AskedCredential {
  username: string;
  password?: string;
  privateKey?: string;
}

/** What the reason dialog hands back. */
export interface ConnectRequest {
  reason: string;
  /** Whether to record, when the connection leaves it to the person ("opcional"). */
  record?: boolean;
  credential?: AskedCredential;
}
