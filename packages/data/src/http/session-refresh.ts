/** Window event that asks the session to refetch the profile (spec §4). */
export const AUTH_REFRESH_EVENT = 'auth-refresh';

/** Dispatches the `auth-refresh` event; pass it as the client's `onUnauthorized`. No-op outside a browser. */
export function requestSessionRefresh(): void {
  if (typeof window === 'undefined' || typeof window.dispatchEvent !== 'function') return;
  window.dispatchEvent(new Event(AUTH_REFRESH_EVENT));
}
