import { describe, expect, it } from 'vitest';
import {
  checkTarget,
  isValidNetworkRule,
  normalizeAddress,
  ownAddresses,
  parseCidr,
  refusedClassOf,
  ruleCovers,
  type TargetPolicy,
} from '../src/modules/connections/target-policy';

const open: TargetPolicy = { allowedNetworks: [], internalAllowances: [], ownPorts: [3000, 3001] };
const fixed =
  (answers: Record<string, string[]>) =>
  async (host: string): Promise<string[]> => {
    const found = answers[host];
    if (!found) throw new Error('ENOTFOUND');
    return found;
  };

describe('target policy: address classes', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['0:0:0:0:0:ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['169.254.1.1', 'link_local'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['169.254.169.254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
  ])('%s is %s', (address, kind) => {
    expect(refusedClassOf(address)).toBe(kind);
  });

  it.each(['10.0.0.5', '192.168.1.10', '172.16.0.1', '8.8.8.8', '2001:db8::1', 'fd00::1', '128.0.0.1'])(
    '%s is an ordinary address',
    (address) => {
      expect(refusedClassOf(address)).toBeNull();
    },
  );

  it('normalises mapped, bracketed and zoned addresses', () => {
    expect(normalizeAddress('::FFFF:10.1.2.3')).toBe('10.1.2.3');
    expect(normalizeAddress('[2001:DB8::1]')).toBe('2001:db8::1');
    expect(normalizeAddress('fe80::1%lo')).toBe('fe80::1');
  });
});

describe('target policy: rules', () => {
  it('parses CIDRs and single addresses, and refuses nonsense', () => {
    expect(parseCidr('10.0.0.0/8')).toEqual({ net: '10.0.0.0', prefix: 8, type: 'ipv4' });
    expect(parseCidr('10.1.2.3')).toEqual({ net: '10.1.2.3', prefix: 32, type: 'ipv4' });
    expect(parseCidr('fd00::/8')).toEqual({ net: 'fd00::', prefix: 8, type: 'ipv6' });
    expect(parseCidr('10.0.0.0/33')).toBeNull();
    expect(parseCidr('10.0.0.0/8/1')).toBeNull();
    expect(parseCidr('srv.acme.local')).toBeNull();
    expect(isValidNetworkRule('*.acme.local')).toBe(true);
    expect(isValidNetworkRule('192.168.0.0/16')).toBe(true);
    expect(isValidNetworkRule('http://x')).toBe(false);
    expect(isValidNetworkRule('10.0.0.0/40')).toBe(false);
  });

  it('covers addresses by CIDR and names by host pattern', () => {
    expect(ruleCovers('10.0.0.0/8', 'srv', '10.20.30.40')).toBe(true);
    expect(ruleCovers('10.0.0.0/8', 'srv', '11.0.0.1')).toBe(false);
    expect(ruleCovers('10.0.0.0/8', 'srv', '2001:db8::1')).toBe(false);
    expect(ruleCovers('*.acme.local', 'srv-db01.acme.local', '10.0.0.1')).toBe(true);
    expect(ruleCovers('*.acme.local', 'acme.local', '10.0.0.1')).toBe(false);
    expect(ruleCovers('*.acme.local', 'srv.notacme.local', '10.0.0.1')).toBe(false);
    expect(ruleCovers('srv.acme.local', 'SRV.acme.local.', '10.0.0.1')).toBe(true);
  });
});

describe('target policy: checkTarget', () => {
  it('lets an ordinary address through and answers it', async () => {
    expect(await checkTarget({ host: '10.0.0.5', port: 22 }, open)).toEqual({
      ok: true,
      addresses: ['10.0.0.5'],
    });
  });

  it('refuses loopback, metadata and link-local, as addresses and behind names', async () => {
    for (const host of ['127.0.0.1', '::1', '169.254.169.254', 'fd00:ec2::254', '169.254.10.10', '0.0.0.0']) {
      const verdict = await checkTarget({ host, port: 22 }, open);
      expect(verdict, host).toMatchObject({ ok: false, code: 'refused' });
    }
    const resolve = fixed({ 'metadata.evil': ['169.254.169.254'], 'local.evil': ['10.0.0.1', '127.0.0.1'] });
    expect(await checkTarget({ host: 'metadata.evil', port: 80 }, open, resolve)).toMatchObject({
      ok: false,
      code: 'refused',
      message: expect.stringContaining('metadados'),
    });
    // One refused address among several is enough to refuse the name.
    expect(await checkTarget({ host: 'local.evil', port: 22 }, open, resolve)).toMatchObject({
      ok: false,
      code: 'refused',
      message: expect.stringContaining('loopback'),
    });
  });

  it('resolves names for real (localhost is loopback)', async () => {
    expect(await checkTarget({ host: 'localhost', port: 22 }, open)).toMatchObject({
      ok: false,
      code: 'refused',
    });
  });

  it('refuses a name that does not resolve', async () => {
    expect(await checkTarget({ host: 'nada.invalid', port: 22 }, open, fixed({}))).toMatchObject({
      ok: false,
      code: 'unresolved',
      message: 'Não foi possível encontrar o endereço de nada.invalid.',
    });
  });

  it("refuses this machine's own addresses on Farol's ports only", async () => {
    const mine = [...ownAddresses()].find((address) => refusedClassOf(address) === null);
    if (!mine) return; // a machine with only loopback: nothing more to check
    expect(await checkTarget({ host: mine, port: 3000 }, open)).toMatchObject({
      ok: false,
      message: expect.stringContaining('porta do próprio Farol'),
    });
    expect(await checkTarget({ host: mine, port: 22 }, open)).toMatchObject({ ok: true });
  });

  it("lets an admin's allowance through, by CIDR or name, for a port or all", async () => {
    const allowed: TargetPolicy = {
      ...open,
      internalAllowances: [
        { target: '127.0.0.1', port: 2222 },
        { target: 'metadata.lab', port: null },
      ],
    };
    expect(await checkTarget({ host: '127.0.0.1', port: 2222 }, allowed)).toEqual({
      ok: true,
      addresses: ['127.0.0.1'],
    });
    expect(await checkTarget({ host: '127.0.0.1', port: 22 }, allowed)).toMatchObject({ ok: false });
    expect(await checkTarget({ host: '::ffff:127.0.0.1', port: 2222 }, allowed)).toMatchObject({ ok: true });
    const resolve = fixed({ 'metadata.lab': ['169.254.169.254'] });
    expect(await checkTarget({ host: 'metadata.lab', port: 80 }, allowed, resolve)).toMatchObject({
      ok: true,
    });
  });

  it('keeps a company with allowed networks inside them', async () => {
    const company: TargetPolicy = { ...open, allowedNetworks: ['10.10.0.0/16', '*.acme.local'] };
    const resolve = fixed({ 'srv.acme.local': ['192.168.5.5'], 'srv.globex.local': ['192.168.5.6'] });
    expect(await checkTarget({ host: '10.10.3.4', port: 22 }, company)).toMatchObject({ ok: true });
    expect(await checkTarget({ host: 'srv.acme.local', port: 22 }, company, resolve)).toMatchObject({
      ok: true,
    });
    expect(await checkTarget({ host: '10.11.0.1', port: 22 }, company)).toMatchObject({
      ok: false,
      code: 'outside_networks',
      message: 'Destino fora das redes permitidas para esta empresa: 10.11.0.1.',
    });
    expect(await checkTarget({ host: 'srv.globex.local', port: 22 }, company, resolve)).toMatchObject({
      ok: false,
      code: 'outside_networks',
      message: expect.stringContaining('(192.168.5.6)'),
    });
    // Allowed networks never open a refused address.
    expect(
      await checkTarget({ host: '127.0.0.1', port: 22 }, { ...company, allowedNetworks: ['127.0.0.0/8'] }),
    ).toMatchObject({
      ok: false,
      code: 'refused',
    });
  });
});
