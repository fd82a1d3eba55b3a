import { isClient, useSession } from '@farol/data';
import { PortalLayout } from './portal-layout';
import { StaffLayout } from './staff-layout';

/** /profile and /settings serve both: clients see them inside the portal layout (design.md §3). */
export function ShellLayout() {
  const { user } = useSession();
  return isClient(user) ? <PortalLayout /> : <StaffLayout />;
}
