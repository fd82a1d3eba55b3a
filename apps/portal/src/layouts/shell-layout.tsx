import { isClient, useSession } from '@farol/data';
import { lazy, Suspense } from 'react';
import { FullPageSpinner } from '../routing/full-page-spinner';
import { StaffLayout } from './staff-layout';

// Clients reach this layout only on /profile and /settings: the staff shell's code carries none of theirs.
const PortalLayout = lazy(async () => ({ default: (await import('./portal-layout')).PortalLayout }));

/** /profile and /settings serve both: clients see them inside the portal layout (design.md §3). */
export function ShellLayout() {
  const { user } = useSession();
  return isClient(user) ? (
    <Suspense fallback={<FullPageSpinner />}>
      <PortalLayout />
    </Suspense>
  ) : (
    <StaffLayout />
  );
}
