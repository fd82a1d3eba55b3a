import * as SwitchPrimitive from '@radix-ui/react-switch';
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { useFieldControlProps } from '../field/field-context';
import { cn } from '../lib/cn';

export const switchVariants = cva(
  [
    'peer inline-flex shrink-0 items-center rounded-full border border-transparent shadow-xs transition-colors',
    'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
    'data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
    'aria-invalid:ring-2 aria-invalid:ring-destructive/60 disabled:cursor-not-allowed disabled:opacity-50',
  ],
  {
    variants: { size: { sm: 'h-4 w-7', default: 'h-5 w-9' } },
    defaultVariants: { size: 'default' },
  },
);

const thumbSize = {
  sm: 'size-3 data-[state=checked]:translate-x-3',
  default: 'size-4 data-[state=checked]:translate-x-4',
};

export type SwitchProps = React.ComponentProps<typeof SwitchPrimitive.Root> &
  VariantProps<typeof switchVariants>;

/** An on/off switch (Radix, role switch). Controlled with `checked`/`onCheckedChange`. */
export function Switch({ className, size, ...props }: SwitchProps) {
  const wired = useFieldControlProps(props);
  return (
    <SwitchPrimitive.Root data-slot="switch" className={cn(switchVariants({ size }), className)} {...wired}>
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className={cn(
          'pointer-events-none block translate-x-0.5 rounded-full bg-foreground shadow-sm ring-0 transition-transform motion-reduce:transition-none',
          'data-[state=checked]:bg-primary-foreground',
          thumbSize[size ?? 'default'],
        )}
      />
    </SwitchPrimitive.Root>
  );
}
