import { BellIcon, TicketIcon } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { notificationIcon, notificationIconKey } from './notification-icon';
import { formatRelativeTime, toTimestamp } from './relative-time';
import { unreadLabel } from './unread-label';
import { defaultMessages } from '../i18n/messages';

const pt = defaultMessages.notifications.time;

describe('unreadLabel', () => {
  it.each([
    [0, '0 não lidas'],
    [1, '1 não lida'],
    [2, '2 não lidas'],
    [120, '120 não lidas'],
  ])('%d → %s', (count, text) => expect(unreadLabel(count)).toBe(text));
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it.each([
    [0, 'agora'],
    [59_999, 'agora'],
    [60_000, '1 min'],
    [59 * 60_000 + 59_000, '59 min'],
    [60 * 60_000, '1 h'],
    [23 * 3_600_000 + 3_599_000, '23 h'],
    [24 * 3_600_000, '1 d'],
    [45 * 24 * 3_600_000, '45 d'],
  ])('%d ms ago → %s', (elapsed, text) => {
    expect(formatRelativeTime(ago(elapsed), now, pt)).toBe(text);
  });

  it('reads a future time as agora and an unreadable one as empty', () => {
    expect(formatRelativeTime(now + 90_000, now, pt)).toBe('agora');
    expect(formatRelativeTime('ontem', now, pt)).toBe('');
  });

  it('accepts dates, numbers and ISO strings', () => {
    expect(formatRelativeTime(new Date(now - 2 * 3_600_000), new Date(now), pt)).toBe('2 h');
    expect(toTimestamp('2026-11-21T12:00:00Z')).toBe(now);
    expect(toTimestamp(null)).toBeNull();
  });

  it('uses the given texts', () => {
    const texts = {
      now: 'now',
      minutes: (n: number) => `${n}m`,
      hours: (n: number) => `${n}h`,
      days: (n: number) => `${n}d`,
    };
    expect(formatRelativeTime(now - 5 * 60_000, now, texts)).toBe('5m');
  });
});

describe('notificationIcon', () => {
  it.each([
    ['ticket', 'ticket'],
    ['tickets', 'ticket'],
    ['ticket_updated', 'ticket'],
    ['Message:new', 'message'],
    ['task', 'task'],
    ['connection', 'connection'],
    ['password', 'password'],
    ['company', 'company'],
    ['user', 'user'],
    ['users', 'user'],
    ['system', 'system'],
    ['', 'default'],
    ['lembrete', 'default'],
  ])('%s → %s', (type, key) => expect(notificationIconKey(type)).toBe(key));

  it('falls back to the bell', () => {
    expect(notificationIcon('ticket')).toBe(TicketIcon);
    expect(notificationIcon('alarme')).toBe(BellIcon);
    expect(notificationIcon(undefined)).toBe(BellIcon);
  });
});
