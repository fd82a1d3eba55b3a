import { describe, expect, it } from 'vitest';
import { autoGrowHeight } from './use-auto-grow';

describe('autoGrowHeight', () => {
  it('follows the content between the minimum and the maximum', () => {
    expect(autoGrowHeight(40, 64)).toBe(64);
    expect(autoGrowHeight(120, 64)).toBe(120);
    expect(autoGrowHeight(120, 64, 100)).toBe(100);
    expect(autoGrowHeight(80, 64, 100)).toBe(80);
  });
});
