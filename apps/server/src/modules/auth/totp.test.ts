import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, otpauthUrl, totpCode, totpStep } from './totp';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII "12345678901234567890"; 8-digit codes end in our 6 digits.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238, SHA-1, 30 s, 6 digits)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, totpStep(seconds * 1000))).toBe(code);
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 17, 99]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Decode('mzxw 6ytb-oi======')).toEqual(Buffer.from('foobar'));
  });

  it('accepts one step either side, not two, and never the same or an older step again', () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step), now)).toBe(step);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), now)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 2), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 2), now)).toBeNull();
    // Replay: the step already accepted (or an older one) is refused.
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step), now, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), now, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), now, step)).toBe(step + 1);
  });

  it('refuses malformed codes', () => {
    expect(matchTotp(RFC_SECRET, '12345', 0)).toBeNull();
    expect(matchTotp(RFC_SECRET, 'abcdef', 0)).toBeNull();
    expect(matchTotp(RFC_SECRET, '', 0)).toBeNull();
  });

  it('writes the otpauth URL apps read', () => {
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'ana@farol.dev'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Farol:ana@farol.dev');
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('issuer')).toBe('Farol');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
  });
});
