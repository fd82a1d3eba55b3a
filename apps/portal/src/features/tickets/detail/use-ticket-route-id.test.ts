import { describe, expect, it } from 'vitest';
import { parseTicketId } from './use-ticket-route-id';

describe('parseTicketId', () => {
  it('reads positive integers', () => {
    expect(parseTicketId('1')).toBe(1);
    expect(parseTicketId('1042')).toBe(1042);
  });
  it('refuses anything else', () => {
    for (const raw of [undefined, '', '0', '-3', '1.5', 'abc', '12abc', '99999999999', '2147483648']) {
      expect(parseTicketId(raw)).toBeNull();
    }
  });
});
