export type * from './contract';
export { formatBadgeCount, formatRelativeTime, unreadLabel } from './format/format';
export * from './http';
export * from './query';
export * from './session';
export * from './access';
export * from './chatbot';
