import { createServer } from './app';
import { loadConfig } from './config';
import { DEMO_LOGINS, DEMO_PASSWORD } from './seed/demo';

const SHUTDOWN_TIMEOUT_MS = 10_000;

const main = async () => {
  const config = loadConfig();
  const server = await createServer(config);
  const url = await server.listen();
  const log = server.app.log;

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
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
};

main().catch((error: unknown) => {
  process.stderr.write(`Farol não pôde iniciar: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
