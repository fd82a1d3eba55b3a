import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerConfigRoutes } from './routes';

const configOf = async (options: Parameters<typeof registerConfigRoutes>[1]) => {
  const app = Fastify({ logger: false });
  registerConfigRoutes(app, options);
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
