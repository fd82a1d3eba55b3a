import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { notificationSchema } from '../contract/notification';
import { readCount } from '../lib/values';
import { normalizeNotification, parseNotificationList, parseUnreadCount } from './normalize';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const base = { id: 7, type: 'ticket', message: 'Chamado #42 atualizado', created_at: '2026-11-21T10:00:00Z' };

describe('normalizeNotification', () => {
  it('keeps a canonical notification as it is', () => {
    expect(
      normalizeNotification(
        { ...base, title: 'Suporte', link: '/tickets/42', read_at: null, severity: 'warning' },
        NOW,
      ),
    ).toEqual({
      id: 7,
      type: 'ticket',
      title: 'Suporte',
      message: 'Chamado #42 atualizado',
      link: '/tickets/42',
      created_at: '2026-11-21T10:00:00.000Z',
      read_at: null,
      severity: 'warning',
    });
  });

  it.each([
    ['notification wrapper', { notification: base }],
    ['data wrapper', { data: base }],
    ['tagged live event', { __kind: 'notification', notification: base }],
    ['type-tagged data event', { type: 'notification', data: { notification: base } }],
  ])('unwraps a %s', (_label, raw) => {
    expect(normalizeNotification(raw, NOW)).toMatchObject({ id: 7, type: 'ticket', message: base.message });
  });

  it('takes the id from id, notification_id or nid, numeric strings included', () => {
    expect(normalizeNotification({ notification_id: 3, message: 'a' }, NOW)?.id).toBe(3);
    expect(normalizeNotification({ nid: '12', message: 'a' }, NOW)?.id).toBe(12);
    expect(normalizeNotification({ id: ' 5 ', message: 'a' }, NOW)?.id).toBe(5);
    expect(normalizeNotification({ id: 'abc', nid: 9, message: 'a' }, NOW)?.id).toBe(9);
  });

  it('discards items without an id or without message text', () => {
    expect(normalizeNotification({ message: 'sem id' }, NOW)).toBeNull();
    expect(normalizeNotification({ id: 1.5, message: 'fracionado' }, NOW)).toBeNull();
    expect(normalizeNotification({ id: 1 }, NOW)).toBeNull();
    expect(normalizeNotification({ id: 1, message: '   ' }, NOW)).toBeNull();
    expect(normalizeNotification({ id: 1, message: 42 }, NOW)).toBeNull();
  });

  it('takes the message from text or content, the link from url or path', () => {
    expect(normalizeNotification({ id: 1, text: 'por text', url: '/tickets' }, NOW)).toMatchObject({
      message: 'por text',
      link: '/tickets',
    });
    expect(normalizeNotification({ id: 1, content: 'por content', path: '/messages' }, NOW)).toMatchObject({
      message: 'por content',
      link: '/messages',
    });
  });

  it('reads the read state from read_at, readAt or the is_read/read/seen flags', () => {
    expect(normalizeNotification({ ...base, readAt: '2026-11-21T11:00:00Z' }, NOW)?.read_at).toBe(
      '2026-11-21T11:00:00.000Z',
    );
    for (const flag of ['is_read', 'read', 'seen']) {
      expect(normalizeNotification({ ...base, [flag]: true }, NOW)?.read_at).toBe('2026-11-21T10:00:00.000Z');
      expect(normalizeNotification({ ...base, [flag]: false }, NOW)?.read_at).toBeNull();
    }
    expect(normalizeNotification({ id: 1, message: 'x', seen: true }, NOW)?.read_at).toBe(NOW.toISOString());
  });

  it('takes createdAt, and uses now when the time is missing or unreadable', () => {
    expect(
      normalizeNotification({ id: 1, message: 'x', createdAt: '2026-01-02T03:04:05Z' }, NOW),
    ).toMatchObject({ created_at: '2026-01-02T03:04:05.000Z' });
    expect(normalizeNotification({ id: 1, message: 'x' }, NOW)?.created_at).toBe(NOW.toISOString());
    expect(normalizeNotification({ id: 1, message: 'x', created_at: 'ontem' }, NOW)?.created_at).toBe(
      NOW.toISOString(),
    );
    expect(normalizeNotification({ id: 1, message: 'x', created_at: 1e300 }, NOW)?.created_at).toBe(
      NOW.toISOString(),
    );
  });

  it('maps level and the error flag to a severity, unknown ones to info', () => {
    expect(normalizeNotification({ ...base, level: 'success' }, NOW)?.severity).toBe('success');
    expect(normalizeNotification({ ...base, level: 'WARN' }, NOW)?.severity).toBe('warning');
    expect(normalizeNotification({ ...base, severity: 'apocalíptico' }, NOW)?.severity).toBe('info');
    expect(normalizeNotification({ ...base, level: '__proto__' }, NOW)?.severity).toBe('info');
    expect(normalizeNotification({ ...base, severity: 'success', error: true }, NOW)?.severity).toBe('error');
  });

  it("defaults the type to 'system', also when the type field is only the live tag", () => {
    expect(normalizeNotification({ id: 1, message: 'x' }, NOW)?.type).toBe('system');
    expect(normalizeNotification({ type: 'notification', id: 1, message: 'x' }, NOW)?.type).toBe('system');
  });

  it('answers null for anything that is not an object', () => {
    for (const raw of [null, undefined, 0, 'texto', true, [], [base]]) {
      expect(normalizeNotification(raw, NOW)).toBeNull();
    }
  });

  it('survives objects whose getters throw', () => {
    const hostile = Object.defineProperty({ id: 1 }, 'message', {
      get() {
        throw new Error('boom');
      },
      enumerable: true,
    });
    expect(normalizeNotification(hostile, NOW)).toBeNull();
  });

  it('never throws on arbitrary JSON and always answers the contract shape or null', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        const result = normalizeNotification(raw, NOW);
        return result === null || notificationSchema.safeParse(result).success;
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on anything at all', () => {
    fc.assert(
      fc.property(
        fc.anything({ withDate: true, withMap: true, withSet: true, withNullPrototype: true }),
        (raw) => {
          const result = normalizeNotification(raw, NOW);
          return result === null || notificationSchema.safeParse(result).success;
        },
      ),
      { numRuns: 500 },
    );
  });

  it('normalises generated notification-like objects into valid notifications', () => {
    const likely = fc.record(
      {
        id: fc.oneof(fc.integer(), fc.integer({ min: 0 }).map(String), fc.string()),
        message: fc.oneof(fc.string(), fc.constant(undefined)),
        text: fc.string(),
        read: fc.boolean(),
        readAt: fc.oneof(
          fc.constant(null),
          fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
          fc.string(),
        ),
        level: fc.string(),
        error: fc.boolean(),
        createdAt: fc.oneof(fc.string(), fc.integer(), fc.date({ noInvalidDate: false })),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          likely,
          likely.map((inner) => ({ notification: inner })),
        ),
        (raw) => {
          const result = normalizeNotification(raw, NOW);
          return result === null || notificationSchema.safeParse(result).success;
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('parseNotificationList', () => {
  const rows = [base, { id: 8, text: 'Nova mensagem' }, { id: 9 }, 'lixo'];

  it('accepts a bare array, {items} or {data}, dropping invalid rows', () => {
    for (const raw of [rows, { items: rows, total: 4 }, { data: rows }, { data: { items: rows } }]) {
      expect(parseNotificationList(raw, NOW).map((item) => item.id)).toEqual([7, 8]);
    }
  });

  it('keeps the first of repeated ids', () => {
    expect(
      parseNotificationList([base, { ...base, message: 'repetida' }], NOW).map((item) => item.message),
    ).toEqual([base.message]);
  });

  it('answers an empty list for garbage', () => {
    for (const raw of [null, 'x', 42, {}, { items: 'não' }])
      expect(parseNotificationList(raw, NOW)).toEqual([]);
  });

  it('never throws and answers only valid notifications', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.array(fc.jsonValue()).map((items) => ({ items })),
        ),
        (raw) => parseNotificationList(raw, NOW).every((item) => notificationSchema.safeParse(item).success),
      ),
    );
  });
});

describe('parseUnreadCount', () => {
  const list = parseNotificationList(
    [
      { id: 1, message: 'a' },
      { id: 2, message: 'b', read: true },
      { id: 3, message: 'c' },
    ],
    NOW,
  );

  it('reads a number or an object with unread or count', () => {
    expect(parseUnreadCount(4)).toBe(4);
    expect(parseUnreadCount('6')).toBe(6);
    expect(parseUnreadCount({ unread: 3, count: 9 })).toBe(3);
    expect(parseUnreadCount({ count: 2 })).toBe(2);
  });

  it('counts unread items of the list when the answer carries no count', () => {
    expect(parseUnreadCount({ foo: 1 }, list)).toBe(2);
    expect(parseUnreadCount(null, list)).toBe(2);
    expect(parseUnreadCount('muitas', list)).toBe(2);
    expect(parseUnreadCount(undefined)).toBe(0);
  });

  it('is never negative nor fractional', () => {
    expect(parseUnreadCount(-5)).toBe(0);
    expect(parseUnreadCount({ unread: 2.7 })).toBe(2);
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        const count = parseUnreadCount(raw, list);
        return Number.isInteger(count) && count >= 0;
      }),
    );
  });

  it('readCount answers null when there is no count', () => {
    expect(readCount({ unread_count: 5 }, ['count', 'unread', 'unread_count'])).toBe(5);
    expect(readCount({ total: 5 }, ['count'])).toBeNull();
    expect(readCount(Number.NaN, ['count'])).toBeNull();
  });
});
