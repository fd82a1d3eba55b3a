import type {
  TerminalClosedEvent,
  TerminalHostKeyEvent,
  TerminalReadyEvent,
} from '../../contract/connection-terminal';

/** What the page opens a terminal with: a one-time ticket (its own session) or a live session to watch. */
export type TerminalTarget =
  { kind: 'open'; ticket: string; cols: number; rows: number } | { kind: 'watch'; sessionId: number };

/** What a terminal channel tells the page, in order: maybe a host key, then ready, data…, then closed. */
export interface TerminalChannelEvents {
  hostKey: (event: TerminalHostKeyEvent) => void;
  ready: (event: TerminalReadyEvent) => void;
  data: (chunk: string) => void;
  closed: (event: TerminalClosedEvent) => void;
}

/** One terminal stream through the server's gateway. */
export interface TerminalChannel {
  on<E extends keyof TerminalChannelEvents>(event: E, listener: TerminalChannelEvents[E]): () => void;
  /** Keystrokes and pastes; long pastes are sent in pieces the server accepts. */
  input(text: string): void;
  resize(cols: number, rows: number): void;
  /** Trust on first use: the person confirmed the fingerprint shown. */
  trustHostKey(sha256: string): void;
  /** An admin ends the watched session (the server checks the permission). */
  endWatched(sessionId: number): void;
  /** Leaves: the session ends (or, watching, only the watch). */
  close(): void;
}

/** Opens terminal channels: the socket.io gateway in the app, an in-memory shell in stories and tests. */
export interface TerminalTransport {
  open(target: TerminalTarget): TerminalChannel;
}

/** A small typed listener registry the channels share. */
export function createChannelEvents() {
  const listeners: { [E in keyof TerminalChannelEvents]: Set<TerminalChannelEvents[E]> } = {
    hostKey: new Set(),
    ready: new Set(),
    data: new Set(),
    closed: new Set(),
  };
  return {
    on<E extends keyof TerminalChannelEvents>(event: E, listener: TerminalChannelEvents[E]) {
      listeners[event].add(listener);
      return () => void listeners[event].delete(listener);
    },
    emit<E extends keyof TerminalChannelEvents>(event: E, payload: Parameters<TerminalChannelEvents[E]>[0]) {
      for (const listener of listeners[event]) (listener as (value: typeof payload) => void)(payload);
    },
  };
}
