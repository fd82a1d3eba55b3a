import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REALTIME_DEFAULT_PORT } from '@farol/data/contract';
import { parseTrustProxy, type TrustProxy } from './http/proxy';

export interface LoginRateLimit {
  /** Failed logins allowed per client IP inside the window. */
  perIp: number;
  /**
   * Failed logins allowed per account from one address inside the window (the account resolved from whichever
   * field named it, else the identifier typed); then that address waits for the window, other addresses not.
   */
  perAccount: number;
  windowMs: number;
  /**
   * Per-account progressive delay: once an account has `afterFailures` failures in the window from any
   * address, an address that has failed on it waits `baseMs`, doubled per further failure up to `maxMs`, after
   * the account's last failure. An address without failures on the account is never held back.
   */
  accountDelay?: { afterFailures: number; baseMs: number; maxMs: number } | undefined;
}

export interface ServerConfig {
  port: number;
  realtimePort: number;
  host: string;
  /** PGlite data folder ('memory://' for an in-memory database). Ignored when databaseUrl is set. */
  dataDir: string;
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl: string | null;
  /** Seed the demo companies, users and notifications when the database has no users yet. */
  demo: boolean;
  /** Folder of the built portal; served with an SPA fallback when it exists. */
  staticDir: string | null;
  logLevel: string;
  loginRateLimit: LoginRateLimit;
  /** Which proxies may speak for the client (FAROL_TRUST_PROXY): off, a hop count or addresses/CIDRs. */
  trustProxy: TrustProxy;
  /** Always mark the session cookie Secure (FAROL_COOKIE_SECURE=1); else only over TLS. */
  cookieSecure: boolean;
  /** Extra origins allowed to make cookie-authenticated writes (besides the server's own host). */
  allowedOrigins: string[];
  /** JSON body limit in bytes. */
  bodyLimit: number;
  /** A full socket.io URL for browsers (behind a proxy), reported by GET /api/config (REALTIME_URL). */
  realtimeUrl: string | null;
  /**
   * How long a verified session is remembered (default: 60 s on PGlite, 5 s on PostgreSQL; 0 turns the cache
   * off); a change to the session or its user drops it at once either way. Tests and benches set it.
   */
  sessionCacheMs?: number | undefined;
  /**
   * Keep each user's notification pages in memory, dropped when the database announces a change to them (on by
   * default; off: every read asks the database). The bench turns it off to compare.
   */
  notificationCache?: boolean | undefined;
  /** Keep tickets list pages in memory (default: on PGlite only); the bench turns it off to compare. */
  ticketListCache?: boolean | undefined;
  /** Address lookup by CEP: the provider's URL with `{cep}` (FAROL_CEP_PROVIDER_URL); null turns it off. */
  cepProviderUrl: string | null;
  /** How long a CEP lookup may take (3 s unless a test says otherwise). */
  cepTimeoutMs?: number | undefined;
  /** Room kept free on the PGlite folder's disk: writes are refused (507) below it; 0 turns it off. */
  diskReserveBytes?: number | undefined;
  /** Where invitation and password-reset e-mails go out (SMTP_URL, `smtp://user:pass@host:587`); null: links are shown to copy. */
  smtpUrl?: string | null | undefined;
  /** The From of those e-mails (FAROL_MAIL_FROM). */
  mailFrom?: string | undefined;
  /** The portal's address in e-mailed links (FAROL_PUBLIC_URL); else the request's own scheme and host. */
  publicUrl?: string | null | undefined;
}

/** apps/server, found upwards from this file, whether it runs from src/ (tsx) or dist/ (the bundle). */
const serverRoot = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();

export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = {
  perIp: 30,
  perAccount: 5,
  windowMs: 15 * 60 * 1000,
  accountDelay: { afterFailures: 5, baseMs: 1000, maxMs: 5 * 60 * 1000 },
};

export const defaultConfig = (): ServerConfig => ({
  port: 3000,
  realtimePort: REALTIME_DEFAULT_PORT,
  host: '0.0.0.0',
  dataDir: path.resolve('.farol-data'),
  databaseUrl: null,
  demo: true,
  staticDir: path.resolve(serverRoot, '../portal/dist'),
  logLevel: 'info',
  loginRateLimit: DEFAULT_LOGIN_RATE_LIMIT,
  trustProxy: false,
  cookieSecure: false,
  allowedOrigins: [],
  bodyLimit: 1024 * 1024,
  realtimeUrl: null,
  cepProviderUrl: null,
});

const toPort = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} inválida: ${value}`);
  return port;
};

const toMegabytes = (value: string | undefined, name: string): number | undefined => {
  if (value === undefined || value.trim() === '') return undefined;
  const megabytes = Number(value);
  if (!Number.isFinite(megabytes) || megabytes < 0) throw new Error(`${name} inválido: ${value}`);
  return Math.round(megabytes * 1024 * 1024);
};

const isTruthy = (value: string | undefined) => value !== undefined && /^(1|true|yes|on)$/i.test(value);

// npm runs workspace scripts inside the workspace; INIT_CWD is where the person typed the command, so
// `npm start` and `npm run create-admin -w @farol/server` agree on what `.farol-data` means.
const resolveFromInvocation = (env: NodeJS.ProcessEnv, value: string) =>
  path.resolve(env.INIT_CWD ?? process.cwd(), value);

/** Reads the environment of the server (apps/server plan): PORT, REALTIME_PORT, HOST, FAROL_DATA_DIR, … */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): ServerConfig => {
  const defaults = defaultConfig();
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  return {
    ...defaults,
    port: toPort(env.PORT, defaults.port, 'PORT'),
    realtimePort: toPort(env.REALTIME_PORT, defaults.realtimePort, 'REALTIME_PORT'),
    host: env.HOST?.trim() || defaults.host,
    dataDir: resolveFromInvocation(env, env.FAROL_DATA_DIR?.trim() || '.farol-data'),
    databaseUrl,
    // The embedded database is seeded on first start; PostgreSQL only when asked to (FAROL_DEMO=1).
    demo: databaseUrl ? isTruthy(env.FAROL_DEMO) : env.FAROL_DEMO === undefined || isTruthy(env.FAROL_DEMO),
    staticDir: env.FAROL_STATIC_DIR?.trim()
      ? resolveFromInvocation(env, env.FAROL_STATIC_DIR.trim())
      : defaults.staticDir,
    logLevel: env.LOG_LEVEL?.trim() || defaults.logLevel,
    allowedOrigins: (env.FAROL_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    realtimeUrl: env.REALTIME_URL?.trim() || null,
    trustProxy: parseTrustProxy(env.FAROL_TRUST_PROXY),
    cookieSecure: isTruthy(env.FAROL_COOKIE_SECURE),
    cepProviderUrl: env.FAROL_CEP_PROVIDER_URL?.trim() || null,
    diskReserveBytes: toMegabytes(env.FAROL_DISK_RESERVE_MB, 'FAROL_DISK_RESERVE_MB'),
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.FAROL_MAIL_FROM?.trim() || undefined,
    publicUrl: env.FAROL_PUBLIC_URL?.trim().replace(/\/+$/, '') || null,
  };
};
