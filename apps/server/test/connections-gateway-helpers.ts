import { createHash, timingSafeEqual } from 'node:crypto';
import {
  connect as tcpConnect,
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
} from 'node:net';
import { Server as SshServer, utils, type ParsedKey } from 'ssh2';
import { io as connectSocket, type Socket as ClientSocket } from 'socket.io-client';
import { REALTIME_PATH, TERMINAL_NAMESPACE } from '@farol/data/contract';

export interface TestSshServer {
  port: number;
  /** The host key's fingerprint as the gateway shows it (`SHA256:…`). */
  fingerprint: string;
  /** Connections whose shell is open right now. */
  shells(): number;
  /** Direct-tcpip channels (jump host) opened so far. */
  forwards(): number;
  close(): Promise<void>;
}

export interface TestSshServerOptions {
  username?: string;
  password?: string;
  /** An OpenSSH public key line accepted for `username`. */
  publicKey?: string;
  /** A host key of the test's own (otherwise a fresh ed25519 one). */
  hostKey?: string;
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * An SSH server of the test's own (ssh2's Server on 127.0.0.1, a free port): password and public-key auth, a
 * pty shell that echoes what is typed and runs a few commands on Enter (`big N` prints N bytes, `exit` ends),
 * and direct-tcpip forwarding (so it can be a jump host).
 */
export const startTestSshServer = async (options: TestSshServerOptions = {}): Promise<TestSshServer> => {
  const username = options.username ?? 'ana';
  const hostKey = options.hostKey ?? utils.generateKeyPairSync('ed25519').private;
  const parsedHost = utils.parseKey(hostKey) as ParsedKey;
  const fingerprint = `SHA256:${createHash('sha256')
    .update(parsedHost.getPublicSSH())
    .digest('base64')
    .replace(/=+$/, '')}`;
  const allowedKey = options.publicKey ? (utils.parseKey(options.publicKey) as ParsedKey) : null;
  let openShells = 0;
  let forwards = 0;
  const server = new SshServer({ hostKeys: [hostKey] }, (client) => {
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      if (ctx.username !== username) return ctx.reject();
      if (ctx.method === 'password' && options.password && sameText(ctx.password, options.password))
        return ctx.accept();
      if (ctx.method === 'publickey' && allowedKey) {
        const same =
          ctx.key.algo === allowedKey.type && ctx.key.data.equals(allowedKey.getPublicSSH() as Buffer);
        if (!same) return ctx.reject();
        if (!ctx.signature) return ctx.accept();
        if (ctx.blob && allowedKey.verify(ctx.blob, ctx.signature, ctx.hashAlgo) === true)
          return ctx.accept();
        return ctx.reject();
      }
      return ctx.reject(['password', 'publickey']);
    });
    client.on('ready', () => {
      client.on('tcpip', (accept, reject, info) => {
        const upstream = tcpConnect(info.destPort, info.destIP);
        upstream.once('error', () => reject());
        upstream.once('connect', () => {
          forwards += 1;
          const channel = accept();
          channel.pipe(upstream).pipe(channel);
          upstream.on('error', () => channel.close());
        });
      });
      client.on('session', (accept) => {
        const session = accept();
        session.on('pty', (ok) => ok?.());
        session.on('window-change', (ok) => ok?.());
        session.on('shell', (ok) => {
          const stream = ok();
          openShells += 1;
          let line = '';
          stream.write('bem-vindo\r\n$ ');
          stream.on('data', (data: Buffer) => {
            const text = data.toString('utf8');
            stream.write(text);
            for (const char of text) {
              if (char !== '\r') {
                line += char;
                continue;
              }
              const command = line.trim();
              line = '';
              const big = /^big (\d+)$/.exec(command);
              if (command === 'exit') {
                stream.write('\r\ntchau\r\n');
                stream.exit(0);
                stream.end();
                return;
              }
              if (big) stream.write(`\r\n${'x'.repeat(Number(big[1]))}`);
              stream.write('\r\n$ ');
            }
          });
          stream.on('close', () => {
            openShells -= 1;
          });
        });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    fingerprint,
    shells: () => openShells,
    forwards: () => forwards,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** A minimal RFB server: sends the 3.8 version, reads the client's, then echoes whatever comes. */
export const startTestRfbServer = async (): Promise<{
  port: number;
  versions: string[];
  close(): Promise<void>;
  server: TcpServer;
}> => {
  const versions: string[] = [];
  const server = createTcpServer((socket) => {
    socket.on('error', () => undefined);
    socket.write('RFB 003.008\n');
    let greeted = false;
    let buffer = Buffer.alloc(0);
    socket.on('data', (data: Buffer) => {
      if (greeted) {
        socket.write(data);
        return;
      }
      buffer = Buffer.concat([buffer, data]);
      if (buffer.length < 12) return;
      versions.push(buffer.subarray(0, 12).toString('latin1'));
      greeted = true;
      // Security types: one, None (1).
      socket.write(Buffer.from([1, 1]));
      if (buffer.length > 12) socket.write(buffer.subarray(12));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    versions,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** A `/terminal` socket like the portal's terminal opens. */
export const openTerminal = (realtimeUrl: string, token: string) =>
  new Promise<ClientSocket>((resolve, reject) => {
    const socket = connectSocket(`${realtimeUrl}${TERMINAL_NAMESPACE}`, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });

/** Everything a terminal socket prints, and a way to wait for a text to appear in it. */
export const screenOf = (socket: ClientSocket) => {
  let text = '';
  const waiters: { needle: string; resolve: () => void }[] = [];
  socket.on('data', (chunk: string) => {
    text += chunk;
    for (const waiter of [...waiters]) {
      if (text.includes(waiter.needle)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  return {
    get text() {
      return text;
    },
    waitFor(needle: string, ms = 5_000) {
      if (text.includes(needle)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter = { needle, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) {
            waiters.splice(index, 1);
            reject(
              new Error(
                `"${needle}" not on screen within ${ms} ms; screen: ${JSON.stringify(text.slice(-300))}`,
              ),
            );
          }
        }, ms);
      });
    },
  };
};
