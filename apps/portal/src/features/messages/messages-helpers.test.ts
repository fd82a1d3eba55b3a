import { describe, expect, it } from 'vitest';
import { mergeMessages } from './components/conversation-view';
import { parseConversationId } from './messages-page';

const message = (id: number, text = `m${id}`) => ({
  id,
  conversation_id: 1,
  sender_id: 1,
  sender_name: 'Ana',
  text,
  created_at: '2026-01-01T00:00:00Z',
});

describe('mergeMessages', () => {
  it('keeps each message once, in id order, the later copy winning', () => {
    const merged = mergeMessages([message(3), message(1)], [message(2), message(3, 'editada')]);
    expect(merged.map((item) => [item.id, item.text])).toEqual([
      [1, 'm1'],
      [2, 'm2'],
      [3, 'editada'],
    ]);
  });
});

describe('parseConversationId', () => {
  it.each([
    ['12', 12],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['abc', null],
    ['99999999999', null],
    [undefined, null],
  ])('%s → %s', (raw, expected) => {
    expect(parseConversationId(raw)).toBe(expected);
  });
});
