import type { QueryClient } from '@tanstack/react-query';
import { ingestNotification } from './ingest';

/** Same-browser channel other tabs post live notifications on (spec §7). */
export const NOTIFY_CHANNEL = 'app:notify';

function openChannel(): BroadcastChannel | null {
  // Old browsers, some embedded webviews and SSR have no BroadcastChannel: live tabs still work alone.
  if (typeof BroadcastChannel === 'undefined') return null;
  try {
    return new BroadcastChannel(NOTIFY_CHANNEL);
  } catch {
    return null;
  }
}

/** Feeds notifications posted by other tabs on 'app:notify' into the cache. Answers the unsubscribe. */
export function subscribeNotificationBroadcast(queryClient: QueryClient): () => void {
  const channel = openChannel();
  if (!channel) return () => {};
  channel.onmessage = (event: MessageEvent) => {
    ingestNotification(queryClient, event.data);
  };
  channel.onmessageerror = () => console.debug('[farol] app:notify message could not be read');
  return () => {
    channel.onmessage = null;
    channel.close();
  };
}

/** Posts a live notification to the other tabs of this browser (this tab does not receive it). */
export function broadcastNotification(payload: unknown): boolean {
  const channel = openChannel();
  if (!channel) return false;
  try {
    channel.postMessage(payload);
    return true;
  } catch (error) {
    // Uncloneable payloads (functions, DOM nodes) are the caller's bug, not a reason to crash.
    console.debug('[farol] app:notify post failed', error);
    return false;
  } finally {
    channel.close();
  }
}
