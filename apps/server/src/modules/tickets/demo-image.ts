import { deflateSync } from 'node:zlib';

/** CRC-32 of a PNG chunk (type and data). */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

type Rgb = readonly [number, number, number];
interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  color: Rgb;
}

/**
 * A 480×270 PNG drawn from boxes: the demo's "photo of the printer's panel" (a grey device, a dark display
 * with an orange error line and text-like bars, status lights), so the seeded attachment is a picture a
 * person can look at rather than a single pixel.
 */
export function printerPanelPng(): Buffer {
  const width = 480;
  const height = 270;
  const boxes: Box[] = [
    { x: 40, y: 30, w: 400, h: 210, color: [205, 208, 214] },
    { x: 70, y: 60, w: 250, h: 120, color: [28, 36, 48] },
    { x: 86, y: 78, w: 218, h: 22, color: [234, 120, 38] },
    { x: 86, y: 114, w: 180, h: 10, color: [150, 170, 190] },
    { x: 86, y: 134, w: 140, h: 10, color: [150, 170, 190] },
    { x: 86, y: 154, w: 200, h: 10, color: [150, 170, 190] },
    { x: 350, y: 70, w: 24, h: 24, color: [220, 50, 47] },
    { x: 350, y: 110, w: 24, h: 24, color: [90, 200, 120] },
    { x: 340, y: 160, w: 70, h: 30, color: [120, 126, 136] },
    { x: 70, y: 200, w: 340, h: 14, color: [170, 174, 182] },
  ];
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // no filter
    for (let x = 0; x < width; x += 1) {
      // The desk behind: a soft vertical gradient.
      let color: Rgb = [236 - Math.round((y / height) * 30), 232 - Math.round((y / height) * 30), 224];
      for (const box of boxes) {
        if (x >= box.x && x < box.x + box.w && y >= box.y && y < box.y + box.h) color = box.color;
      }
      raw[row + 1 + x * 3] = color[0];
      raw[row + 2 + x * 3] = color[1];
      raw[row + 3 + x * 3] = color[2];
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
