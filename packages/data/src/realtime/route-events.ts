import type { QueryClient } from '@tanstack/react-query';
import { companiesLive } from '../companies/live';
import { messagesLive } from '../messages/live';
import { notificationsLive } from '../notifications/live';
import { tasksLive } from '../tasks/live';
import { ticketsLive } from '../tickets/live';
import { usersLive } from '../users/live';
import type { LiveHandler, RouteRealtimeOptions } from './live-handler';
import type { RealtimeClient } from './types';

/** Every domain's live handler: a new domain with live events adds its line here. */
export const LIVE_HANDLERS: readonly LiveHandler[] = [
  notificationsLive,
  messagesLive,
  ticketsLive,
  companiesLive,
  tasksLive,
  usersLive,
];

/** Wires live events into the cache (spec §4, §7), each domain its own. Answers the unsubscribe. */
export function routeRealtimeEvents(
  realtime: RealtimeClient,
  queryClient: QueryClient,
  options: RouteRealtimeOptions = {},
  handlers: readonly LiveHandler[] = LIVE_HANDLERS,
): () => void {
  const unsubscribes = handlers.map((handler) => handler({ realtime, queryClient, options }));
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}
