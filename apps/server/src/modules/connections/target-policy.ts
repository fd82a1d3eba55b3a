/**
 * The gateway's egress policy (issue 15): the server connects to targets on people's behalf, so it must not
 * become a way into what only it can reach. Refused unless an admin allowed the target explicitly:
 * - loopback (127.0.0.0/8, ::1), the unspecified address (0.0.0.0/8, ::), link-local (169.254.0.0/16,
 *   fe80::/10) and the cloud metadata addresses (169.254.169.254, fd00:ec2::254), IPv4-mapped forms included;
 * - this machine's own addresses on Farol's own ports (the web and realtime ports).
 * A company with allowed networks (CIDRs or host names, `*.acme.local` for a domain) reaches only those.
 * Host names are resolved (every address) and each address is checked, so a name cannot hide a refused one.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { Database } from '../../db/database';

export type RefusedClass = 'loopback' | 'unspecified' | 'link_local' | 'metadata' | 'own_port';

const CLASS_LABELS: Record<RefusedClass, string> = {
  loopback: 'o próprio servidor (loopback)',
  unspecified: 'um endereço não especificado',
  link_local: 'um endereço link-local',
  metadata: 'o serviço de metadados da nuvem',
  own_port: 'uma porta do próprio Farol',
};

/** An admin's allowance for a refused target: a CIDR, an address or a host name, and optionally a port. */
export interface InternalAllowance {
  target: string;
  port: number | null;
}

export interface TargetPolicy {
  /** The CIDRs and host names the connection's company (or internal connections) may reach; empty: any. */
  allowedNetworks: readonly string[];
  internalAllowances: readonly InternalAllowance[];
  /** Farol's own listening ports. */
  ownPorts: readonly number[];
}

export type TargetVerdict =
  | { ok: true; addresses: string[] }
  | { ok: false; code: 'unresolved' | 'refused' | 'outside_networks'; message: string };

export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** `::ffff:127.0.0.1` → `127.0.0.1`; brackets and a zone id dropped. */
export const normalizeAddress = (address: string): string => {
  const value = address
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '')
    .toLowerCase();
  // IPv4-mapped (::ffff:a.b.c.d, also written out or in hex) and the deprecated IPv4-compatible ::a.b.c.d.
  const dotted = /^(?:(?:0{1,4}:){5}ffff:|::ffff:|::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (dotted) return dotted[1]!;
  const hex = /^(?:(?:0{1,4}:){5}ffff:|::ffff:)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(value);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return value;
};

const family = (address: string): 'ipv4' | 'ipv6' | null => {
  const kind = isIP(address);
  return kind === 4 ? 'ipv4' : kind === 6 ? 'ipv6' : null;
};

const blockOf = (entries: [string, number, 'ipv4' | 'ipv6'][]) => {
  const list = new BlockList();
  for (const [net, prefix, type] of entries) list.addSubnet(net, prefix, type);
  return list;
};

const METADATA = blockOf([
  ['169.254.169.254', 32, 'ipv4'],
  ['fd00:ec2::254', 128, 'ipv6'],
]);
const LOOPBACK = blockOf([
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
]);
const UNSPECIFIED = blockOf([
  ['0.0.0.0', 8, 'ipv4'],
  ['::', 128, 'ipv6'],
]);
const LINK_LOCAL = blockOf([
  ['169.254.0.0', 16, 'ipv4'],
  ['fe80::', 10, 'ipv6'],
]);

/** The class of refused address this is, or null for an ordinary one. */
export const refusedClassOf = (address: string): Exclude<RefusedClass, 'own_port'> | null => {
  const value = normalizeAddress(address);
  const type = family(value);
  if (!type) return null;
  if (METADATA.check(value, type)) return 'metadata';
  if (LOOPBACK.check(value, type)) return 'loopback';
  if (UNSPECIFIED.check(value, type)) return 'unspecified';
  if (LINK_LOCAL.check(value, type)) return 'link_local';
  return null;
};

/** This machine's own addresses (every interface), read once a minute at most. */
let ownAddressCache: { at: number; addresses: Set<string> } | null = null;
export const ownAddresses = (): Set<string> => {
  if (ownAddressCache && Date.now() - ownAddressCache.at < 60_000) return ownAddressCache.addresses;
  const addresses = new Set<string>();
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) addresses.add(normalizeAddress(entry.address));
  }
  ownAddressCache = { at: Date.now(), addresses };
  return addresses;
};

/** A CIDR (`10.0.0.0/8`, `fd00::/8`) or a single address; null when it is neither. */
export const parseCidr = (text: string): { net: string; prefix: number; type: 'ipv4' | 'ipv6' } | null => {
  const [rawNet, rawPrefix, ...rest] = text.trim().split('/');
  if (rest.length > 0 || !rawNet) return null;
  const net = normalizeAddress(rawNet);
  const type = family(net);
  if (!type) return null;
  const max = type === 'ipv4' ? 32 : 128;
  if (rawPrefix === undefined) return { net, prefix: max, type };
  if (!/^\d{1,3}$/.test(rawPrefix)) return null;
  const prefix = Number(rawPrefix);
  return prefix <= max ? { net, prefix, type } : null;
};

/** A host name pattern: `srv.acme.local`, or `*.acme.local` for every name under that domain. */
const HOST_PATTERN = /^(\*\.)?[a-z0-9_]([a-z0-9_.-]{0,251}[a-z0-9_])?$/;

/** Whether a rule text is a valid allowed network (a CIDR, an address or a host name pattern). */
export const isValidNetworkRule = (text: string): boolean =>
  parseCidr(text) !== null || HOST_PATTERN.test(text.trim().toLowerCase());

const hostMatches = (pattern: string, host: string): boolean => {
  const rule = pattern.trim().toLowerCase();
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  if (rule.startsWith('*.')) return name.endsWith(rule.slice(1)) && name.length > rule.length - 1;
  return rule === name;
};

/** Whether a rule (CIDR, address or host name pattern) covers the host as written or one of its addresses. */
export const ruleCovers = (rule: string, host: string, address: string): boolean => {
  const cidr = parseCidr(rule);
  if (!cidr) return hostMatches(rule, host);
  const value = normalizeAddress(address);
  const type = family(value);
  if (type !== cidr.type) return false;
  return blockOf([[cidr.net, cidr.prefix, cidr.type]]).check(value, type);
};

/**
 * Checks a target against the policy: resolves the host (an address is taken as it is) and checks every
 * address it resolves to. Answers the addresses to connect to (the gateway uses them, not the name again, so
 * a second lookup cannot answer something else).
 */
export const checkTarget = async (
  target: { host: string; port: number },
  policy: TargetPolicy,
  resolve: Resolver = systemResolver,
): Promise<TargetVerdict> => {
  const host = normalizeAddress(target.host);
  let addresses: string[];
  if (family(host)) addresses = [host];
  else {
    try {
      addresses = [...new Set((await resolve(host)).map(normalizeAddress))];
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) {
      return {
        ok: false,
        code: 'unresolved',
        message: `Não foi possível encontrar o endereço de ${target.host}.`,
      };
    }
  }
  const own = ownAddresses();
  for (const address of addresses) {
    const allowed = policy.internalAllowances.some(
      (allowance) =>
        (allowance.port === null || allowance.port === target.port) &&
        ruleCovers(allowance.target, host, address),
    );
    if (allowed) continue;
    let refused: RefusedClass | null = refusedClassOf(address);
    if (!refused && own.has(address) && policy.ownPorts.includes(target.port)) refused = 'own_port';
    if (refused) {
      return {
        ok: false,
        code: 'refused',
        message: `Destino recusado: ${target.host} aponta para ${CLASS_LABELS[refused]}. Só um administrador pode liberar este destino.`,
      };
    }
    if (
      policy.allowedNetworks.length > 0 &&
      !policy.allowedNetworks.some((rule) => ruleCovers(rule, host, address))
    ) {
      return {
        ok: false,
        code: 'outside_networks',
        message: `Destino fora das redes permitidas para esta empresa: ${target.host}${address === host ? '' : ` (${address})`}.`,
      };
    }
  }
  return { ok: true, addresses };
};

/** The policy for a connection of `companyId` (null: internal), read from the database. */
export const loadTargetPolicy = async (
  db: Database,
  companyId: number | null,
  ownPorts: readonly number[],
): Promise<TargetPolicy> => {
  const [networks, internal] = await Promise.all([
    db.query<{ target: string }>(
      'SELECT target FROM connection_allowed_networks WHERE company_id IS NOT DISTINCT FROM $1',
      [companyId],
    ),
    db.query<{ target: string; port: number | null }>('SELECT target, port FROM connection_internal_targets'),
  ]);
  return {
    allowedNetworks: networks.rows.map((row) => row.target),
    internalAllowances: internal.rows,
    ownPorts,
  };
};
