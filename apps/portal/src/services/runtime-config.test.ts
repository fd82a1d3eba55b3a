import { describe, expect, it, vi } from 'vitest';
import { loadRealtimeUrl, realtimeUrlFrom } from './runtime-config';

const page = { protocol: 'https:', hostname: 'farol.example.com' };

describe('realtimeUrlFrom', () => {
  it('puts the port on the page host', () => {
    expect(realtimeUrlFrom({ realtimePort: 3001 }, page)).toBe('https://farol.example.com:3001');
  });
  it('prefers a full realtimeUrl', () => {
    expect(realtimeUrlFrom({ realtimePort: 3001, realtimeUrl: ' wss://rt.example.com ' }, page)).toBe(
      'wss://rt.example.com',
    );
  });
  it.each([
    null,
    'x',
    {},
    { realtimePort: 0 },
    { realtimePort: 'x' },
    { realtimeUrl: 'javascript:alert(1)' },
  ])('answers null for %j', (answer) => {
    expect(realtimeUrlFrom(answer, page)).toBeNull();
  });
});

describe('loadRealtimeUrl', () => {
  it('reads GET /api/config', async () => {
    const fetchImpl = vi.fn(async () => Response.json({ realtimePort: 4567 }));
    await expect(loadRealtimeUrl(fetchImpl, page)).resolves.toBe('https://farol.example.com:4567');
    expect(fetchImpl).toHaveBeenCalledWith('/api/config', expect.anything());
  });
  it('answers null when the server fails or is unreachable', async () => {
    await expect(loadRealtimeUrl(async () => new Response('x', { status: 500 }), page)).resolves.toBeNull();
    await expect(
      loadRealtimeUrl(async () => {
        throw new TypeError('offline');
      }, page),
    ).resolves.toBeNull();
  });
});
