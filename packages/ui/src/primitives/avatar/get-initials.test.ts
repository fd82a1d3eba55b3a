import { describe, expect, it } from 'vitest';
import { getInitials } from './get-initials';

describe('getInitials', () => {
  it.each([
    ['Ana Maria Souza', 'AS'],
    ['joão', 'J'],
    ['  Érica   lima ', 'ÉL'],
    ['', '?'],
    [null, '?'],
    [undefined, '?'],
  ])('%s → %s', (name, initials) => {
    expect(getInitials(name)).toBe(initials);
  });
});
