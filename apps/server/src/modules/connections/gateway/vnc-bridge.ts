import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { connect as tcpConnect, type Socket as TcpSocket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { SESSION_COOKIE, type ConnectionEndReason } from '@farol/data/contract';
import { hashToken, type TokenVerifier } from '../../../auth/tokens';
import { isClientRole } from '../../../auth/types';
import { handshakeToken, isOriginAllowed } from '../../../realtime/handshake';
import type { RealtimeLogger } from '../../../realtime';
import type { GatewayBackend } from './backend';

export const VNC_BRIDGE_PATH = '/api/connections/vnc';
/** noVNC asks for this subprotocol. */
const VNC_SUBPROTOCOL = 'binary';
const TCP_CONNECT_TIMEOUT_MS = 10_000;
/** The target's output waits while this much is queued toward a slow browser. */
const HIGH_WATER_BYTES = 4 * 1024 * 1024;
/** WebSocket close codes (4000–4999 are the application's). */
const CLOSE = {
  ticket: 4401,
  forbidden: 4403,
  unreachable: 4502,
  idle: 4408,
  ended: 4000,
  admin: 4001,
} as const;

export interface VncBridgeOptions {
  server: HttpServer;
  tokens: TokenVerifier;
  backend: GatewayBackend;
  logger: RealtimeLogger;
  allowedOrigins?: readonly string[];
  /** The address a request came from (the proxy's rule: FAROL_TRUST_PROXY). */
  ipOf?: (request: IncomingMessage) => string | null;
}

export interface VncBridge {
  liveCount(): number;
  close(): Promise<void>;
}

const refuse = (socket: Duplex, status: number, text: string) => {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
};

/**
 * The VNC websocket-to-TCP bridge noVNC connects to: `GET /api/connections/vnc?ticket=…` upgraded to a
 * WebSocket (subprotocol `binary`) by a signed-in person (the session cookie, or a bearer token) whose ticket
 * is for a VNC connection; the server then opens TCP to the connection's host and port (the target policy was
 * checked when the ticket was issued) and carries bytes both ways, counting them. The RFB protocol itself —
 * VNC authentication included — is between noVNC and the server; view-only is noVNC's `viewOnly`, enforced in
 * the page (the bridge forwards whatever the page sends). Not recorded.
 */
export const createVncBridge = (options: VncBridgeOptions): VncBridge => {
  const { tokens, backend, logger } = options;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 1024 * 1024,
    handleProtocols: (protocols) => (protocols.has(VNC_SUBPROTOCOL) ? VNC_SUBPROTOCOL : false),
  });
  const live = new Set<() => void>();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://farol.invalid');
    if (url.pathname !== VNC_BRIDGE_PATH) {
      // Another path: someone else's upgrade, or nobody's.
      if (options.server.listenerCount('upgrade') <= 1) refuse(socket, 404, 'Not Found');
      return;
    }
    if (!isOriginAllowed(request.headers.origin, request.headers.host, options.allowedOrigins)) {
      logger.warn({ origin: request.headers.origin }, 'vnc: origin refused');
      refuse(socket, 403, 'Forbidden');
      return;
    }
    const token = handshakeToken({ auth: {}, headers: request.headers }, SESSION_COOKIE);
    const ticket = url.searchParams.get('ticket');
    if (!token || !ticket) {
      refuse(socket, 401, 'Unauthorized');
      return;
    }
    tokens.verify(token).then(
      (user) => {
        if (!user || user.twoFactorPending || isClientRole(user.role)) {
          refuse(socket, user ? 403 : 401, user ? 'Forbidden' : 'Unauthorized');
          return;
        }
        wss.handleUpgrade(request, socket, head, (ws) => {
          const ip = options.ipOf?.(request) ?? request.socket.remoteAddress ?? null;
          bridge(ws, ticket, { tokenHash: hashToken(token), user, ip }).catch((err: unknown) => {
            logger.error({ err }, 'vnc: bridge failed');
            ws.close(CLOSE.ended, 'erro');
          });
        });
      },
      (err: unknown) => {
        logger.error({ err }, 'vnc: token check failed');
        refuse(socket, 503, 'Service Unavailable');
      },
    );
  };
  options.server.on('upgrade', onUpgrade);

  const bridge = async (ws: WebSocket, rawTicket: string, login: Parameters<GatewayBackend['redeem']>[1]) => {
    const ticket = await backend.redeem(rawTicket, login);
    if (!ticket || ticket.protocol !== 'vnc') {
      ws.close(CLOSE.ticket, 'ticket_invalido');
      return;
    }
    let bytesIn = 0;
    let bytesOut = 0;
    let ended = false;
    let endedBy: number | null = null;
    let reason: ConnectionEndReason = 'usuario';
    let lastInput = Date.now();
    let unregister = () => {};
    const timers: NodeJS.Timeout[] = [];
    const tcp: TcpSocket = tcpConnect({ host: ticket.target.host, port: ticket.target.port });
    tcp.setNoDelay(true);
    tcp.setTimeout(TCP_CONNECT_TIMEOUT_MS);

    const end = (why: ConnectionEndReason, code: number, text: string) => {
      if (ended) return;
      ended = true;
      reason = why;
      for (const timer of timers) clearInterval(timer);
      unregister();
      live.delete(stop);
      tcp.destroy();
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(code, text);
      backend
        .finish(ticket.sessionId, { reason, endedBy, bytesIn, bytesOut, recordingId: null })
        .catch((err: unknown) => logger.error({ err, sessionId: ticket.sessionId }, 'vnc: not finished'));
    };
    const stop = () => end('servidor', CLOSE.ended, 'encerrada');
    live.add(stop);

    tcp.once('connect', () => {
      tcp.setTimeout(0);
      unregister = backend.register({
        sessionId: ticket.sessionId,
        userId: ticket.userId,
        companyId: ticket.companyId,
        connectionId: ticket.connectionId,
        protocol: 'vnc',
        end: (why, by) => {
          endedBy = by;
          end(why, why === 'administrador' ? CLOSE.admin : CLOSE.ended, 'encerrada');
        },
      });
      const idle = ticket.idleTimeoutMs ?? 0;
      if (idle > 0) {
        const check = setInterval(
          () => {
            if (Date.now() - lastInput >= idle) end('inatividade', CLOSE.idle, 'ociosa');
          },
          Math.min(idle, 30_000),
        );
        check.unref();
        timers.push(check);
      }
      const max = ticket.maxDurationMs ?? 0;
      if (max > 0) {
        const limit = setTimeout(() => end('duracao_maxima', CLOSE.ended, 'duracao_maxima'), max);
        limit.unref();
        timers.push(limit);
      }
    });
    tcp.on('timeout', () => end('erro', CLOSE.unreachable, 'falha_conexao'));
    tcp.on('error', (err) => {
      logger.warn({ err: err.message, sessionId: ticket.sessionId }, 'vnc: target connection failed');
      end(bytesOut === 0 ? 'erro' : 'desconectado', CLOSE.unreachable, 'falha_conexao');
    });
    tcp.on('close', () => end('usuario', CLOSE.ended, 'remoto'));
    tcp.on('data', (chunk: Buffer) => {
      bytesOut += chunk.length;
      ws.send(chunk, { binary: true });
      if (ws.bufferedAmount > HIGH_WATER_BYTES) {
        tcp.pause();
        const wait = setInterval(() => {
          if (ended || ws.bufferedAmount <= HIGH_WATER_BYTES / 2) {
            clearInterval(wait);
            tcp.resume();
          }
        }, 20);
      }
    });
    ws.on('message', (data: RawData) => {
      const chunk = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      bytesIn += chunk.length;
      lastInput = Date.now();
      tcp.write(chunk);
    });
    ws.on('close', () => end('usuario', CLOSE.ended, 'encerrada'));
    ws.on('error', () => end('desconectado', CLOSE.ended, 'erro'));
  };

  return {
    liveCount: () => live.size,
    async close() {
      options.server.off('upgrade', onUpgrade);
      for (const stop of [...live]) stop();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
};
