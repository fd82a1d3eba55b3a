import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC } from './access';
import { inlineScriptHashes, NOT_BUILT_CSP, portalCsp } from './csp';
import { publicConfigOf, withRuntimeConfig } from './public-config';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Farol — portal não construído</title></head>
<body style="font-family: system-ui, sans-serif; background: #0b1120; color: #e2e8f0; padding: 3rem;">
<main style="max-width: 40rem; margin: auto;">
<h1>O portal ainda não foi construído</h1>
<p>O servidor do Farol está no ar e a API responde em <code>/api</code>, mas a pasta do portal não existe.</p>
<p>Para construí-lo, rode <code>npm run build -w @farol/portal</code> (ou simplesmente <code>npm start</code>) e
recarregue esta página.</p>
</main>
</body>
</html>
`;

/** Non-/api GETs that look like page navigations (no file extension) get the SPA's index.html. */
const isSpaNavigation = (request: FastifyRequest) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  return !/\.[a-z0-9]+$/i.test(pathname);
};

/**
 * index.html and the hashes of its inline scripts, read at start and again whenever the file changes (a
 * rebuild while the server runs), so the policy always allows exactly the theme script being served.
 */
const indexPageOf = (indexFile: string) => {
  let seen = { mtimeMs: -1, html: '', hashes: [] as string[] };
  return () => {
    const { mtimeMs } = statSync(indexFile);
    if (mtimeMs !== seen.mtimeMs) {
      const html = readFileSync(indexFile, 'utf8');
      seen = { mtimeMs, html, hashes: inlineScriptHashes(html) };
    }
    return seen;
  };
};

/**
 * Serves the built portal from `staticDir` (hashed /assets/* cached for good, index.html revalidated) with
 * an SPA fallback; without a build, `/` explains how to make one. Returns the fallback for the 404 handler.
 * Every HTML page it serves carries the portal's Content-Security-Policy (http/csp.ts) and its runtime config
 * as a data block (http/public-config.ts), so the portal starts without asking GET /api/config.
 */
export const registerStatic = async (
  app: FastifyInstance,
  staticDir: string | null,
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<boolean>> => {
  const indexFile = staticDir ? path.join(staticDir, 'index.html') : null;
  if (!staticDir || !indexFile || !existsSync(indexFile)) {
    app.get('/', { config: { access: PUBLIC }, schema: { hide: true } as object }, async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', NO_CACHE)
        .header('content-security-policy', NOT_BUILT_CSP)
        .send(NOT_BUILT_PAGE),
    );
    return async () => false;
  }

  const indexPage = indexPageOf(indexFile);
  /** index.html with this server's runtime config, revalidated by its ETag. */
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = withRuntimeConfig(indexPage().html, publicConfigOf(app));
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    void reply.header('cache-control', NO_CACHE).header('etag', etag).type('text/html; charset=utf-8');
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).send();
    }
    return reply.send(html);
  };
  // The portal's pages, whichever way they are served ('/', '/index.html', the SPA fallback); never the API's.
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return payload;
    if (
      request.url === '/api' ||
      request.url.startsWith('/api/') ||
      reply.hasHeader('content-security-policy')
    ) {
      return payload;
    }
    void reply.header(
      'content-security-policy',
      portalCsp(indexPage().hashes, {
        hostname: request.hostname,
        realtimePort: app.realtime.port,
        realtimeUrl: app.config.realtimeUrl,
      }),
    );
    return payload;
  });

  // The page itself never comes from the folder as a file: '/' and '/index.html' (static routes, ranked above
  // the plugin's wildcard) and the SPA fallback all send it with the runtime config.
  for (const url of ['/', '/index.html']) {
    app.get(url, { config: { access: PUBLIC }, schema: { hide: true } as object }, sendIndex);
  }
  await app.registerPublic(() =>
    app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      wildcard: true,
      index: false,
      cacheControl: false,
      dotfiles: 'ignore',
      setHeaders: (reply, filePath) => {
        const relative = path.relative(staticDir, filePath).split(path.sep).join('/');
        void reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : NO_CACHE);
      },
    }),
  );

  return async (request, reply) => {
    if (!isSpaNavigation(request)) return false;
    await sendIndex(request, reply);
    return true;
  };
};
