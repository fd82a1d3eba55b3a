import type * as React from 'react';
import { cn } from '../lib/cn';

export type SkeletonProps = React.ComponentProps<'div'>;

/**
 * A placeholder block with the shape of content still loading. Hidden from assistive technology: the region
 * that is loading says so (aria-busy, a 'Carregando…' status). The pulse stops under reduced motion.
 */
export function Skeleton({ className, ...props }: SkeletonProps) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-secondary motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
