import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting';

const at = (hour: number, minute = 0) => new Date(2026, 0, 15, hour, minute);

describe('greetingFor', () => {
  it.each([
    [0, 'Boa noite'],
    [4, 'Boa noite'],
    [5, 'Bom dia'],
    [11, 'Bom dia'],
    [12, 'Boa tarde'],
    [17, 'Boa tarde'],
    [18, 'Boa noite'],
    [23, 'Boa noite'],
  ])('%i h → %s', (hour, expected) => {
    expect(greetingFor(at(hour, 30))).toBe(expected);
  });
});
