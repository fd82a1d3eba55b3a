import { describe, expect, it } from 'vitest';
import { formatBytes, formatClock, formatDuration, formatSpeed } from './format';

describe('connection formats', () => {
  it('writes clocks, durations, sizes and speeds the Brazilian way', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(65.9)).toBe('01:05');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(-5)).toBe('00:00');
    expect(formatClock(Number.NaN)).toBe('00:00');
    expect(formatDuration(30)).toBe('menos de 1 min');
    expect(formatDuration(23 * 60 + 5)).toBe('23 min');
    expect(formatDuration(65 * 60)).toBe('1 h 05 min');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(12 * 1024 * 1024)).toBe('12 MB');
    expect(formatSpeed(0.5)).toBe('0,5×');
    expect(formatSpeed(4)).toBe('4×');
  });
});
