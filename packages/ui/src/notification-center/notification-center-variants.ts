import { cva } from 'class-variance-authority';

/** The round icon badge of an item, tinted by severity. */
export const notificationIconVariants = cva(
  'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full [&_svg]:size-4',
  {
    variants: {
      severity: {
        info: 'bg-info/15 text-info',
        success: 'bg-success/15 text-success',
        warning: 'bg-warning/15 text-warning',
        error: 'bg-destructive/15 text-destructive',
      },
    },
    defaultVariants: { severity: 'info' },
  },
);

export const notificationItemVariants = cva(
  'group relative flex items-start gap-1 border-b px-2 py-1 last:border-b-0',
  {
    variants: {
      unread: {
        true: 'bg-accent/60',
        false: '',
      },
    },
    defaultVariants: { unread: false },
  },
);
