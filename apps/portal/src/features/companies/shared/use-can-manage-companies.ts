import { PERMISSIONS, hasPermission, useSession } from '@farol/data';

/** Whether the signed-in person may write companies (companies.manage): write actions show only then. */
export function useCanManageCompanies(): boolean {
  const { user } = useSession();
  return hasPermission(user, PERMISSIONS.COMPANIES_MANAGE);
}
