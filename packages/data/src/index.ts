export { formatBadgeCount, formatRelativeTime, unreadLabel } from './format/format';
