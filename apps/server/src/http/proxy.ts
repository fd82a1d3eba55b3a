import { isIP } from 'node:net';

/**
 * Which peers may speak for the client through X-Forwarded-For/-Proto/-Host (FAROL_TRUST_PROXY): nobody
 * (false, the default), the nearest `n` hops, or the proxies at these addresses and ranges. Read by the login
 * limits and the audit trail (the client's address), the session cookie (Secure over TLS) and the same-origin
 * check (scheme and host).
 */
export type TrustProxy = false | number | readonly string[];

/** proxy-addr's names for common ranges, accepted beside addresses and CIDRs. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (value: string) => {
  if (RANGE_NAMES.has(value)) return true;
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^[0-9]{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
};

/** FAROL_TRUST_PROXY: unset, `0`, `false` or `off` → off; a whole number → that many hops; else a comma list. */
export const parseTrustProxy = (value: string | undefined): TrustProxy => {
  const text = value?.trim() ?? '';
  if (text === '' || /^(0|false|off|no)$/i.test(text)) return false;
  if (/^[0-9]+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(`FAROL_TRUST_PROXY inválido: ${text} saltos (no máximo 10)`);
    return hops;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length > 0) {
    throw new Error(
      `FAROL_TRUST_PROXY inválido: ${invalid.join(', ')} (use um número de saltos, endereços IP, faixas CIDR ou loopback)`,
    );
  }
  return entries;
};

/**
 * Fastify's `trustProxy` for a setting. A hop count becomes a function trusting the first `n` addresses from
 * the socket inwards: fastify 5 treats a bare number as "trust nobody", since a hop count cannot tell the
 * proxy from a client that reached the server directly — so a hop count is for servers only the proxy reaches.
 */
export const fastifyTrustProxy = (
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) => {
  if (setting === false || setting === 0) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return [...setting];
};
