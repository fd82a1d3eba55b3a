/**
 * The fault suite (`npm run test:faults`): the built server (apps/server/dist, as `npm start` runs it) as a
 * child process on throwaway data folders, put through what an unlucky operator meets — kill -9 under load,
 * a full disk, damaged, locked and read-only folders — plus backups. The global setup builds the server when
 * its output is stale and makes one seeded data folder that every test copies (a new database costs seconds,
 * a copy almost nothing). Servers listen on port 0; every wait is a generous deadline, never a timing.
 */
import {
  spawn,
  type ChildProcessWithoutNullStreams,
  type SpawnOptionsWithoutStdio,
} from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder made by the built server with migrations and the demo seed, closed cleanly. */
    faultsTemplate: string;
    /** Where tests make their folders (removed after the run). */
    faultsRoot: string;
  }
}

export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(serverRoot, '../..');
export const builtMain = path.join(serverRoot, 'dist/main.js');
export const diskFaultPreload = path.join(serverRoot, 'faults/disk-fault-preload.mjs');

const START_DEADLINE_MS = 120_000;
const EXIT_DEADLINE_MS = 60_000;

/** A fresh folder for one test under the run's root. */
export const scratch = (label: string) => mkdtempSync(path.join(inject('faultsRoot'), `${label}-`));

/** A copy of the seeded template at `<scratch>/data`. */
export const seededDataDir = (label: string) => {
  const dir = path.join(scratch(label), 'data');
  cpSync(inject('faultsTemplate'), dir, { recursive: true });
  return dir;
};

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
}

export interface StartOptions {
  dataDir: string;
  env?: Record<string, string>;
  /** Loads the disk fault preload, driven by this flag file (see disk-fault-preload.mjs). */
  diskFaultFlag?: string;
  uid?: number;
  gid?: number;
  /** Runs the server through `sh -c` with this prefix (e.g. writing its own pid somewhere first). */
  shellPrefix?: string;
}

export const serverEnv = (dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  PORT: '0',
  REALTIME_PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  FAROL_DATA_DIR: dataDir,
  FAROL_STATIC_DIR: path.join(serverRoot, 'no-portal-here'),
  DATABASE_URL: '',
  INIT_CWD: path.dirname(dataDir),
  ...extra,
});

/** Starts the built server (without waiting for it). */
export const spawnServer = (options: StartOptions): ServerProcess => {
  const args = [...(options.diskFaultFlag ? ['--import', diskFaultPreload] : []), builtMain];
  const env = serverEnv(options.dataDir, {
    ...(options.diskFaultFlag ? { FAROL_FAULT_DISK: options.diskFaultFlag } : {}),
    ...options.env,
  });
  const spawnOptions: SpawnOptionsWithoutStdio = {
    cwd: repoRoot,
    env,
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.gid ?? options.uid } : {}),
  };
  const child = options.shellPrefix
    ? spawn(
        '/bin/sh',
        ['-c', `${options.shellPrefix}; exec "$0" "$@"`, process.execPath, ...args],
        spawnOptions,
      )
    : spawn(process.execPath, args, spawnOptions);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
};

export interface RunningServer extends ServerProcess {
  url: string;
  pid: number;
  /** SIGTERM, and the exit code once it is gone. */
  stop(): Promise<number | null>;
}

/** Starts the built server and waits for its "Farol no ar" line. */
export const startServer = async (options: StartOptions): Promise<RunningServer> => {
  const server = spawnServer(options);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      server.child.kill('SIGKILL');
      reject(new Error(`the server did not start in time:\n${server.output()}`));
    }, START_DEADLINE_MS);
    const check = () => {
      const match = /Farol no ar: (http:\/\/\S+)/.exec(server.output());
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    server.child.stdout.on('data', check);
    void server.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before starting:\n${server.output()}`));
    });
  });
  return {
    ...server,
    url,
    pid: server.child.pid!,
    stop: async () => {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
      return waitForExit(server);
    },
  };
};

/** The exit code, or a failure with the output when the process outlives the deadline (then it is killed). */
export const waitForExit = async (server: ServerProcess, deadlineMs = EXIT_DEADLINE_MS) => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      server.child.kill('SIGKILL');
      reject(new Error(`the process did not exit in time:\n${server.output()}`));
    }, deadlineMs);
  });
  try {
    return await Promise.race([server.exited, late]);
  } finally {
    clearTimeout(timer);
  }
};

/** A start that must be refused: its exit code and its one-line reason. */
export const refusedStart = async (options: StartOptions) => {
  const server = spawnServer(options);
  const code = await waitForExit(server);
  const reason = /Farol não pôde iniciar: (.*)/.exec(server.output())?.[1] ?? server.output();
  return { code, reason, output: server.output() };
};

/** Each file's and folder's path, mode, size and content hash: equal before and after means untouched. */
export const treeFingerprint = (dir: string): string[] => {
  const lines: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current).sort()) {
      const full = path.join(current, entry);
      const stat = statSync(full);
      const relative = path.relative(dir, full);
      if (stat.isDirectory()) {
        lines.push(`${relative}/ ${stat.mode.toString(8)}`);
        walk(full);
      } else {
        const hash = createHash('sha1').update(readFileSync(full)).digest('hex');
        lines.push(`${relative} ${stat.mode.toString(8)} ${stat.size} ${hash} ${stat.mtimeMs}`);
      }
    }
  };
  walk(dir);
  return lines;
};

/** fetch with a deadline: a hung server fails the test instead of hanging it. */
export const request = async (
  url: string,
  init: RequestInit & { token?: string; json?: unknown } = {},
  deadlineMs = 60_000,
) => {
  const { token, json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (json !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(url, {
    ...rest,
    headers,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
    signal: AbortSignal.timeout(deadlineMs),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON.
  }
  // Answers are read loosely here; the server suite checks their shapes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: body as any, text, headers: response.headers };
};

export const login = async (baseUrl: string, email = 'admin@farol.dev') => {
  const answer = await request(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    json: { login: email, password: 'farol-demo' },
  });
  if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${answer.text}`);
  return answer.body.token as string;
};

/** The first company a chamado can be opened for. */
export const someCompanyId = async (baseUrl: string, token: string): Promise<number> => {
  const answer = await request(`${baseUrl}/api/tickets/options`, { token });
  return answer.body.companies[0].id as number;
};

/** Polls `probe` until it returns something truthy or the deadline passes (then fails with `what`). */
export const eventually = async <T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  deadlineMs = 90_000,
) => {
  const giveUpAt = Date.now() + deadlineMs;
  let last: unknown = null;
  while (Date.now() < giveUpAt) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} did not happen in time${last ? ` (last error: ${String(last)})` : ''}`);
};

/** A small valid PNG (1×1), as the upload checks content by magic bytes. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A PDF of about `bytes` (random filler after the header, so nothing compresses it away). */
export const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(bytes)]);

export const tmpRoot = () => mkdtempSync(path.join(tmpdir(), 'farol-faults-'));
