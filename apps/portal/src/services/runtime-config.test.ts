import { describe, expect, it, vi } from 'vitest';
import { loadRealtimeUrl, readEmbeddedConfig, realtimeUrlFrom } from './runtime-config';

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

/** A page whose head carries `text` in the farol-config block (null: no block). */
const pageWith = (text: string | null) =>
  ({
    getElementById: (id: string) => (id === 'farol-config' && text !== null ? { textContent: text } : null),
  }) as unknown as Document;

describe('loadRealtimeUrl', () => {
  it('reads the config the page carries, asking the server nothing', async () => {
    const fetchImpl = vi.fn(async () => Response.json({ realtimePort: 1 }));
    const doc = pageWith('{"realtimePort":4567}');
    await expect(loadRealtimeUrl(fetchImpl, page, doc)).resolves.toBe('https://farol.example.com:4567');
    const proxied = pageWith(
      '{"realtimePort":3001,"realtimeUrl":"wss://rt.example.com"}',
    ) as unknown as Document;
    await expect(loadRealtimeUrl(fetchImpl, page, proxied)).resolves.toBe('wss://rt.example.com');
    expect(fetchImpl).not.toHaveBeenCalled();
  });
  it('reads GET /api/config when the page carries no config (dev server, Storybook) or a broken one', async () => {
    for (const doc of [undefined, pageWith(null), pageWith('{realtimePort'), pageWith('')]) {
      const fetchImpl = vi.fn(async () => Response.json({ realtimePort: 4567 }));
      await expect(loadRealtimeUrl(fetchImpl, page, doc)).resolves.toBe('https://farol.example.com:4567');
      expect(fetchImpl).toHaveBeenCalledWith('/api/config', expect.anything());
    }
  });
  it('tells a missing block from one that says socket.io is not listening', () => {
    expect(readEmbeddedConfig(pageWith(null))).toBeUndefined();
    expect(readEmbeddedConfig(pageWith('{"realtimePort":0}'))).toEqual({ realtimePort: 0 });
  });
  it('answers null when the server fails or is unreachable', async () => {
    await expect(
      loadRealtimeUrl(async () => new Response('x', { status: 500 }), page, undefined),
    ).resolves.toBeNull();
    await expect(
      loadRealtimeUrl(
        async () => {
          throw new TypeError('offline');
        },
        page,
        undefined,
      ),
    ).resolves.toBeNull();
  });
});
