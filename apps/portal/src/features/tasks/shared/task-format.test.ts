import { describe, expect, it } from 'vitest';
import { estimateText, parseEstimate } from './task-format';

describe('parseEstimate', () => {
  it('reads hours and minutes as people type them', () => {
    expect(parseEstimate('1h30')).toBe(90);
    expect(parseEstimate('2 h')).toBe(120);
    expect(parseEstimate('45min')).toBe(45);
    expect(parseEstimate('90')).toBe(90);
    expect(parseEstimate(' 1h 5m ')).toBe(65);
  });

  it('answers null for an empty field and undefined for what it cannot read', () => {
    expect(parseEstimate('')).toBeNull();
    expect(parseEstimate('uma hora')).toBeUndefined();
    expect(parseEstimate('h')).toBeUndefined();
    expect(parseEstimate('99999h')).toBeUndefined();
  });

  it('writes back what it reads', () => {
    expect(estimateText(90)).toBe('1h30');
    expect(estimateText(120)).toBe('2h');
    expect(estimateText(45)).toBe('45 min');
    expect(estimateText(0)).toBe('0 min');
    expect(estimateText(null)).toBe('');
    expect(parseEstimate(estimateText(95))).toBe(95);
  });
});
