import type { Namespace, Socket } from 'socket.io';
import {
  SESSION_COOKIE,
  TERMINAL_CLIENT_EVENTS,
  TERMINAL_CLOSE_MESSAGES,
  TERMINAL_NAMESPACE,
  TERMINAL_SERVER_EVENTS,
  terminalEndSchema,
  terminalHostKeyTrustSchema,
  terminalInputSchema,
  terminalOpenSchema,
  terminalResizeSchema,
  terminalWatchSchema,
  type ConnectionEndReason,
  type TerminalCloseReason,
  type TerminalHostKeyEvent,
} from '@farol/data/contract';
import type { Server } from 'socket.io';
import { hashToken, type TokenVerifier } from '../../../auth/tokens';
import { hasPermissions, isAdminRole, isClientRole, type AuthUser } from '../../../auth/types';
import { companyScopeOf } from '../../../http/access';
import { scopeReachesCompany } from '../../../http/company-scope';
import { handshakeToken } from '../../../realtime/handshake';
import type { RealtimeLogger } from '../../../realtime';
import type { GatewayBackend, GatewayTicket } from './backend';
import { startRecording, type Recorder, type RecordingDeps } from './recording';
import { openSshSession, type HostKeyPrompt, type SshSession } from './ssh-session';

/** How long the person has to confirm a first-seen host key. */
const HOST_KEY_CONFIRM_MS = 60_000;
/** Output events queued on the owner's socket beyond which the SSH channel stops being read. */
const OUTPUT_QUEUE_MAX = 64;
/** How often a live terminal checks that its login session still holds (a logout ends it). */
const LOGIN_CHECK_MS = 60_000;

interface TerminalSocketData {
  user: AuthUser;
  tokenHash: string;
  token: string;
}

/** Where a terminal's output goes besides its owner: the read-only watchers' room. */
const watchRoom = (sessionId: number) => `watch:${sessionId}`;

/** The gateway's close reasons as the session record says them. */
export const endReasonOf = (reason: TerminalCloseReason): ConnectionEndReason => {
  switch (reason) {
    case 'encerrada':
    case 'remoto':
      return 'usuario';
    case 'ociosa':
      return 'inatividade';
    case 'duracao_maxima':
      return 'duracao_maxima';
    case 'encerrada_por_admin':
      return 'administrador';
    case 'ticket_invalido':
      return 'ticket_expirado';
    default:
      return 'erro';
  }
};

/** A terminal being served by this process: its owner's socket, the SSH session, the recording. */
interface LiveTerminal {
  ticket: GatewayTicket;
  ssh: SshSession;
  recorder: Recorder | null;
  owner: Socket;
  endedBy: number | null;
  endReason: ConnectionEndReason | null;
  /** Output reading is paused while the owner's socket drains. */
  paused: boolean;
}

export interface TerminalGatewayOptions {
  io: Server;
  tokens: TokenVerifier;
  backend: GatewayBackend;
  recording: RecordingDeps;
  logger: RealtimeLogger;
  /** Tests shorten the host-key confirmation. */
  hostKeyConfirmMs?: number;
}

export interface TerminalGateway {
  namespace: Namespace;
  /** Terminals live in this process. */
  liveCount(): number;
  /** Ends every terminal (server shutdown). */
  closeAll(): Promise<void>;
}

const clientIp = (socket: Socket): string | null => socket.handshake.address || null;

/**
 * The `/terminal` namespace: a browser presents its login session (like the main namespace) and a one-time
 * connect ticket; the server opens the SSH session with the vault's credential in memory and streams the
 * terminal. Admins may watch a live session read-only and end it. Every payload is checked against the
 * contract; a bad one is dropped and logged, never thrown.
 */
export const createTerminalGateway = (options: TerminalGatewayOptions): TerminalGateway => {
  const { io, tokens, backend, logger } = options;
  const confirmMs = options.hostKeyConfirmMs ?? HOST_KEY_CONFIRM_MS;
  const namespace = io.of(TERMINAL_NAMESPACE);
  const terminals = new Map<number, LiveTerminal>();
  const finishing = new Set<Promise<void>>();

  namespace.use((socket, next) => {
    const token = handshakeToken(socket.handshake, SESSION_COOKIE);
    if (!token) {
      next(new Error('auth: token ausente'));
      return;
    }
    tokens.verify(token).then(
      (user) => {
        if (!user || user.twoFactorPending) {
          next(new Error('auth: token inválido ou sessão expirada'));
          return;
        }
        const data = socket.data as TerminalSocketData;
        data.user = user;
        data.token = token;
        data.tokenHash = hashToken(token);
        next();
      },
      (err: unknown) => {
        logger.error({ err }, 'terminal: token check failed');
        next(new Error('auth: não foi possível verificar a sessão'));
      },
    );
  });

  const flushers = new Map<number, { parts: string[] }>();
  /** Output gathered within one turn of the event loop goes out as one event (one frame, not hundreds). */
  const sendOutput = (terminal: LiveTerminal, text: string) => {
    const id = terminal.ticket.sessionId;
    let pending = flushers.get(id);
    if (pending) {
      pending.parts.push(text);
      return;
    }
    pending = { parts: [text] };
    flushers.set(id, pending);
    setImmediate(() => {
      flushers.delete(id);
      const joined = pending.parts.join('');
      terminal.owner.emit(TERMINAL_SERVER_EVENTS.data, joined);
      namespace.to(watchRoom(id)).emit(TERMINAL_SERVER_EVENTS.data, joined);
      // A browser that reads slower than the server prints: stop reading the SSH channel (its window then
      // holds the server back) until the socket's queue has drained, so the gateway's memory stays bounded.
      const conn = terminal.owner.conn as unknown as {
        writeBuffer?: unknown[];
        once(event: 'drain', listener: () => void): void;
      };
      if (!terminal.paused && (conn.writeBuffer?.length ?? 0) > OUTPUT_QUEUE_MAX) {
        terminal.paused = true;
        terminal.ssh.pause();
        conn.once('drain', () => {
          terminal.paused = false;
          terminal.ssh.resume();
        });
      }
    });
  };

  namespace.on('connection', (socket) => {
    const { user, tokenHash, token } = socket.data as TerminalSocketData;
    const ip = clientIp(socket);
    let own: LiveTerminal | null = null;
    let opening = false;
    let trustWaiter: { sha256: string; resolve: (ok: boolean) => void } | null = null;
    const watching = new Set<number>();

    const drop = (event: string, reason: string, extra: object = {}) =>
      logger.warn({ event, userId: user.id, sid: socket.id, reason, ...extra }, 'terminal: payload dropped');
    const closeWith = (reason: TerminalCloseReason, message?: string) => {
      socket.emit(TERMINAL_SERVER_EVENTS.closed, {
        reason,
        message_pt: message ?? TERMINAL_CLOSE_MESSAGES[reason],
      });
    };
    const on = (event: string, handler: (payload: unknown) => Promise<void> | void) => {
      socket.on(event, (...args: unknown[]) => {
        const payload = typeof args[0] === 'function' ? undefined : args[0];
        try {
          Promise.resolve(handler(payload)).catch((err: unknown) => {
            logger.error({ err, event, userId: user.id }, 'terminal: handler failed');
          });
        } catch (err) {
          logger.error({ err, event, userId: user.id }, 'terminal: handler failed');
        }
      });
    };

    const askHostKey = (prompt: HostKeyPrompt): Promise<boolean> => {
      const event: TerminalHostKeyEvent = {
        sha256: prompt.sha256,
        state: prompt.state,
        pinned: prompt.pinned,
        ...(prompt.algorithm ? { algorithm: prompt.algorithm } : {}),
        host: prompt.label,
      };
      socket.emit(TERMINAL_SERVER_EVENTS.hostKey, event);
      if (prompt.state === 'mismatch') {
        logger.warn(
          { userId: user.id, host: prompt.label, pinned: prompt.pinned, seen: prompt.sha256 },
          'terminal: host key mismatch, session refused',
        );
        return Promise.resolve(false);
      }
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          trustWaiter = null;
          resolve(false);
        }, confirmMs);
        timer.unref();
        trustWaiter = {
          sha256: prompt.sha256,
          resolve: (ok) => {
            clearTimeout(timer);
            trustWaiter = null;
            resolve(ok);
          },
        };
      });
    };

    const open = async (ticketText: string, cols: number, rows: number) => {
      const ticket = await backend.redeem(ticketText, { tokenHash, user, ip });
      if (!ticket || ticket.protocol !== 'ssh') {
        closeWith('ticket_invalido');
        return;
      }
      let recorder: Recorder | null = null;
      if (ticket.recording !== 'desligada') {
        try {
          recorder = await startRecording(options.recording, {
            sessionId: ticket.sessionId,
            companyId: ticket.companyId,
            cols,
            rows,
            term: ticket.term,
            title: `${ticket.connectionName} — ${ticket.userName}`,
          });
        } catch (err) {
          logger.error({ err, sessionId: ticket.sessionId }, 'terminal: recording could not start');
          if (ticket.recording === 'obrigatoria') {
            await backend.finish(ticket.sessionId, {
              reason: 'erro',
              endedBy: null,
              bytesIn: 0,
              bytesOut: 0,
              recordingId: null,
            });
            closeWith('gravacao_indisponivel');
            return;
          }
        }
      }
      const pinned = new Map<string, string | null>([
        ['target', ticket.target.hostKeySha256],
        ['jump', ticket.jump?.hostKeySha256 ?? null],
      ]);
      // eslint-disable-next-line prefer-const -- assigned once the session exists, read by its callbacks
      let terminal: LiveTerminal;
      let unregister = () => {};
      const ssh = openSshSession({
        target: ticket.target,
        jump: ticket.jump,
        term: ticket.term,
        cols,
        rows,
        idleTimeoutMs: ticket.idleTimeoutMs,
        maxDurationMs: ticket.maxDurationMs,
        onHostKey: async (prompt) => {
          const ok = await askHostKey(prompt);
          if (!ok || prompt.state !== 'new') return false;
          const connectionId = prompt.which === 'jump' ? ticket.jump!.connectionId : ticket.connectionId;
          const stored = await backend.pinHostKey(connectionId, prompt.sha256, user, ip);
          if (stored) pinned.set(prompt.which, prompt.sha256);
          return stored;
        },
        onData: (text) => {
          recorder?.output(text);
          sendOutput(terminal, text);
        },
        onClose: (reason, detail) => {
          unregister();
          terminals.delete(ticket.sessionId);
          if (own === terminal) own = null;
          trustWaiter?.resolve(false);
          const endReason = terminal.endReason ?? endReasonOf(reason);
          logger.info(
            { sessionId: ticket.sessionId, userId: user.id, reason, detail, endReason },
            'terminal: session ended',
          );
          const done = (async () => {
            await recorder?.finish().catch((err: unknown) => {
              logger.error({ err, sessionId: ticket.sessionId }, 'terminal: recording could not be closed');
            });
            await backend.finish(ticket.sessionId, {
              reason: endReason,
              endedBy: terminal.endedBy,
              bytesIn: ssh.bytesIn,
              bytesOut: ssh.bytesOut,
              recordingId: recorder?.recordingId ?? null,
            });
          })()
            .catch((err: unknown) => {
              logger.error({ err, sessionId: ticket.sessionId }, 'terminal: session record not finished');
            })
            .finally(() => finishing.delete(done));
          finishing.add(done);
          const closed = { reason, message_pt: TERMINAL_CLOSE_MESSAGES[reason] };
          // Output still gathered goes out before the end.
          setImmediate(() => {
            terminal.owner.emit(TERMINAL_SERVER_EVENTS.closed, closed);
            // The watchers stay in the room (it is never used again): with the PostgreSQL adapter a room
            // broadcast is applied after its publication, and leaving the room now would beat it.
            namespace.to(watchRoom(ticket.sessionId)).emit(TERMINAL_SERVER_EVENTS.closed, closed);
          });
        },
      });
      terminal = { ticket, ssh, recorder, owner: socket, endedBy: null, endReason: null, paused: false };
      own = terminal;
      terminals.set(ticket.sessionId, terminal);
      recorder?.onFailure((err) => {
        logger.error({ err, sessionId: ticket.sessionId }, 'terminal: recording write failed');
        if (ticket.recording === 'obrigatoria') ssh.end('gravacao_indisponivel');
      });
      try {
        await ssh.ready;
      } catch {
        return;
      }
      if (ssh.closed) return;
      unregister = backend.register({
        sessionId: ticket.sessionId,
        userId: ticket.userId,
        companyId: ticket.companyId,
        connectionId: ticket.connectionId,
        protocol: 'ssh',
        end: (reason, by) => {
          terminal.endReason = reason;
          terminal.endedBy = by;
          ssh.end(reason === 'administrador' ? 'encerrada_por_admin' : 'encerrada');
        },
      });
      socket.emit(TERMINAL_SERVER_EVENTS.ready, {
        session_id: ticket.sessionId,
        recording: recorder !== null,
        watching: false,
      });
    };

    // A logout (or a revoked session) ends the terminal within a minute.
    const loginCheck = setInterval(() => {
      if (!own) return;
      tokens.verify(token).then(
        (still) => {
          if (!still) own?.ssh.end('encerrada');
        },
        () => undefined,
      );
    }, LOGIN_CHECK_MS);
    loginCheck.unref();

    on(TERMINAL_CLIENT_EVENTS.open, async (payload) => {
      const parsed = terminalOpenSchema.safeParse(payload);
      if (!parsed.success) {
        drop('open', 'invalid payload');
        return;
      }
      if (own || opening) {
        drop('open', 'a terminal is already open on this socket');
        return;
      }
      if (isClientRole(user.role)) {
        drop('open', 'client role');
        closeWith('sem_permissao');
        return;
      }
      opening = true;
      try {
        await open(parsed.data.ticket, parsed.data.cols, parsed.data.rows);
      } finally {
        opening = false;
      }
    });

    on(TERMINAL_CLIENT_EVENTS.input, (payload) => {
      const parsed = terminalInputSchema.safeParse(payload);
      if (!parsed.success) {
        drop('input', 'invalid payload');
        return;
      }
      if (!own) {
        // A watcher (or a socket with nothing open) types into nothing.
        drop('input', watching.size > 0 ? 'read-only watcher' : 'no open terminal');
        return;
      }
      own.recorder?.input(parsed.data);
      own.ssh.write(parsed.data);
    });

    on(TERMINAL_CLIENT_EVENTS.resize, (payload) => {
      const parsed = terminalResizeSchema.safeParse(payload);
      if (!parsed.success || !own) {
        drop('resize', parsed.success ? 'no open terminal' : 'invalid payload');
        return;
      }
      own.ssh.resize(parsed.data.cols, parsed.data.rows);
    });

    on(TERMINAL_CLIENT_EVENTS.hostKeyTrust, (payload) => {
      const parsed = terminalHostKeyTrustSchema.safeParse(payload);
      if (!parsed.success || !trustWaiter) {
        drop('hostkey:trust', parsed.success ? 'nothing to confirm' : 'invalid payload');
        return;
      }
      // Only the fingerprint that was shown is confirmed; any other answer refuses.
      trustWaiter.resolve(parsed.data.sha256 === trustWaiter.sha256);
    });

    const mayOversee = () => isAdminRole(user.role) || hasPermissions(user, ['connections.manage']);

    on(TERMINAL_CLIENT_EVENTS.watch, async (payload) => {
      const parsed = terminalWatchSchema.safeParse(payload);
      if (!parsed.success) {
        drop('watch', 'invalid payload');
        return;
      }
      const id = parsed.data.session_id;
      const live = terminals.get(id);
      if (!mayOversee() || isClientRole(user.role)) {
        drop('watch', 'no permission', { sessionId: id });
        closeWith('sem_permissao');
        return;
      }
      if (!live || !scopeReachesCompany(companyScopeOf(user), live.ticket.companyId, { unassigned: true })) {
        drop('watch', 'no such live session', { sessionId: id });
        closeWith('encerrada', 'Esta sessão não está ativa.');
        return;
      }
      await backend.audit({
        action: 'session_watched',
        actor: user,
        ip,
        companyId: live.ticket.companyId,
        sessionId: id,
        details: { connectionId: live.ticket.connectionId, watchedUserId: live.ticket.userId },
      });
      await socket.join(watchRoom(id));
      watching.add(id);
      socket.emit(TERMINAL_SERVER_EVENTS.ready, {
        session_id: id,
        recording: live.recorder !== null,
        watching: true,
      });
    });

    on(TERMINAL_CLIENT_EVENTS.end, (payload) => {
      const parsed = terminalEndSchema.safeParse(payload);
      if (!parsed.success) {
        drop('end', 'invalid payload');
        return;
      }
      const id = parsed.data.session_id;
      if (own && own.ticket.sessionId === id) {
        own.endedBy = user.id;
        own.endReason = 'usuario';
        own.ssh.end('encerrada');
        return;
      }
      const live = terminals.get(id);
      const handle = live ? null : backend.live(id);
      const companyId = live?.ticket.companyId ?? handle?.companyId ?? null;
      if (!mayOversee() || isClientRole(user.role) || (!live && !handle)) {
        drop('end', 'no permission or no such session', { sessionId: id });
        return;
      }
      if (!scopeReachesCompany(companyScopeOf(user), companyId, { unassigned: true })) {
        drop('end', 'out of scope', { sessionId: id });
        return;
      }
      void backend.audit({
        action: 'session_terminated',
        actor: user,
        ip,
        companyId,
        sessionId: id,
        details: {},
      });
      if (live) {
        live.endedBy = user.id;
        live.endReason = 'administrador';
        live.ssh.end('encerrada_por_admin');
      } else handle!.end('administrador', user.id);
    });

    socket.on('disconnect', () => {
      clearInterval(loginCheck);
      trustWaiter?.resolve(false);
      if (own && !own.ssh.closed) {
        own.endReason ??= 'desconectado';
        own.ssh.end('encerrada');
      }
    });
  });

  return {
    namespace,
    liveCount: () => terminals.size,
    async closeAll() {
      for (const terminal of terminals.values()) {
        terminal.endReason = 'servidor';
        terminal.ssh.end('encerrada');
      }
      await Promise.all([...finishing]);
    },
  };
};
