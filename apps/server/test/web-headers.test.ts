import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, portalCsp } from '../src/http/csp';
import { RUNTIME_CONFIG_ELEMENT_ID, withRuntimeConfig } from '../src/http/public-config';
import { setupTestServer } from './harness';

/** Issue 11, item 14: a strict CSP on the portal's pages, and no-store on JSON answers. */
const THEME_SCRIPT =
  "\n      (function () {\r\n        document.documentElement.classList.add('dark');\n      })();\n    ";
const staticDir = mkdtempSync(path.join(tmpdir(), 'farol-portal-csp-'));
mkdirSync(path.join(staticDir, 'assets'));
writeFileSync(
  path.join(staticDir, 'index.html'),
  `<!doctype html><html><head><title>Farol</title><script>${THEME_SCRIPT}</script>` +
    '<script type="module" crossorigin src="/assets/index-abc.js"></script></head><body></body></html>',
);
writeFileSync(path.join(staticDir, 'assets', 'index-abc.js'), 'export {};');

const t = setupTestServer({ demo: false, staticDir });

/** The browser hashes the script's text with line breaks as LF. */
const themeHash = `'sha256-${createHash('sha256').update(THEME_SCRIPT.replace(/\r\n/g, '\n')).digest('base64')}'`;

const directives = (policy: string) =>
  new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

describe('Content-Security-Policy on the portal’s pages', () => {
  it('allows scripts from self and the inline theme script by its hash, never inline or eval', async () => {
    for (const pathname of ['/', '/index.html', '/dashboard', '/portal/tickets/3']) {
      const response = await fetch(`${t.baseUrl}${pathname}`);
      expect(response.status, pathname).toBe(200);
      const policy = response.headers.get('content-security-policy') ?? '';
      const csp = directives(policy);
      expect(csp.get('script-src'), pathname).toEqual(["'self'", themeHash]);
      expect(policy).not.toMatch(/unsafe-eval/);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      const port = t.server.realtime.port;
      expect(csp.get('connect-src')).toEqual(["'self'", `ws://127.0.0.1:${port}`, `wss://127.0.0.1:${port}`]);
    }
  });

  it('leaves assets and the API without it', async () => {
    const asset = await fetch(`${t.baseUrl}/assets/index-abc.js`);
    expect(asset.headers.get('content-security-policy')).toBeNull();
    const api = await fetch(`${t.baseUrl}/api/health`);
    expect(api.headers.get('content-security-policy')).toBeNull();
  });

  it('hashes only inline scripts, and names REALTIME_URL’s origin when set', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><script type="module">x()</script>')).toEqual([
      `'sha256-${createHash('sha256').update('x()').digest('base64')}'`,
    ]);
    const policy = directives(
      portalCsp([], {
        hostname: 'suporte.exemplo',
        realtimePort: 3001,
        realtimeUrl: 'https://rt.exemplo/socket',
      }),
    );
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://rt.exemplo', 'wss://rt.exemplo']);
    const ipv6 = directives(portalCsp([], { hostname: '[::1]', realtimePort: 3001, realtimeUrl: null }));
    expect(ipv6.get('connect-src')).toEqual(["'self'", 'ws://*:3001', 'wss://*:3001']);
  });
});

/** Issue 18: the page carries what GET /api/config answers, so the portal starts without asking. */
describe('The runtime config in the served page', () => {
  const configIn = (html: string) => {
    const block = new RegExp(
      `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">([^<]*)</script>`,
    ).exec(html);
    return block ? (JSON.parse(block[1] ?? '') as unknown) : null;
  };

  it('is a data block in every page, the same as GET /api/config, outside the script policy', async () => {
    const answer = (await t.api('GET', '/api/config')).body;
    expect(answer).toEqual({ realtimePort: t.server.realtime.port });
    for (const pathname of ['/', '/index.html', '/login', '/portal/tickets/3']) {
      const response = await fetch(`${t.baseUrl}${pathname}`);
      const html = await response.text();
      expect(configIn(html), pathname).toEqual(answer);
      // Only the theme script is hashed: a JSON block is not run, so script-src does not apply to it.
      const csp = directives(response.headers.get('content-security-policy') ?? '');
      expect(csp.get('script-src'), pathname).toEqual(["'self'", themeHash]);
      expect(html.indexOf(RUNTIME_CONFIG_ELEMENT_ID)).toBeLessThan(html.indexOf('</head>'));
    }
  });

  it('is revalidated by its ETag (304 while the page and the config are the same)', async () => {
    const first = await fetch(`${t.baseUrl}/dashboard`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${t.baseUrl}/support`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    const other = await fetch(`${t.baseUrl}/support`, { headers: { 'if-none-match': '"outro"' } });
    expect(other.status).toBe(200);
  });

  it('cannot be closed early by what it carries, and data blocks are never hashed', () => {
    const html = withRuntimeConfig('<html><head><title>x</title></head><body></body></html>', {
      realtimePort: 3001,
      realtimeUrl: 'https://rt.exemplo/</script><script>alert(1)</script>',
    });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(configIn(html)).toEqual({
      realtimePort: 3001,
      realtimeUrl: 'https://rt.exemplo/</script><script>alert(1)</script>',
    });
    expect(inlineScriptHashes(html)).toEqual([]);
    expect(withRuntimeConfig('<p>sem head</p>', { realtimePort: 1 })).toMatch(
      /^<script type="application\/json"/,
    );
  });
});

describe('Cache-Control on JSON answers', () => {
  it('is no-store on authenticated answers and the login, and routes keep their own', async () => {
    const user = await t.createUser({ role: 'tecnico', permissions: ['tickets.view'] });
    for (const pathname of ['/api/profile', '/api/notifications', '/api/tickets', '/api/messages']) {
      const response = await t.api('GET', pathname, { token: user.token });
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('cache-control'), pathname).toBe('no-store');
    }
    const login = await t.api('POST', '/api/auth/login', {
      body: { login: user.email, password: 'farol-demo' },
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect((await t.api('GET', '/api/config')).headers.get('cache-control')).toBe('no-cache');
    // The portal's page keeps its revalidation.
    expect((await fetch(`${t.baseUrl}/dashboard`)).headers.get('cache-control')).toBe('no-cache');
  });
});
