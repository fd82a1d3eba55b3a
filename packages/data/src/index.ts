// The main entry stays small (≤ 10 KB gzip): realtime (socket.io glue) and the chatbot live on their own
// subpaths, `@farol/data/realtime` and `@farol/data/chatbot`, so apps can load them on demand.
export type * from './contract';
export { formatBadgeCount, formatRelativeTime, unreadLabel } from './format/format';
export * from './http';
export * from './query';
export * from './session';
export * from './access';
export * from './notifications';
export * from './messages';
