import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '@farol/data/contract';
import { setupTestServer } from './harness';

// A built portal stand-in: index.html and one hashed asset.
const staticDir = mkdtempSync(path.join(tmpdir(), 'farol-portal-'));
mkdirSync(path.join(staticDir, 'assets'));
writeFileSync(
  path.join(staticDir, 'index.html'),
  '<!doctype html><title>Farol — Suporte e Operações</title>',
);
const ASSET = `export const x = ${JSON.stringify('farol '.repeat(2000))};`;
writeFileSync(path.join(staticDir, 'assets', 'app-3f9a1c.js'), ASSET);

const t = setupTestServer({ demo: false, staticDir });

describe('bad input', () => {
  it('answers malformed JSON with 400 JSON inválido', async () => {
    const user = await t.createUser();
    const response = await t.api('PUT', '/api/profile', { token: user.token, body: '{"theme": "oce' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'invalid_json', message: 'JSON inválido' });
  });

  it('answers wrong types with 400 and field details, storing nothing', async () => {
    const user = await t.createUser();
    const response = await t.api('PUT', '/api/profile', {
      token: user.token,
      body: { theme: ['x'], first_name: 7 },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'validation_failed',
      message: 'Dados inválidos',
      details: { theme: 'Tema deve ser um texto', first_name: 'Nome deve ser um texto' },
    });
  });

  it('refuses a body over 1 MB with 413 and stores nothing', async () => {
    const user = await t.createUser();
    const huge = JSON.stringify({ theme: 'oceano', first_name: 'a'.repeat(1024 * 1024 + 10) });
    const response = await t.api('PUT', '/api/profile', { token: user.token, body: huge });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      error: 'payload_too_large',
      message: 'Corpo da requisição muito grande',
    });
    const profile = await t.api('GET', '/api/profile', { token: user.token });
    expect(profile.body.theme).toBe('default');
  });

  it('refuses an unsupported content type with 415', async () => {
    const user = await t.createUser();
    const response = await t.api('PUT', '/api/profile', {
      token: user.token,
      body: 'theme=oceano',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(apiErrorBodySchema.parse(response.body)).toMatchObject({ error: 'unsupported_media_type' });
  });

  it('accepts an empty body sent with the JSON header (clients do that on POST)', async () => {
    const user = await t.createUser();
    const response = await t.api('POST', '/api/notifications/mark-all-read', {
      token: user.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
  });

  it('answers unknown API routes with JSON 404 and never leaks a stack', async () => {
    const response = await t.api('GET', '/api/nada-aqui');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'not_found', message: 'Rota não encontrada' });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const post = await t.api('POST', '/api/nada-aqui', { body: { a: 1 } });
    expect(post.status).toBe(404);
    for (const body of ['{', '[1,', '{"__proto__": {"admin": true}}']) {
      const answer = await t.api('POST', '/api/auth/login', { body });
      expect(answer.text).not.toMatch(/at .*\.(ts|js):\d+/);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
  });
});

describe('health', () => {
  it('reports the database and the realtime server', async () => {
    const response = await t.api('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'ok', realtime: 'ok' });
  });
});

describe('the built portal', () => {
  it('serves index.html for page paths (SPA fallback), revalidated on every load', async () => {
    for (const pathname of ['/', '/dashboard', '/portal/tickets/42', '/support/ticket/7?x=1']) {
      const response = await fetch(`${t.baseUrl}${pathname}`);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('Farol — Suporte e Operações');
    }
  });

  it('serves hashed assets immutable and compressed (br, gzip)', async () => {
    const br = await fetch(`${t.baseUrl}/assets/app-3f9a1c.js`, { headers: { 'accept-encoding': 'br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-encoding')).toBe('br');
    // fetch decodes br itself; the raw size shows it was compressed.
    expect(await br.text()).toBe(ASSET);
    const raw = await new Promise<Buffer>((resolve, reject) => {
      import('node:http').then(({ get }) => {
        get(`${t.baseUrl}/assets/app-3f9a1c.js`, { headers: { 'accept-encoding': 'br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        }).on('error', reject);
      }, reject);
    });
    expect(raw.length).toBeLessThan(ASSET.length / 5);
    expect(brotliDecompressSync(raw).toString()).toBe(ASSET);
    const gzip = await fetch(`${t.baseUrl}/assets/app-3f9a1c.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const response = await fetch(`${t.baseUrl}/assets/missing-123.js`);
    expect(response.status).toBe(404);
    const api = await t.api('GET', '/api/missing');
    expect(api.body.error).toBe('not_found');
  });
});

describe('health when the database is gone', () => {
  it('answers 503 with database down (runs last: it closes this file’s database)', async () => {
    await t.server.db.close();
    const response = await t.api('GET', '/api/health');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ status: 'error', database: 'down', realtime: 'ok' });
  });
});
