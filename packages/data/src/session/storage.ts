import { TWO_FACTOR_SETUP_REQUIRED_CODE } from '../contract/security-constants';
import { normalizeUser, type SessionUser } from './normalize-user';

/** Local storage keys (design.md §3: prefixed `farol:`; the theme is also kept under plain `theme`). */
export const sessionStorageKeys = {
  user: 'farol:user',
  token: 'farol:token',
  theme: 'farol:theme',
  plainTheme: 'theme',
} as const;

/** localStorage, or null where it is missing or refuses access (private mode, sandboxed frames). */
function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    const store = storage();
    if (!store) return;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the session still lives in memory.
  }
}

export function readStoredToken(): string | null {
  const token = read(sessionStorageKeys.token)?.trim();
  return token ? token : null;
}

export function readStoredUser(): SessionUser | null {
  const raw = read(sessionStorageKeys.user);
  if (!raw) return null;
  try {
    return normalizeUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Saves what is given; `null` removes the entry, `undefined` leaves it as it is. */
export function writeSession(session: { user?: SessionUser | null; token?: string | null }): void {
  if (session.user !== undefined)
    write(sessionStorageKeys.user, session.user ? JSON.stringify(session.user) : null);
  if (session.token !== undefined) write(sessionStorageKeys.token, session.token || null);
}

/** Forgets user and token. The theme stays so the login page keeps the person's colours. */
export function clearSession(): void {
  write(sessionStorageKeys.user, null);
  write(sessionStorageKeys.token, null);
  write(TWO_FACTOR_SETUP_KEY, null);
  write(MUST_CHANGE_PASSWORD_KEY, null);
}

const MUST_CHANGE_PASSWORD_KEY = 'farol:must-change-password';

/** Signed in with a temporary password (issue 13): the portal asks for a new one before anything else. */
export function markMustChangePassword(flag: boolean): void {
  write(MUST_CHANGE_PASSWORD_KEY, flag ? '1' : null);
}

export function mustChangePassword(): boolean {
  return read(MUST_CHANGE_PASSWORD_KEY) === '1';
}

const TWO_FACTOR_SETUP_KEY = 'farol:two-factor-setup';

/** Window event telling the route guard that `twoFactorSetupRequired()` changed. */
export const TWO_FACTOR_SETUP_EVENT = 'farol:two-factor-setup';

/**
 * Signed in without 2FA where the requirement covers the person (issue 13): the portal sends them to enrol. Set
 * by the sign-in's answer, and by any 403 `two_factor_setup_required` (`noteForbidden`).
 */
export function markTwoFactorSetupRequired(flag: boolean): void {
  if (flag === twoFactorSetupRequired()) return;
  write(TWO_FACTOR_SETUP_KEY, flag ? '1' : null);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TWO_FACTOR_SETUP_EVENT));
}

export function twoFactorSetupRequired(): boolean {
  return read(TWO_FACTOR_SETUP_KEY) === '1';
}

/** The HTTP client's `onForbidden`: the server's refusal of a person who must enrol in 2FA first. */
export function noteForbidden(error: { body?: unknown }): void {
  if ((error.body as { error?: unknown } | null)?.error === TWO_FACTOR_SETUP_REQUIRED_CODE)
    markTwoFactorSetupRequired(true);
}

export function storeTheme(theme: string): void {
  const value = theme.trim();
  if (!value) return;
  write(sessionStorageKeys.theme, value);
  write(sessionStorageKeys.plainTheme, value);
}

export function readStoredTheme(): string | null {
  return read(sessionStorageKeys.theme)?.trim() || read(sessionStorageKeys.plainTheme)?.trim() || null;
}
