export { Badge, CountBadge } from './badge';
export type { BadgeProps, CountBadgeProps } from './badge';
export { badgeVariants } from './badge-variants';
export { formatBadgeCount, BADGE_MAX } from './format-badge-count';
