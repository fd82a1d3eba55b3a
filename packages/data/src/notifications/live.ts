import type { LiveHandler } from '../realtime/live-handler';
import { subscribeNotificationBroadcast } from './broadcast';
import { addNotificationToCache } from './ingest';

/** A live notification joins the cached list and the unread count, from the socket or another tab (spec §4, §7). */
export const notificationsLive: LiveHandler = ({ realtime, queryClient }) => {
  const offSocket = realtime.on('notification', (notification) => {
    addNotificationToCache(queryClient, notification);
  });
  const offBroadcast = subscribeNotificationBroadcast(queryClient);
  return () => {
    offSocket();
    offBroadcast();
  };
};
