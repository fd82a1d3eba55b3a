import { cva } from 'class-variance-authority';

export const badgeVariants = cva(
  'inline-flex items-center justify-center rounded-full border border-transparent font-semibold tabular-nums whitespace-nowrap',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground',
        secondary: 'bg-secondary text-secondary-foreground',
        destructive: 'bg-destructive text-destructive-foreground',
        outline: 'border-border text-foreground',
      },
      size: {
        default: 'px-2 py-0.5 text-xs',
        count: 'h-[1.125rem] min-w-[1.125rem] px-1 text-[0.6875rem] leading-none',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);
