import { createHash } from 'node:crypto';

/** A `<script type>` the browser runs: none, a JavaScript MIME type or module (not a JSON data block). */
const isExecutableType = (attributes: string) => {
  const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase();
  return !type || type === 'module' || /^(text|application)\/(x-)?(java|ecma)script$/.test(type);
};

/**
 * The `'sha256-…'` source of each inline `<script>` of a page that runs (no `src`, not a data block), hashed
 * as the browser hashes them: the element's text, line breaks normalised to LF as HTML parsing does.
 */
export const inlineScriptHashes = (html: string): string[] =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attributes = '']) => !/\bsrc\s*=/i.test(attributes) && isExecutableType(attributes))
    .map(([, , body = '']) => {
      const text = body.replace(/\r\n?/g, '\n');
      return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    });

export interface PortalCspContext {
  /** The page's host name as the browser asked for it (request.hostname). */
  hostname: string;
  /** socket.io's port on that host (0: not listening). */
  realtimePort: number;
  /** REALTIME_URL, when socket.io is reached elsewhere. */
  realtimeUrl: string | null;
}

/** Where the portal's socket connects (`ws:`/`wss:` origins), as the page's runtime config tells it. */
const realtimeSources = ({ hostname, realtimePort, realtimeUrl }: PortalCspContext): string[] => {
  if (realtimeUrl) {
    try {
      const url = new URL(realtimeUrl);
      const secure = url.protocol === 'https:' || url.protocol === 'wss:';
      return [`${secure ? 'https' : 'http'}://${url.host}`, `${secure ? 'wss' : 'ws'}://${url.host}`];
    } catch {
      return [];
    }
  }
  if (realtimePort <= 0) return [];
  // A host name CSP can carry; anything else (an IPv6 literal) falls back to any host on that port.
  const host = /^[a-z0-9.-]{1,253}$/i.test(hostname) ? hostname : '*';
  // Both schemes: behind a TLS proxy nobody declared, the page is https while the request looked like http.
  return [`ws://${host}:${realtimePort}`, `wss://${host}:${realtimePort}`];
};

/**
 * The portal's Content-Security-Policy: scripts from this origin and the inline theme script by its hash (no
 * `unsafe-inline`, no `unsafe-eval`); connections to this origin and socket.io; styles from this origin plus
 * inline ones (the toast library injects its stylesheet, and components set style attributes); images from
 * this origin, `data:` and `blob:` (the favicon, previews of chosen files); no plugins, no framing, forms and
 * `<base>` to this origin only.
 */
export const portalCsp = (scriptHashes: readonly string[], context: PortalCspContext): string =>
  [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...realtimeSources(context)].join(' ')}`,
    "frame-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** The page shown when the portal is not built: its own inline styles, nothing else. */
export const NOT_BUILT_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";
