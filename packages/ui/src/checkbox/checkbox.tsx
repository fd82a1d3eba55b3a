import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { cva, type VariantProps } from 'class-variance-authority';
import { CheckIcon, MinusIcon } from 'lucide-react';
import type * as React from 'react';
import { useFieldControlProps } from '../field/field-context';
import { cn } from '../lib/cn';

export const checkboxVariants = cva(
  [
    'peer grid shrink-0 place-content-center rounded-[4px] border border-input bg-transparent text-primary-foreground shadow-xs',
    'transition-shadow outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
    'data-[state=checked]:border-primary data-[state=checked]:bg-primary',
    'data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary',
    'aria-invalid:border-destructive disabled:cursor-not-allowed disabled:opacity-50',
  ],
  {
    variants: { size: { sm: 'size-3.5', default: 'size-4', lg: 'size-5' } },
    defaultVariants: { size: 'default' },
  },
);

export type CheckboxProps = React.ComponentProps<typeof CheckboxPrimitive.Root> &
  VariantProps<typeof checkboxVariants>;

/**
 * A checkbox (Radix): `checked` is true, false or 'indeterminate' (a "select all" over a partial selection).
 * Controlled with `checked`/`onCheckedChange`, uncontrolled with `defaultChecked`.
 */
export function Checkbox({ className, size, ...props }: CheckboxProps) {
  const wired = useFieldControlProps(props);
  return (
    <CheckboxPrimitive.Root
      data-slot="checkbox"
      className={cn(checkboxVariants({ size }), className)}
      {...wired}
    >
      <CheckboxPrimitive.Indicator
        data-slot="checkbox-indicator"
        className="group/indicator grid place-content-center text-current"
      >
        <CheckIcon
          aria-hidden="true"
          className="size-3.5 group-data-[state=indeterminate]/indicator:hidden"
        />
        <MinusIcon
          aria-hidden="true"
          className="hidden size-3.5 group-data-[state=indeterminate]/indicator:block"
        />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
