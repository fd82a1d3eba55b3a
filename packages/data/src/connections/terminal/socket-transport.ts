import { io } from 'socket.io-client';
import {
  TERMINAL_CLIENT_EVENTS,
  TERMINAL_CLOSE_MESSAGES,
  TERMINAL_INPUT_MAX,
  TERMINAL_NAMESPACE,
  TERMINAL_SERVER_EVENTS,
  terminalClosedEventSchema,
  terminalHostKeyEventSchema,
  terminalReadyEventSchema,
} from '../../contract/connection-terminal';
import { defaultRealtimeUrl, realtimeSocketOptions } from '../../realtime/socket-realtime';
import {
  createChannelEvents,
  type TerminalChannel,
  type TerminalTarget,
  type TerminalTransport,
} from './transport';

export interface SocketTerminalTransportOptions {
  /** The realtime server's URL (port 3001 of the page's host by default, spec §7). */
  url?: string;
  /** The login session's token, read when the channel opens. */
  getToken: () => string | null | undefined;
  logger?: Pick<Console, 'warn'>;
}

/** Pieces of a paste the server accepts in one `input` event. */
export const splitTerminalInput = (text: string, max = TERMINAL_INPUT_MAX): string[] => {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += max) pieces.push(text.slice(start, start + max));
  return pieces;
};

/**
 * The gateway's terminal over socket.io (namespace /terminal on the realtime port). One socket per channel,
 * never reconnected on its own: a ticket is single use, so "Reconectar" asks the server for a new one. Every
 * server payload is checked against the contract; one that does not match is dropped and logged.
 */
export function createSocketTerminalTransport({
  url = defaultRealtimeUrl(),
  getToken,
  logger = console,
}: SocketTerminalTransportOptions): TerminalTransport {
  return {
    open(target: TerminalTarget): TerminalChannel {
      const events = createChannelEvents();
      const socket = io(`${url}${TERMINAL_NAMESPACE}`, {
        ...realtimeSocketOptions(getToken),
        reconnection: false,
        autoConnect: true,
        forceNew: true,
      });
      let closed = false;
      const close = (reason: 'encerrada' | 'falha_conexao' | 'erro') => {
        if (closed) return;
        closed = true;
        events.emit('closed', { reason, message_pt: TERMINAL_CLOSE_MESSAGES[reason] });
      };
      const checked =
        <T>(
          name: string,
          schema: { safeParse(value: unknown): { success: boolean; data?: T } },
          deliver: (value: T) => void,
        ) =>
        (payload: unknown) => {
          const result = schema.safeParse(payload);
          if (result.success) deliver(result.data as T);
          else logger.warn(`[terminal] ${name} inválido descartado`, payload);
        };
      socket.on('connect', () => {
        if (target.kind === 'open')
          socket.emit(TERMINAL_CLIENT_EVENTS.open, {
            ticket: target.ticket,
            cols: target.cols,
            rows: target.rows,
          });
        else socket.emit(TERMINAL_CLIENT_EVENTS.watch, { session_id: target.sessionId });
      });
      socket.on(
        TERMINAL_SERVER_EVENTS.hostKey,
        checked('hostkey', terminalHostKeyEventSchema, (event) => events.emit('hostKey', event)),
      );
      socket.on(
        TERMINAL_SERVER_EVENTS.ready,
        checked('ready', terminalReadyEventSchema, (event) => events.emit('ready', event)),
      );
      socket.on(TERMINAL_SERVER_EVENTS.data, (chunk: unknown) => {
        if (typeof chunk === 'string') events.emit('data', chunk);
        else logger.warn('[terminal] data inválido descartado', chunk);
      });
      socket.on(
        TERMINAL_SERVER_EVENTS.closed,
        checked('closed', terminalClosedEventSchema, (event) => {
          if (closed) return;
          closed = true;
          events.emit('closed', event);
          socket.disconnect();
        }),
      );
      socket.on('connect_error', (error) => {
        logger.warn('[terminal] falha ao conectar', error.message);
        close('falha_conexao');
        socket.disconnect();
      });
      socket.on('disconnect', () => close('encerrada'));
      return {
        on: events.on,
        input(text) {
          if (closed) return;
          for (const piece of splitTerminalInput(text)) socket.emit(TERMINAL_CLIENT_EVENTS.input, piece);
        },
        resize(cols, rows) {
          if (!closed) socket.emit(TERMINAL_CLIENT_EVENTS.resize, { cols, rows });
        },
        trustHostKey(sha256) {
          if (!closed) socket.emit(TERMINAL_CLIENT_EVENTS.hostKeyTrust, { sha256 });
        },
        endWatched(sessionId) {
          if (!closed) socket.emit(TERMINAL_CLIENT_EVENTS.end, { session_id: sessionId });
        },
        close() {
          socket.disconnect();
          close('encerrada');
        },
      };
    },
  };
}
