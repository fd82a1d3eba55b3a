import { cva, type VariantProps } from 'class-variance-authority';
import { LoaderCircleIcon } from 'lucide-react';
import type * as React from 'react';
import { useMessages } from '../../i18n/messages-provider';
import { cn } from '../../lib/cn';

export const spinnerVariants = cva('animate-spin text-muted-foreground', {
  variants: { size: { sm: 'size-4', default: 'size-6', lg: 'size-10' } },
  defaultVariants: { size: 'default' },
});

export type SpinnerProps = Omit<React.ComponentProps<'span'>, 'children'> &
  VariantProps<typeof spinnerVariants> & {
    /** Accessible name; defaults to 'Carregando…'. */
    label?: string;
    /** Also print the label beside the icon. */
    showLabel?: boolean;
  };

export function Spinner({ label, showLabel = false, size, className, ...props }: SpinnerProps) {
  const messages = useMessages();
  const text = label ?? messages.common.loading;
  return (
    <span
      data-slot="spinner"
      role="status"
      aria-label={showLabel ? undefined : text}
      className={cn('inline-flex items-center gap-2 text-sm text-muted-foreground', className)}
      {...props}
    >
      <LoaderCircleIcon aria-hidden="true" className={spinnerVariants({ size })} />
      {showLabel ? <span>{text}</span> : null}
    </span>
  );
}
