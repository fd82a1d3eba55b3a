import { describe, expect, it } from 'vitest';
import { setupTestServer } from './harness';

const lines: string[] = [];
const t = setupTestServer({
  logger: true,
  logLevel: 'info',
  logStream: { write: (line) => lines.push(line) },
});

describe('structured logs', () => {
  it('are JSON with request ids, and never carry passwords, tokens or cookies', async () => {
    const login = await t.api('POST', '/api/auth/login', {
      body: { login: 'gestor@farol.dev', email: 'gestor@farol.dev', password: 'farol-demo' },
    });
    const token = login.body.token as string;
    await t.api('GET', '/api/profile', { token, cookie: `farol_session=${token}` });
    await t.api('POST', '/api/auth/login', {
      body: { login: 'gestor@farol.dev', password: 'senha-errada-123' },
    });
    await t.api('PUT', '/api/profile', { token, body: '{broken' });

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = entries.filter((entry) => entry.msg === 'request completed');
    expect(completed.length).toBeGreaterThanOrEqual(4);
    for (const entry of completed) expect(entry.reqId).toMatch(/^[0-9a-f-]{36}$/);
    const text = lines.join('\n');
    for (const secret of [token, 'farol-demo', 'senha-errada-123', 'scrypt$'])
      expect(text).not.toContain(secret);
  });
});
