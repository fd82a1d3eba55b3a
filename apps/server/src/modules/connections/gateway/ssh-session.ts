import { createHash } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { Client, type ClientChannel, type ConnectConfig } from 'ssh2';
import type { Duplex } from 'node:stream';
import type { TerminalCloseReason } from '@farol/data/contract';

/** Where and as whom to connect: the connection row and its credential, decrypted in memory only. */
export interface SshEndpoint {
  /** What the person reads for this host (the connection's name or host). */
  label: string;
  host: string;
  port: number;
  username: string;
  password?: string | null;
  privateKey?: string | null;
  passphrase?: string | null;
  /** The pinned host key (`SHA256:…`), or null before the first trusted connection. */
  hostKeySha256: string | null;
}

export type HostKeyState = 'new' | 'mismatch';

export interface HostKeyPrompt {
  which: 'target' | 'jump';
  label: string;
  sha256: string;
  algorithm: string | undefined;
  state: HostKeyState;
  pinned: string | null;
}

export interface SshSessionOptions {
  target: SshEndpoint;
  jump?: SshEndpoint | null;
  term: string;
  cols: number;
  rows: number;
  /** No input from the person for this long ends the session (0 or undefined: never). */
  idleTimeoutMs?: number | null;
  /** The session ends this long after it started (0 or undefined: no limit). */
  maxDurationMs?: number | null;
  /** How long the handshake may take, the person's host-key confirmation included. */
  readyTimeoutMs?: number;
  /**
   * A key that is not the pinned one. Answers whether to go on: for `new`, after the person confirmed it
   * (and the caller pinned it); for `mismatch`, the caller refuses (false).
   */
  onHostKey(prompt: HostKeyPrompt): Promise<boolean>;
  /** Terminal output, decoded as UTF-8 without ever splitting a character. */
  onData(text: string): void;
  /** The session is over (once), with why. */
  onClose(reason: TerminalCloseReason, detail?: string): void;
}

export interface SshSession {
  /** Resolves once the shell is open; rejects (after onClose) when it could not be. */
  readonly ready: Promise<void>;
  write(text: string): void;
  resize(cols: number, rows: number): void;
  /** Stops reading the server's output (SSH flow control then holds the server back) until `resume`. */
  pause(): void;
  resume(): void;
  /** Ends the session from this side; onClose gets `reason`. */
  end(reason: TerminalCloseReason, detail?: string): void;
  /** Bytes the person sent to the server (keystrokes, pastes). */
  readonly bytesIn: number;
  /** Bytes the server sent back (terminal output). */
  readonly bytesOut: number;
  readonly closed: boolean;
}

/** OpenSSH's fingerprint form: `SHA256:` then the digest in base64 without padding. */
export const hostKeyFingerprint = (key: Buffer): string =>
  `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

/** The algorithm named at the start of an SSH public key blob (a uint32 length, then the name). */
export const hostKeyAlgorithm = (key: Buffer): string | undefined => {
  if (key.length < 4) return undefined;
  const length = key.readUInt32BE(0);
  if (length <= 0 || length > 64 || key.length < 4 + length) return undefined;
  return key.subarray(4, 4 + length).toString('latin1');
};

const DEFAULT_READY_TIMEOUT_MS = 90_000;

class HostKeyRefused extends Error {
  constructor(readonly state: HostKeyState) {
    super(`host key ${state}`);
  }
}

const isAuthFailure = (error: unknown) =>
  error instanceof Error &&
  ((error as { level?: string }).level === 'client-authentication' ||
    /authentication methods failed/i.test(error.message));

const connectConfig = (endpoint: SshEndpoint, readyTimeout: number, sock?: Duplex): ConnectConfig => ({
  host: endpoint.host,
  port: endpoint.port,
  username: endpoint.username,
  ...(endpoint.password ? { password: endpoint.password } : {}),
  ...(endpoint.privateKey ? { privateKey: endpoint.privateKey } : {}),
  ...(endpoint.passphrase ? { passphrase: endpoint.passphrase } : {}),
  ...(sock ? { sock } : {}),
  readyTimeout: readyTimeout,
  keepaliveInterval: 30_000,
  keepaliveCountMax: 3,
  // Keyboard-interactive is tried with the same password (many servers offer only it).
  tryKeyboard: Boolean(endpoint.password),
});

/**
 * One SSH shell through the gateway: an ssh2 Client (through a jump host when there is one: the jump's
 * `forwardOut` stream is the target's socket), every host key checked against the pinned one (ssh2 accepts
 * any key unless hostVerifier is set), a pty of the connection's terminal type, and the session's limits.
 */
export const openSshSession = (options: SshSessionOptions): SshSession => {
  const readyTimeout = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
  const clients: Client[] = [];
  let channel: ClientChannel | null = null;
  let closed = false;
  let bytesIn = 0;
  let bytesOut = 0;
  let lastInput = Date.now();
  let idleTimer: NodeJS.Timeout | null = null;
  let maxTimer: NodeJS.Timeout | null = null;
  let refused: HostKeyRefused | null = null;
  let cols = options.cols;
  let rows = options.rows;

  const close = (reason: TerminalCloseReason, detail?: string) => {
    if (closed) return;
    closed = true;
    if (idleTimer) clearTimeout(idleTimer);
    if (maxTimer) clearTimeout(maxTimer);
    try {
      channel?.close();
    } catch {
      // already gone
    }
    for (const client of clients.reverse()) client.end();
    options.onClose(reason, detail);
  };

  const verifier =
    (endpoint: SshEndpoint, which: 'target' | 'jump') => (key: Buffer, verify: (valid: boolean) => void) => {
      const sha256 = hostKeyFingerprint(key);
      if (endpoint.hostKeySha256 === sha256) {
        verify(true);
        return;
      }
      const state: HostKeyState = endpoint.hostKeySha256 ? 'mismatch' : 'new';
      options
        .onHostKey({
          which,
          label: endpoint.label,
          sha256,
          algorithm: hostKeyAlgorithm(key),
          state,
          pinned: endpoint.hostKeySha256,
        })
        .then(
          (ok) => {
            if (ok && state === 'new' && !closed) {
              endpoint.hostKeySha256 = sha256;
              verify(true);
              return;
            }
            refused = new HostKeyRefused(state);
            verify(false);
          },
          () => {
            refused = new HostKeyRefused(state);
            verify(false);
          },
        );
    };

  const connect = (endpoint: SshEndpoint, which: 'target' | 'jump', sock?: Duplex) =>
    new Promise<Client>((resolve, reject) => {
      const client = new Client();
      clients.push(client);
      let isReady = false;
      client.once('ready', () => {
        isReady = true;
        resolve(client);
      });
      client.on('error', (error) => {
        if (!isReady) reject(error);
        else close('remoto', error.message);
      });
      client.on('close', () => {
        if (!isReady) reject(new Error('connection closed before ready'));
        else close('remoto');
      });
      client.connect({
        ...connectConfig(endpoint, readyTimeout, sock),
        hostVerifier: verifier(endpoint, which),
      });
      // Keystrokes are tiny writes: without this, Nagle's algorithm holds them back behind unacknowledged ones
      // (ssh2 leaves its TCP socket's default on). OpenSSH sets TCP_NODELAY for interactive sessions too.
      client.setNoDelay(true);
    });

  const armIdle = () => {
    const idle = options.idleTimeoutMs ?? 0;
    if (idle <= 0 || closed) return;
    const wait = Math.max(0, lastInput + idle - Date.now());
    idleTimer = setTimeout(() => {
      if (Date.now() - lastInput >= idle) close('ociosa');
      else armIdle();
    }, wait);
    idleTimer.unref();
  };

  const start = async () => {
    let targetSock: Duplex | undefined;
    if (options.jump) {
      const jumpClient = await connect(options.jump, 'jump');
      targetSock = await new Promise<Duplex>((resolve, reject) => {
        jumpClient.forwardOut('127.0.0.1', 0, options.target.host, options.target.port, (error, stream) => {
          if (error) reject(error);
          else resolve(stream);
        });
      });
    }
    if (closed) throw new Error('closed');
    const client = await connect(options.target, 'target', targetSock);
    channel = await new Promise<ClientChannel>((resolve, reject) => {
      client.shell({ term: options.term, cols, rows }, (error, stream) => {
        if (error) reject(error);
        else resolve(stream);
      });
    });
    if (closed) {
      channel.close();
      throw new Error('closed');
    }
    const decoder = new StringDecoder('utf8');
    const onChunk = (chunk: Buffer) => {
      bytesOut += chunk.length;
      const text = decoder.write(chunk);
      if (text !== '') options.onData(text);
    };
    channel.on('data', onChunk);
    channel.stderr.on('data', onChunk);
    channel.on('close', () => {
      const rest = decoder.end();
      if (rest !== '') options.onData(rest);
      close('remoto');
    });
    lastInput = Date.now();
    armIdle();
    const max = options.maxDurationMs ?? 0;
    if (max > 0) {
      maxTimer = setTimeout(() => close('duracao_maxima'), max);
      maxTimer.unref();
    }
  };

  const ready = start().catch((error: unknown) => {
    if (refused) close(refused.state === 'mismatch' ? 'host_key_divergente' : 'host_key_recusada');
    else if (isAuthFailure(error)) close('falha_autenticacao', (error as Error).message);
    else close('falha_conexao', error instanceof Error ? error.message : String(error));
    throw error;
  });
  // A caller that does not await `ready` must not see an unhandled rejection.
  ready.catch(() => undefined);

  return {
    ready,
    write(text) {
      if (closed || !channel) return;
      lastInput = Date.now();
      const bytes = Buffer.from(text, 'utf8');
      bytesIn += bytes.length;
      channel.write(bytes);
    },
    resize(nextCols, nextRows) {
      cols = nextCols;
      rows = nextRows;
      if (!closed && channel) channel.setWindow(rows, cols, 0, 0);
    },
    pause() {
      channel?.pause();
    },
    resume() {
      channel?.resume();
    },
    end(reason, detail) {
      close(reason, detail);
    },
    get bytesIn() {
      return bytesIn;
    },
    get bytesOut() {
      return bytesOut;
    },
    get closed() {
      return closed;
    },
  };
};
