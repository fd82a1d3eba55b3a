import type { LoginRateLimit } from '../../config';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/errors';

const keysFor = (ip: string, account: string) => [`ip:${ip}`, `account:${account.trim().toLowerCase()}`];

/**
 * Throws 429 with Retry-After when the IP or the account has used its failed attempts in the window.
 * Stored in the database so that every server process and a restart see the same counts.
 */
export const assertLoginAllowed = async (
  db: Database,
  limits: LoginRateLimit,
  ip: string,
  account: string,
) => {
  const [ipKey, accountKey] = keysFor(ip, account);
  const since = new Date(Date.now() - limits.windowMs);
  const { rows } = await db.query<{ key: string; failures: number; oldest: Date }>(
    `SELECT key, count(*)::int AS failures, min(at) AS oldest
       FROM login_failures WHERE key = ANY($1::text[]) AND at > $2 GROUP BY key`,
    [[ipKey, accountKey], since],
  );
  for (const row of rows) {
    const limit = row.key === ipKey ? limits.perIp : limits.perAccount;
    if (row.failures < limit) continue;
    const retryAfter = Math.max(
      1,
      Math.ceil((new Date(row.oldest).getTime() + limits.windowMs - Date.now()) / 1000),
    );
    throw new HttpError(
      429,
      'rate_limited',
      'Muitas tentativas. Tente novamente em alguns minutos.',
      undefined,
      { 'retry-after': String(retryAfter) },
    );
  }
};

export const recordLoginFailure = async (db: Database, ip: string, account: string) => {
  const [ipKey, accountKey] = keysFor(ip, account);
  await db.query('INSERT INTO login_failures (key) VALUES ($1), ($2)', [ipKey, accountKey]);
  // Old rows are useless; trimming here keeps the table small without a scheduler.
  if (Math.random() < 0.05) {
    await db.query("DELETE FROM login_failures WHERE at < now() - interval '1 day'");
  }
};

/** A successful login forgets the account's failures (not the IP's). */
export const clearAccountFailures = async (db: Database, account: string) => {
  await db.query('DELETE FROM login_failures WHERE key = $1', [keysFor('', account)[1]]);
};
