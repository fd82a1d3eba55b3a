import type { VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../../lib/cn';
import { badgeVariants } from './badge-variants';
import { formatBadgeCount } from './format-badge-count';

export type BadgeProps = React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, size, ...props }: BadgeProps) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant, size }), className)} {...props} />;
}

export type CountBadgeProps = Omit<BadgeProps, 'children' | 'size'> & { count: number };

/**
 * An unread-count badge: nothing for 0, the number up to 99, '99+' above. It is decorative
 * (aria-hidden) because the control it sits on carries the count in its accessible name.
 */
export function CountBadge({ count, className, variant = 'destructive', ...props }: CountBadgeProps) {
  const text = formatBadgeCount(count);
  if (!text) return null;
  return (
    <Badge
      data-slot="count-badge"
      aria-hidden="true"
      variant={variant}
      size="count"
      className={cn('pointer-events-none absolute -top-1 -right-1', className)}
      {...props}
    >
      {text}
    </Badge>
  );
}
