import { describe, expect, it } from 'vitest';
import { loadPasswordEstimator } from './estimate';

describe('loadPasswordEstimator', () => {
  it('scores common passwords low and long passphrases high, and lowers a password built on the name', async () => {
    const estimate = await loadPasswordEstimator();
    expect(estimate('password')).toBe(0);
    expect(estimate('123456789')).toBe(0);
    expect(estimate('cavalo-correto-bateria-grampo')).toBe(4);
    expect(estimate('clarinha2024', ['clarinha'])).toBeLessThanOrEqual(2);
  });

  it('loads once', async () => {
    expect(await loadPasswordEstimator()).toBe(await loadPasswordEstimator());
  });
});
