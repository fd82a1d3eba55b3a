import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/cn';

export const cardVariants = cva('flex flex-col gap-4 rounded-xl border bg-card text-card-foreground', {
  variants: {
    padding: {
      default: 'py-5 [&>[data-slot^=card-]]:px-5',
      compact: 'py-3 [&>[data-slot^=card-]]:px-3',
      none: '',
    },
  },
  defaultVariants: { padding: 'default' },
});

export type CardProps = React.ComponentProps<'div'> & VariantProps<typeof cardVariants>;

/** A surface that groups one subject: header (title, description, action), content and footer. */
export function Card({ className, padding, ...props }: CardProps) {
  return <div data-slot="card" className={cn(cardVariants({ padding }), className)} {...props} />;
}

export function CardHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-header"
      className={cn('grid auto-rows-min grid-cols-[1fr_auto] items-start gap-x-3 gap-y-1', className)}
      {...props}
    />
  );
}

export type CardTitleProps = React.ComponentProps<'h3'> & {
  /** Render the single child (e.g. an <h2>) with the title's styling, to fit the page's heading outline. */
  asChild?: boolean;
};

/** The card's heading: an <h3> by default; use `asChild` for another level. */
export function CardTitle({ className, asChild = false, ...props }: CardTitleProps) {
  const Comp = asChild ? Slot : 'h3';
  return (
    <Comp
      data-slot="card-title"
      className={cn('col-start-1 text-base leading-snug font-semibold', className)}
      {...props}
    />
  );
}

export function CardDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return (
    <p
      data-slot="card-description"
      className={cn('col-start-1 text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

/** A control in the header's top-right corner (a menu, a link). */
export function CardAction({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-action"
      className={cn('col-start-2 row-span-2 row-start-1 self-start justify-self-end', className)}
      {...props}
    />
  );
}

export function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn('min-w-0', className)} {...props} />;
}

export function CardFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-footer" className={cn('flex items-center gap-2', className)} {...props} />;
}
