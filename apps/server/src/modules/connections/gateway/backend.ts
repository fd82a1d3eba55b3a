import type { ConnectionEndReason, ConnectionRecordingPolicy } from '@farol/data/contract';
import type { AuthUser } from '../../../auth/types';
import type { SshEndpoint } from './ssh-session';

/** A redeemed connect ticket as the gateway uses it: the session row, the connection, the credential. */
export interface GatewayTicket {
  sessionId: number;
  userId: number;
  userName: string;
  connectionId: number;
  connectionName: string;
  protocol: string;
  companyId: number | null;
  recording: ConnectionRecordingPolicy;
  term: string;
  idleTimeoutMs: number | null;
  maxDurationMs: number | null;
  /** VNC: whether the connection is view-only (noVNC enforces it in the page). */
  viewOnly: boolean;
  /** Decrypted in memory only; never sent anywhere but to the SSH server. */
  target: SshEndpoint;
  jump: (SshEndpoint & { connectionId: number }) | null;
}

export interface SessionEnd {
  reason: ConnectionEndReason;
  /** Who ended it, when a person did (an admin, or the person who connected). */
  endedBy: number | null;
  bytesIn: number;
  bytesOut: number;
  recordingId: number | null;
}

/** A live session as the gateway registers it, so an admin can end it from anywhere. */
export interface LiveSessionHandle {
  sessionId: number;
  userId: number;
  companyId: number | null;
  connectionId: number;
  protocol: string;
  end(reason: ConnectionEndReason, by: number | null): void;
}

/** What the gateway needs from the connections module's core (tickets, sessions, host keys). */
export interface GatewayBackend {
  /**
   * Redeems a ticket for this login session: single use, unexpired, the person's own. Null when it is none of
   * these (the socket answers `closed ticket_invalido`).
   */
  redeem(
    rawTicket: string,
    login: { tokenHash: string; user: AuthUser; ip: string | null },
  ): Promise<GatewayTicket | null>;
  /** Pins a first-seen host key (TOFU) on a connection that has none; false if one was pinned meanwhile. */
  pinHostKey(connectionId: number, sha256: string, by: AuthUser, ip: string | null): Promise<boolean>;
  /** The session is live: registered so oversight can list and end it. Answers the unregister function. */
  register(handle: LiveSessionHandle): () => void;
  /** The session is over: its record gets the end, bytes, who ended it; audit and the chamado's history. */
  finish(sessionId: number, end: SessionEnd): Promise<void>;
  /** A live session known to this process, for watch and end. */
  live(sessionId: number): LiveSessionHandle | null;
  /** Writes an audit event of the connections module. */
  audit(entry: {
    action: string;
    actor: AuthUser;
    ip: string | null;
    companyId: number | null;
    sessionId: number;
    details?: Record<string, unknown>;
  }): Promise<void>;
}
