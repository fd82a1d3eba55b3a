// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeUser } from './normalize-user';
import {
  TWO_FACTOR_SETUP_EVENT,
  clearSession,
  noteForbidden,
  readStoredTheme,
  readStoredToken,
  readStoredUser,
  sessionStorageKeys,
  storeTheme,
  twoFactorSetupRequired,
  writeSession,
} from './storage';

const user = normalizeUser({ id: 1, email: 'a@b.c', first_name: 'Ana', last_name: 'Lima', role: 'admin' })!;

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('session storage', () => {
  it('uses farol:-prefixed keys, theme also under plain "theme"', () => {
    expect(sessionStorageKeys).toEqual({
      user: 'farol:user',
      token: 'farol:token',
      theme: 'farol:theme',
      plainTheme: 'theme',
    });
  });

  it('round-trips user and token', () => {
    writeSession({ user, token: 'tok' });
    expect(localStorage.getItem('farol:token')).toBe('tok');
    expect(readStoredToken()).toBe('tok');
    expect(readStoredUser()).toEqual(user);
  });

  it('leaves undefined fields alone and removes null ones', () => {
    writeSession({ user, token: 'tok' });
    writeSession({ token: null });
    expect(readStoredToken()).toBeNull();
    expect(readStoredUser()).toEqual(user);
    writeSession({ user: null });
    expect(localStorage.getItem('farol:user')).toBeNull();
  });

  it('clearSession forgets user and token but keeps the theme', () => {
    writeSession({ user, token: 'tok' });
    storeTheme('ocean');
    clearSession();
    expect(readStoredUser()).toBeNull();
    expect(readStoredToken()).toBeNull();
    expect(readStoredTheme()).toBe('ocean');
  });

  it('stores the theme under both keys and reads either', () => {
    storeTheme('forest');
    expect(localStorage.getItem('farol:theme')).toBe('forest');
    expect(localStorage.getItem('theme')).toBe('forest');
    localStorage.removeItem('farol:theme');
    expect(readStoredTheme()).toBe('forest');
    localStorage.clear();
    expect(readStoredTheme()).toBeNull();
    storeTheme('   ');
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('treats corrupt or unusable stored values as absent', () => {
    localStorage.setItem('farol:user', '{not json');
    expect(readStoredUser()).toBeNull();
    localStorage.setItem('farol:user', JSON.stringify({ name: 'no id' }));
    expect(readStoredUser()).toBeNull();
    localStorage.setItem('farol:token', '   ');
    expect(readStoredToken()).toBeNull();
  });

  it('never throws when storage itself throws (private mode)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(readStoredToken()).toBeNull();
    expect(readStoredUser()).toBeNull();
    expect(readStoredTheme()).toBeNull();
    expect(() => writeSession({ user, token: 't' })).not.toThrow();
    expect(() => storeTheme('x')).not.toThrow();
    expect(() => clearSession()).not.toThrow();
  });

  it('never throws when the localStorage getter itself throws', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(readStoredToken()).toBeNull();
    expect(() => writeSession({ token: 't' })).not.toThrow();
  });
});

describe('the 2FA requirement flag (issue 13)', () => {
  it('is set by a 403 two_factor_setup_required, telling the page once; other refusals leave it', () => {
    const heard = vi.fn();
    window.addEventListener(TWO_FACTOR_SETUP_EVENT, heard);
    try {
      noteForbidden({ body: { error: 'forbidden', message: 'Você não tem permissão para esta ação.' } });
      noteForbidden({ body: 'texto' });
      expect(twoFactorSetupRequired()).toBe(false);
      expect(heard).not.toHaveBeenCalled();
      noteForbidden({ body: { error: 'two_factor_setup_required', message: 'Ative a verificação' } });
      noteForbidden({ body: { error: 'two_factor_setup_required', message: 'Ative a verificação' } });
      expect(twoFactorSetupRequired()).toBe(true);
      expect(heard).toHaveBeenCalledTimes(1);
    } finally {
      window.removeEventListener(TWO_FACTOR_SETUP_EVENT, heard);
    }
  });
});
