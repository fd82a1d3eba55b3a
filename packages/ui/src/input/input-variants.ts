import { cva } from 'class-variance-authority';

/** The look every text-like control shares (Input, Textarea, the Select trigger, the Combobox box). */
export const controlBase = [
  'w-full min-w-0 rounded-md border border-input bg-transparent text-sm text-foreground shadow-xs',
  'transition-[color,box-shadow] outline-none placeholder:text-muted-foreground',
  'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50',
  'aria-invalid:border-destructive aria-invalid:ring-destructive/40',
  'disabled:cursor-not-allowed disabled:opacity-50',
];

export const inputVariants = cva(
  [
    ...controlBase,
    'flex px-3 py-1',
    'file:inline-flex file:h-7 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground',
  ],
  {
    variants: {
      size: {
        sm: 'h-8 text-xs',
        default: 'h-9',
        lg: 'h-10',
      },
    },
    defaultVariants: { size: 'default' },
  },
);
