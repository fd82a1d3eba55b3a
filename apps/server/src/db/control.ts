import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The running server's local control channel: a Unix socket beside the data folder (`<dir>.sock`, mode 0600,
 * so only its owner and root reach it) through which `npm run backup` asks for a consistent copy of the
 * folder the server holds locked. One request per connection: a JSON line `{"op":"backup"}`, answered with a
 * JSON line `{"ok":true,"bytes":N}` and N bytes, or `{"ok":false,"message":"…"}`.
 */
export interface ControlHandlers {
  backup(): Promise<Uint8Array>;
}

export interface ControlServer {
  path: string;
  close(): Promise<void>;
}

/** Unix socket paths are limited to 107 bytes on Linux (103 on macOS). */
const MAX_SOCKET_PATH = 100;

export const controlSocketPath = (dir: string) => `${path.resolve(dir)}.sock`;

const readLine = (socket: net.Socket, limit = 4096): Promise<string> =>
  new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf(10);
      if (end === -1) {
        if (buffered.length > limit) fail(new Error('linha longa demais'));
        return;
      }
      cleanup();
      resolve(buffered.subarray(0, end).toString('utf8'));
    };
    const fail = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onEnd = () => fail(new Error('conexão encerrada antes da resposta'));
    const cleanup = () => {
      socket.off('data', onData);
      socket.off('error', fail);
      socket.off('end', onEnd);
    };
    socket.on('data', onData);
    socket.on('error', fail);
    socket.on('end', onEnd);
  });

/** Listens on `<dir>.sock` (the caller holds the folder's lock, so a socket file left there is stale). */
export const serveControl = async (dir: string, handlers: ControlHandlers): Promise<ControlServer> => {
  const socketPath = controlSocketPath(dir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    throw new Error(`o caminho ${socketPath} é longo demais para um socket Unix`);
  }
  rmSync(socketPath, { force: true });
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    readLine(socket)
      .then(async (line) => {
        const request = JSON.parse(line) as { op?: string };
        if (request.op !== 'backup') throw new Error(`operação desconhecida: ${String(request.op)}`);
        const archive = await handlers.backup();
        socket.write(`${JSON.stringify({ ok: true, bytes: archive.byteLength })}\n`);
        socket.end(archive);
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        if (!socket.destroyed) socket.end(`${JSON.stringify({ ok: false, message })}\n`);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(socketPath, 0o600);
  server.unref();
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};

/** Thrown when no server answers on the folder's socket (none runs, or one that predates the channel). */
export class NoControlServer extends Error {}

/** Asks the server holding `dir` for a backup; NoControlServer when nobody listens there. */
export const requestBackup = (dir: string, timeoutMs = 10 * 60_000): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const socket = net.connect(controlSocketPath(dir));
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('o servidor não respondeu ao pedido de backup a tempo'));
    }, timeoutMs);
    const done = (error: Error | null, value?: Buffer) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(value!);
    };
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (['ENOENT', 'ECONNREFUSED', 'ENOTSOCK'].includes(error.code ?? ''))
        done(new NoControlServer(error.message));
      else done(error);
    });
    socket.once('connect', () => {
      socket.write(`${JSON.stringify({ op: 'backup' })}\n`);
      // One handler for the whole answer: the header line, then the archive's bytes.
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.once('end', () => {
        const answer = Buffer.concat(chunks);
        const end = answer.indexOf(10);
        let header: { ok?: boolean; bytes?: number; message?: string };
        try {
          header = end === -1 ? {} : (JSON.parse(answer.subarray(0, end).toString('utf8')) as typeof header);
        } catch {
          header = {};
        }
        if (!header.ok)
          return done(new Error(header.message ?? 'o servidor não respondeu ao pedido de backup'));
        const archive = answer.subarray(end + 1);
        if (archive.length !== header.bytes) {
          return done(new Error(`backup incompleto: ${archive.length} de ${header.bytes} bytes`));
        }
        done(null, archive);
      });
    });
  });
