import type { LoginRateLimit } from '../../config';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/errors';

/** An identifier as the login compares it: the same account however it is typed. */
export const normaliseIdentifier = (value: string) => value.normalize('NFKC').trim().toLowerCase();

/**
 * The account keys a login attempt counts against: the resolved account's (its e-mail, whichever field or
 * spelling named it, so a username and its e-mail share one count), or, when no account matches, every
 * identifier typed (so a decoy in one field changes nothing).
 */
export const accountKeysFor = (account: { email: string } | undefined, identifiers: readonly string[]) =>
  account
    ? [`account:${normaliseIdentifier(account.email)}`]
    : [...new Set(identifiers.map(normaliseIdentifier).filter(Boolean))].map((id) => `account:${id}`);

const ipKey = (ip: string) => `ip:${ip}`;
const pairKey = (ip: string, accountKey: string) => `pair:${ip}|${accountKey}`;

const tooMany = (retryAfterMs: number) =>
  new HttpError(429, 'rate_limited', 'Muitas tentativas. Tente novamente em alguns minutos.', undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
  });

interface Counted {
  failures: number;
  oldest: number;
  newest: number;
}

/**
 * Throws 429 with Retry-After when this attempt may not be tried now:
 * - the address has used its failures across accounts (`perIp`);
 * - the address has used its failures on this account (`perAccount`): a hard limit for that pair alone, so
 *   nobody can lock an account for everyone else;
 * - the account is under attack (`accountDelay.afterFailures` from any address) and this address is one that
 *   failed on it: it waits a delay that doubles per failure. An address without failures on the account — its
 *   owner on their usual machine — is never held back, so a correct password from there still works.
 * Counts live in the database, so every process and a restart see the same.
 */
export const assertLoginAllowed = async (
  db: Database,
  limits: LoginRateLimit,
  ip: string,
  accountKeys: readonly string[],
) => {
  const pairs = accountKeys.map((key) => pairKey(ip, key));
  const since = new Date(Date.now() - limits.windowMs);
  const { rows } = await db.query<{ key: string; failures: number; oldest: Date; newest: Date }>(
    `SELECT key, count(*)::int AS failures, min(at) AS oldest, max(at) AS newest
       FROM login_failures WHERE key = ANY($1::text[]) AND at > $2 GROUP BY key`,
    [[ipKey(ip), ...accountKeys, ...pairs], since],
  );
  const counts = new Map<string, Counted>(
    rows.map((row) => [
      row.key,
      {
        failures: row.failures,
        oldest: new Date(row.oldest).getTime(),
        newest: new Date(row.newest).getTime(),
      },
    ]),
  );
  const now = Date.now();
  const windowEnd = (counted: Counted) => counted.oldest + limits.windowMs - now;

  const byIp = counts.get(ipKey(ip));
  if (byIp && byIp.failures >= limits.perIp) throw tooMany(windowEnd(byIp));
  for (const [index, accountKey] of accountKeys.entries()) {
    const pair = counts.get(pairs[index]!);
    if (!pair) continue;
    if (pair.failures >= limits.perAccount) throw tooMany(windowEnd(pair));
    const account = counts.get(accountKey);
    const delay = limits.accountDelay;
    if (!account || !delay || account.failures < delay.afterFailures) continue;
    const wait = Math.min(delay.baseMs * 2 ** (account.failures - delay.afterFailures), delay.maxMs);
    const remaining = account.newest + wait - now;
    if (remaining > 0) throw tooMany(remaining);
  }
};

export const recordLoginFailure = async (db: Database, ip: string, accountKeys: readonly string[]) => {
  const keys = [ipKey(ip), ...accountKeys, ...accountKeys.map((key) => pairKey(ip, key))];
  await db.query('INSERT INTO login_failures (key) SELECT unnest($1::text[])', [keys]);
  // Old rows are useless; trimming here keeps the table small without a scheduler.
  if (Math.random() < 0.05) {
    await db.query("DELETE FROM login_failures WHERE at < now() - interval '1 day'");
  }
};

/**
 * A successful login forgets the account's failures and this address's on it (the account is no longer under
 * pressure from its owner's point of view); other addresses keep theirs, and the address its failures on
 * other accounts.
 */
export const clearAccountFailures = async (db: Database, ip: string, accountKey: string) => {
  await db.query('DELETE FROM login_failures WHERE key = ANY($1::text[])', [
    [accountKey, pairKey(ip, accountKey)],
  ]);
};
