import { describe, expect, it } from 'vitest';
import { passwordInvalidation } from './keys';

describe('passwordInvalidation', () => {
  it('refreshes the vault after writes, but not after reveals, TOTP codes or the re-confirmation', () => {
    const matches = (path: string) => passwordInvalidation.path.test(path);
    for (const path of [
      '/api/passwords',
      '/api/passwords/6',
      '/api/passwords/6/access',
      '/api/passwords/folders/2',
      '/api/passwords/6/versions/3/restore',
      '/api/passwords/requests',
      '/api/passwords/portal/requests/3',
      '/api/passwords/import',
    ]) {
      expect(matches(path), path).toBe(true);
    }
    for (const path of [
      '/api/passwords/6/reveal',
      '/api/passwords/6/totp',
      '/api/passwords/portal/items/11/reveal',
      '/api/passwords/confirm',
      '/api/passwords/import/preview',
      '/api/passwords/export',
      '/api/passwordsx',
    ]) {
      expect(matches(path), path).toBe(false);
    }
  });
});
