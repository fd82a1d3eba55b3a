import { describe, expect, it } from 'vitest';
import { setupTestServer } from './harness';

const t = setupTestServer();

describe('smoke', () => {
  it('logs in and lists notifications', async () => {
    const token = await t.loginAs('admin@farol.dev');
    const list = await t.api('GET', '/api/notifications?limit=25', { token });
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(0);
    const health = await t.api('GET', '/api/health');
    expect(health.body).toEqual({ status: 'ok', database: 'ok', realtime: 'ok' });
  });
});
