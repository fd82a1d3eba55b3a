import { createServer } from './app';
import { loadConfig } from './config';
import { DEMO_LOGINS, DEMO_PASSWORD } from './seed/demo';

const SHUTDOWN_TIMEOUT_MS = 10_000;

const main = async () => {
  const config = loadConfig();
  const server = await createServer(config);
  const url = await server.listen();
  const log = server.app.log;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: draining requests, closing sockets and the database');
    const timer = setTimeout(() => {
      log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    server.close().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // Before the start line: whoever waits for it may signal at once.
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${config.dataDir}`;
  const lines = [
    '',
    `  Farol no ar: ${url}`,
    `  Tempo real: porta ${server.realtime.port} (socket.io, caminho /socket.io)`,
    `  Banco de dados: ${storage}`,
  ];
  if (config.demo) {
    lines.push('', `  Logins de demonstração (senha: ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS) lines.push(`    ${login.email.padEnd(24)} ${login.description}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
};

/** One line, whatever was thrown (PGlite has thrown plain objects: "[object Object]"). */
const oneLine = (error: unknown) => {
  let text: string;
  if (error instanceof Error) text = error.message;
  else if (typeof error === 'string') text = error;
  else {
    try {
      text = JSON.stringify(error) ?? String(error);
    } catch {
      text = String(error);
    }
  }
  return text.replace(/\s*\n\s*/g, ' ').trim();
};

main().catch((error: unknown) => {
  process.stderr.write(`Farol não pôde iniciar: ${oneLine(error)}\n`);
  process.exit(1);
});
