// The reference server as `npm start` composes it (createServer + loadConfig from the environment), plus a
// test-only control port on 127.0.0.1: the API offers no route that makes the server notify someone, and
// `notify` lives in this process, so the end-to-end tests reach it here. Run with tsx (Node 20 runs no TS).
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from '../../../server/src/app';
import { loadConfig } from '../../../server/src/config';
import { READY_MARKER, type E2eServerAddresses, type NotifyRequest } from './server-protocol';

const readJson = async (request: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
};

const isNotifyRequest = (value: unknown): value is NotifyRequest =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as NotifyRequest).email === 'string' &&
  typeof (value as NotifyRequest).notification === 'object';

const main = async () => {
  const server = await createServer(loadConfig(process.env));
  const url = await server.listen();

  const control = createHttpServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/notify') return answer(404, { error: 'not_found' });
    readJson(request)
      .then(async (body) => {
        if (!isNotifyRequest(body)) return answer(400, { error: 'expected {email, notification}' });
        const { rows } = await server.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
          body.email,
        ]);
        const user = rows[0];
        if (!user) return answer(404, { error: `no user ${body.email}` });
        answer(201, await server.notify(user.id, body.notification));
      })
      .catch((error: unknown) => answer(500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const { port: controlPort } = control.address() as AddressInfo;

  const addresses: E2eServerAddresses = {
    url,
    realtimePort: server.realtime.port,
    controlUrl: `http://127.0.0.1:${controlPort}`,
  };
  process.stdout.write(`${READY_MARKER}${JSON.stringify(addresses)}\n`);

  const stop = () => {
    control.close();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
};

main().catch((error: unknown) => {
  process.stderr.write(
    `e2e server failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
