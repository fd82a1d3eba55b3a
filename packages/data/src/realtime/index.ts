export { createFakeRealtime } from './fake-realtime';
export type { FakeRealtime, FakeRealtimeOptions } from './fake-realtime';
export { SERVER_EVENT_ALIASES, normalizeServerEvent } from './normalize-event';
export { RealtimeProvider, useRealtime, useRealtimeEvent, useRealtimeStatus } from './realtime-provider';
export type { RealtimeProviderProps } from './realtime-provider';
export { LIVE_HANDLERS, routeRealtimeEvents } from './route-events';
export type { LiveContext, LiveHandler, RouteRealtimeOptions } from './live-handler';
export {
  AUTH_ERROR_PATTERN,
  createSocketRealtime,
  defaultRealtimeUrl,
  realtimeSocketOptions,
} from './socket-realtime';
export type { SocketRealtimeOptions } from './socket-realtime';
export { RealtimeError } from './types';
export type {
  LiveMessageEvent,
  RealtimeClient,
  RealtimeEventMap,
  RealtimeEventName,
  RealtimeHandler,
  RealtimeStatus,
  SendMessageInput,
} from './types';
