import type { QueryClient } from '@tanstack/react-query';
import type { CoalescedRefreshOptions } from '../lib/coalesced-refresh';
import type { RealtimeClient } from './types';

export interface RouteRealtimeOptions {
  /** How ticket events coalesce into list refetches (tests shorten it). */
  ticketLists?: CoalescedRefreshOptions;
  /** How other domains' events coalesce into list refetches (tests shorten it). */
  lists?: CoalescedRefreshOptions;
}

export interface LiveContext {
  realtime: RealtimeClient;
  queryClient: QueryClient;
  options: RouteRealtimeOptions;
}

/**
 * One domain's live-event handler: subscribes to the events it owns, writes them into that domain's
 * cache (whose shapes only it knows), and answers the unsubscribe.
 */
export type LiveHandler = (context: LiveContext) => () => void;
