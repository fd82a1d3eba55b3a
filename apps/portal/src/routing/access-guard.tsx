import {
  LOGIN_PATH,
  PORTAL_LOGIN_PATH,
  homePath,
  isClient,
  isLoginPath,
  mustChangePassword,
  resolveAccess,
  TWO_FACTOR_SETUP_EVENT,
  twoFactorSetupRequired,
  useSession,
} from '@farol/data';
import { useRef, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullPageSpinner } from './full-page-spinner';

/** Where a person signed in with a temporary password chooses their own. */
export const CHANGE_PASSWORD_PATH = '/trocar-senha';

/** Where a person whom the 2FA requirement covers enrols (issue 13). */
export const TWO_FACTOR_SETUP_PATH = '/settings/security';

/** What a redirect remembers: the location the person was going to (spec §2). */
export interface RedirectState {
  from?: string;
}

/** Follows the flag: a 403 `two_factor_setup_required` on any request sets it while a page is open. */
const subscribeTwoFactorSetup = (onChange: () => void) => {
  window.addEventListener(TWO_FACTOR_SETUP_EVENT, onChange);
  return () => window.removeEventListener(TWO_FACTOR_SETUP_EVENT, onChange);
};

/** Every route passes here: resolveAccess decides (spec §2, design.md §3); a spinner while loading. */
export function AccessGuard() {
  const { status, user } = useSession();
  const mustEnrol = useSyncExternalStore(subscribeTwoFactorSetup, twoFactorSetupRequired, () => false);
  const location = useLocation();
  // Who was signed in last: a client who signs out (or whose session ends) on /settings or /profile goes
  // back to the portal's login, not the staff one (those two paths serve both).
  const lastUser = useRef(user);
  if (user) lastUser.current = user;
  if (status === 'loading') return <FullPageSpinner />;
  const decision = resolveAccess(
    status === 'authenticated' ? user : null,
    location.pathname + location.search,
  );
  // A temporary password is changed before anything else (issue 13: Gerenciar Usuários).
  if (
    status === 'authenticated' &&
    decision.type === 'allow' &&
    location.pathname !== CHANGE_PASSWORD_PATH &&
    mustChangePassword()
  ) {
    return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  }
  // Two-factor sign-in is set up before anything else when the requirement covers the person (issue 13).
  if (
    status === 'authenticated' &&
    decision.type === 'allow' &&
    location.pathname !== TWO_FACTOR_SETUP_PATH &&
    mustEnrol
  ) {
    return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;
  }
  if (decision.type === 'redirect') {
    // Just signed in on a login page: back to where the person was going (the guard then judges that).
    const from = (location.state as RedirectState | null)?.from;
    if (user && status === 'authenticated' && isLoginPath(location.pathname) && from) {
      return <Navigate to={from} replace />;
    }
    const state: RedirectState | undefined = decision.from ? { from: decision.from } : undefined;
    const to =
      !user && decision.to === LOGIN_PATH && isClient(lastUser.current) ? PORTAL_LOGIN_PATH : decision.to;
    return <Navigate to={to} replace state={state} />;
  }
  return <Outlet />;
}

/**
 * Paths the guard allows but no listed module serves yet (e.g. /tasks before the tasks module) go to the
 * person's home, like unknown paths do.
 */
export function FallbackRedirect() {
  const { user } = useSession();
  return <Navigate to={user ? homePath(user) : '/login'} replace />;
}
