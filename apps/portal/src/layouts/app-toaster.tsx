import { notificationHref, useSession } from '@farol/data';
import { useRealtimeEvent } from '@farol/data/realtime';
import { toast, Toaster } from '@farol/ui';
import { renderRouterLink } from '../lib/router-link';

/**
 * The app's toasts: where saves confirm themselves and failures report, and where a notification that
 * arrives while the person is active shows with a link to open it (the bell keeps it either way). Loaded
 * after the shell, so sonner never weighs on the first screen.
 */
export function AppToaster() {
  const { user } = useSession();
  useRealtimeEvent('notification', (notification) => {
    if (document.visibilityState !== 'visible' || notification.read_at !== null) return;
    const href = notificationHref(notification.link, user);
    const text = notification.title ?? notification.message;
    const options = {
      ...(notification.title ? { description: notification.message } : {}),
      ...(href ? { link: { href, label: 'Abrir' } } : {}),
    };
    const show = { success: toast.success, warning: toast.warning, error: toast.error, info: toast.info };
    show[notification.severity](text, options);
  });
  // Below the 64 px header, clear of the bell; the assistant sits at the bottom.
  return (
    <Toaster
      renderLink={renderRouterLink}
      position="top-right"
      offset={{ top: 76 }}
      mobileOffset={{ top: 72 }}
    />
  );
}
