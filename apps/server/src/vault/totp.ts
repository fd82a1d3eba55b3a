import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const base32Decode = (text: string): Buffer => {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index === -1) throw new Error('base32 inválido');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
};

/**
 * RFC 6238 (HMAC-SHA1, 6 digits, 30 s), the form authenticator apps use: the code for `now` and how many
 * seconds it has left. The seed never leaves the server on this path.
 */
export const totpCode = (seed: string, now = Date.now(), period = 30, digits = 6) => {
  const counter = Math.floor(now / 1000 / period);
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac('sha1', base32Decode(seed)).update(message).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = (hmac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return {
    code: String(binary).padStart(digits, '0'),
    remaining: period - (Math.floor(now / 1000) % period),
    period,
  };
};
