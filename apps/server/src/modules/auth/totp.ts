import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS } from '@farol/data/contract';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const base32Encode = (bytes: Uint8Array): string => {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
};

export const base32Decode = (text: string): Buffer => {
  const clean = text.replace(/[\s=-]+/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('invalid base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
};

/** A new secret: 160 random bits (RFC 4226 §4's recommended length for HMAC-SHA-1), base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/** The time step of a moment (RFC 6238: T = floor(unix seconds / 30)). */
export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

/** The code of one step (RFC 4226 HOTP with the step as counter, dynamic truncation, 6 digits). */
export const totpCode = (secret: string, step: number): string => {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary =
    ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
};

/**
 * The step a code matches within ±TOTP_WINDOW_STEPS of now and after `lastStep` (a code, once accepted, is
 * not accepted again, nor any older one), or null. Compared in constant time.
 */
export const matchTotp = (secret: string, code: string, nowMs: number, lastStep = 0): number | null => {
  const digits = code.replace(/\s+/g, '');
  if (digits.length !== TOTP_DIGITS || !/^[0-9]+$/.test(digits)) return null;
  const typed = Buffer.from(digits);
  const now = totpStep(nowMs);
  let matched: number | null = null;
  for (let step = Math.max(0, now - TOTP_WINDOW_STEPS); step <= now + TOTP_WINDOW_STEPS; step += 1) {
    const expected = Buffer.from(totpCode(secret, step));
    if (timingSafeEqual(expected, typed) && step > lastStep && matched === null) matched = step;
  }
  return matched;
};

/** The `otpauth://` URL authenticator apps read from the QR code. */
export const otpauthUrl = (secret: string, account: string) => {
  const label = encodeURIComponent(`${TOTP_ISSUER}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer: TOTP_ISSUER,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
};

/** The secret as people type it: groups of four. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');
