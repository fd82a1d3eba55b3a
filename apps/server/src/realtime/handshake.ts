import type { IncomingMessage } from 'node:http';

/** The part of socket.io's handshake the token is read from. */
export interface HandshakeLike {
  auth: Record<string, unknown>;
  headers: IncomingMessage['headers'];
}

/** The value of one cookie in a Cookie header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/**
 * The session token of a handshake: `auth.token` (what the client sends), else a bearer header (non-browser
 * clients), else the session cookie (a same-host page whose token lives only in the HttpOnly cookie).
 */
export function handshakeToken(handshake: HandshakeLike, cookieName: string): string | null {
  const fromAuth = handshake.auth['token'];
  if (typeof fromAuth === 'string') {
    // Some clients send the header form ('Bearer …') as the token.
    const token = fromAuth.replace(/^bearer\s+/i, '').trim();
    if (token !== '') return token;
  }
  const authorization = handshake.headers.authorization;
  if (typeof authorization === 'string' && /^bearer\s+/i.test(authorization)) {
    const bearer = authorization.replace(/^bearer\s+/i, '').trim();
    if (bearer !== '') return bearer;
  }
  const cookie = readCookie(handshake.headers.cookie, cookieName);
  return cookie && cookie !== '' ? cookie : null;
}

function hostnameOf(value: string): string | null {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Whether a browser origin may open a socket. WebSocket upgrades are not covered by CORS, so this check is
 * what stops another site from riding the session cookie (cross-site WebSocket hijacking). A page from the
 * socket's own host name is allowed on any port (the portal is on 3000, sockets on 3001; cookies ignore
 * ports anyway), and so is any origin listed, as for the HTTP same-origin check (FAROL_ALLOWED_ORIGINS).
 * A request without Origin is not a browser page and authenticates with its token like any API client.
 */
export function isOriginAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[] | undefined,
): boolean {
  if (origin === undefined || origin === '') return true;
  if (allowed?.includes(origin) || allowed?.includes('*')) return true;
  const originHost = hostnameOf(origin);
  const requestHost = host ? hostnameOf(host) : null;
  return originHost !== null && originHost === requestHost;
}
