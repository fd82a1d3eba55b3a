import { roleHoldsPermissions } from '@farol/data/contract';

export { CLIENT_ROLES, effectivePermissions, isAdminRole, isClientRole } from '@farol/data/contract';

/** The signed-in user as the server's modules (and the socket handshake) see it. */
export interface AuthUser {
  id: number;
  email: string;
  name: string;
  role: string;
  permissions: string[];
  companyId: number | null;
  /** A staff account's company scope (issue 13): `allow` null reaches every company; deny wins. */
  reach?: { allow: number[] | null; deny: number[] };
  /**
   * The 2FA requirement covers this person and they have not enrolled (issue 13): the session reaches only the
   * routes enrolment needs (`RouteAccess.beforeTwoFactor`) and opens no socket.
   */
  twoFactorPending?: boolean;
}

/** Spec §5: passes when the role is admin or every key is held. Clients hold no staff keys. */
export const hasPermissions = (user: AuthUser, keys: readonly string[]) =>
  roleHoldsPermissions(user.role, user.permissions, keys);
