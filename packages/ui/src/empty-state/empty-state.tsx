import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/cn';

export const emptyStateVariants = cva('flex flex-col items-center justify-center text-center', {
  variants: {
    size: {
      default: 'gap-3 px-6 py-12',
      compact: 'gap-2 px-4 py-6',
    },
    border: {
      none: '',
      dashed: 'rounded-xl border border-dashed',
    },
  },
  defaultVariants: { size: 'default', border: 'none' },
});

export type EmptyStateProps = Omit<React.ComponentProps<'div'>, 'title'> &
  VariantProps<typeof emptyStateVariants> & {
    /** A decorative icon (e.g. `<BuildingIcon />`); it is hidden from screen readers. */
    icon?: React.ReactNode;
    title: React.ReactNode;
    description?: React.ReactNode;
    /** What to do next: a button or a link ("Nova empresa", "Limpar filtros"). */
    action?: React.ReactNode;
    /** The title's element, to fit the page's heading outline (default h2). */
    titleAs?: 'h2' | 'h3' | 'h4' | 'p';
  };

/** What a list or page shows when it has nothing to show, and what to do about it. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  titleAs: Title = 'h2',
  size,
  border,
  className,
  ...props
}: EmptyStateProps) {
  return (
    <div data-slot="empty-state" className={cn(emptyStateVariants({ size, border }), className)} {...props}>
      {icon ? (
        <div
          data-slot="empty-state-icon"
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground [&_svg]:size-6"
        >
          {icon}
        </div>
      ) : null}
      <Title data-slot="empty-state-title" className="text-base font-semibold">
        {title}
      </Title>
      {description ? (
        <p data-slot="empty-state-description" className="max-w-sm text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {action ? (
        <div data-slot="empty-state-action" className="mt-1 flex flex-wrap justify-center gap-2">
          {action}
        </div>
      ) : null}
    </div>
  );
}
