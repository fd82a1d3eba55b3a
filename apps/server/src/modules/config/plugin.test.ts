import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../config';
import '../../decorations';
import { registerFoundation } from '../../http/foundation';
import type { RealtimeServer } from '../../realtime';
import { configPlugin } from './plugin';

interface ConfigOptions {
  realtimePort: () => number;
  realtimeUrl?: string | null;
}

/** The plugin alone on a bare instance, with the two decorations it reads. */
const configOf = async (options: ConfigOptions) => {
  const app = Fastify({ logger: false });
  app.decorate('config', { realtimeUrl: options.realtimeUrl ?? null } as ServerConfig);
  app.decorate('realtime', {
    get port() {
      return options.realtimePort();
    },
  } as RealtimeServer);
  registerFoundation(app);
  await app.register(configPlugin, { prefix: '/api/config' });
  const response = await app.inject({ method: 'GET', url: '/api/config' });
  await app.close();
  return { status: response.statusCode, body: response.json() as unknown };
};

describe('GET /api/config', () => {
  it('answers the port socket.io is bound to, read at request time', async () => {
    let port = 0;
    const options = { realtimePort: () => port };
    port = 43_210;
    expect(await configOf(options)).toEqual({ status: 200, body: { realtimePort: 43_210 } });
  });

  it('adds REALTIME_URL as realtimeUrl when set, ignoring blanks', async () => {
    expect(
      (await configOf({ realtimePort: () => 3001, realtimeUrl: ' https://rt.example.com ' })).body,
    ).toEqual({ realtimePort: 3001, realtimeUrl: 'https://rt.example.com' });
    expect((await configOf({ realtimePort: () => 3001, realtimeUrl: '  ' })).body).toEqual({
      realtimePort: 3001,
    });
  });
});
