import { documentTitle, SessionProvider, useSession } from '@farol/data';
import { RealtimeProvider, useRealtimeEvent } from '@farol/data/realtime';
import { applyTheme } from '@farol/ui';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAppRealtimeClient } from '../providers/app-providers';

/** document.title from the path (spec §2, design.md §3). */
function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
  return null;
}

/** The profile's theme wins once it is known (it may have been changed on another device). */
function ThemeSync() {
  const { user } = useSession();
  const theme = user?.theme;
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
  return null;
}

/** A live notification this tab received is passed on to the other tabs of the browser (app:notify). */
function NotificationRelay() {
  useRealtimeEvent('notification', (notification) => {
    // Loaded with the first live notification: the login pages carry none of the notifications code.
    void import('@farol/data/notifications').then(({ broadcastNotification }) =>
      broadcastNotification({ __kind: 'notification', notification }),
    );
  });
  return null;
}

/** The root route: session (told the router's path), realtime while signed in, title, then the pages. */
export function SessionRoot() {
  const { pathname } = useLocation();
  const realtime = useAppRealtimeClient();
  return (
    <SessionProvider pathname={pathname}>
      <RealtimeProvider client={realtime}>
        <DocumentTitle />
        <ThemeSync />
        <NotificationRelay />
        <Outlet />
      </RealtimeProvider>
    </SessionProvider>
  );
}
