import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type {
  TerminalClosedEvent,
  TerminalHostKeyEvent,
  TerminalReadyEvent,
} from '../../contract/connection-terminal';
import type { TerminalChannel, TerminalTarget, TerminalTransport } from './transport';

const TerminalTransportContext = createContext<TerminalTransport | null>(null);

/** Gives the screens below the gateway's terminal (the socket in the app, an in-memory shell in stories). */
export function TerminalTransportProvider({
  transport,
  children,
}: {
  transport: TerminalTransport;
  children: ReactNode;
}) {
  return <TerminalTransportContext.Provider value={transport}>{children}</TerminalTransportContext.Provider>;
}

export function useTerminalTransport(): TerminalTransport {
  const transport = useContext(TerminalTransportContext);
  if (!transport) throw new Error('useTerminalTransport: no TerminalTransportProvider above');
  return transport;
}

export type TerminalPhase = 'idle' | 'connecting' | 'hostkey' | 'ready' | 'closed';

export interface TerminalSessionState {
  phase: TerminalPhase;
  /** The key to confirm (phase 'hostkey'), or the mismatch that blocked the session. */
  hostKey: TerminalHostKeyEvent | null;
  ready: TerminalReadyEvent | null;
  closed: TerminalClosedEvent | null;
  /** When the stream became ready (ms since the epoch). */
  startedAt: number | null;
  /** Characters received and sent, as the page saw them. */
  received: number;
  sent: number;
}

const IDLE: TerminalSessionState = {
  phase: 'idle',
  hostKey: null,
  ready: null,
  closed: null,
  startedAt: null,
  received: 0,
  sent: 0,
};

/** Output waits here until the terminal on screen subscribes (the first chunk may come before it mounts). */
const BUFFER_LIMIT = 2 * 1024 * 1024;

/**
 * One terminal session on the page: opens a channel, follows its phases (connecting → maybe a host key to
 * confirm → ready → closed) and hands output to whoever subscribes (the kit's Terminal writes it without a
 * React render per chunk). Closing the page closes the channel.
 */
export function useTerminalSession() {
  const transport = useTerminalTransport();
  const [state, setState] = useState<TerminalSessionState>(IDLE);
  const channel = useRef<TerminalChannel | null>(null);
  const listeners = useRef(new Set<(chunk: string) => void>());
  const pending = useRef<string[]>([]);
  const counts = useRef({ received: 0, sent: 0 });

  const deliver = useCallback((chunk: string) => {
    counts.current.received += chunk.length;
    if (listeners.current.size === 0) {
      pending.current.push(chunk);
      let size = pending.current.reduce((sum, piece) => sum + piece.length, 0);
      while (size > BUFFER_LIMIT && pending.current.length > 1) size -= pending.current.shift()!.length;
      return;
    }
    for (const listener of listeners.current) listener(chunk);
  }, []);

  const close = useCallback(() => {
    channel.current?.close();
    channel.current = null;
  }, []);

  const open = useCallback(
    (target: TerminalTarget) => {
      channel.current?.close();
      pending.current = [];
      counts.current = { received: 0, sent: 0 };
      setState({ ...IDLE, phase: 'connecting' });
      const next = transport.open(target);
      channel.current = next;
      next.on('hostKey', (hostKey) => setState((current) => ({ ...current, phase: 'hostkey', hostKey })));
      next.on('ready', (ready) =>
        setState((current) => ({ ...current, phase: 'ready', ready, startedAt: Date.now() })),
      );
      next.on('data', deliver);
      next.on('closed', (closed) => {
        if (channel.current === next) channel.current = null;
        setState((current) => ({ ...current, phase: 'closed', closed, ...counts.current }));
      });
    },
    [transport, deliver],
  );

  useEffect(() => () => channel.current?.close(), []);

  const input = useCallback((text: string) => {
    if (!channel.current) return;
    counts.current.sent += text.length;
    channel.current.input(text);
  }, []);
  const resize = useCallback((cols: number, rows: number) => channel.current?.resize(cols, rows), []);
  const trustHostKey = useCallback((sha256: string) => {
    channel.current?.trustHostKey(sha256);
    setState((current) => ({ ...current, phase: 'connecting' }));
  }, []);
  const endWatched = useCallback((sessionId: number) => channel.current?.endWatched(sessionId), []);

  /** The terminal on screen subscribes to output; whatever arrived before it is handed over first. */
  const subscribe = useCallback((listener: (chunk: string) => void) => {
    for (const chunk of pending.current) listener(chunk);
    pending.current = [];
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  /** The live counters (read on demand: they change with every chunk, the state does not). */
  const traffic = useCallback(() => ({ ...counts.current }), []);

  return useMemo(
    () => ({ state, open, close, input, resize, trustHostKey, endWatched, subscribe, traffic }),
    [state, open, close, input, resize, trustHostKey, endWatched, subscribe, traffic],
  );
}
