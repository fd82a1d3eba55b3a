import * as RadioGroupPrimitive from '@radix-ui/react-radio-group';
import { CircleIcon } from 'lucide-react';
import type * as React from 'react';
import { useFieldControlProps } from '../field/field-context';
import { cn } from '../lib/cn';

export type RadioGroupProps = React.ComponentProps<typeof RadioGroupPrimitive.Root>;

/**
 * A set of radio buttons (Radix): arrow keys move and choose, Tab leaves the group. Inside a Field the group
 * is named by the field's label (aria-labelledby), since a <label for> cannot name a group.
 */
export function RadioGroup({ className, ...props }: RadioGroupProps) {
  const wired = useFieldControlProps(props, { labelledBy: true });
  return (
    <RadioGroupPrimitive.Root data-slot="radio-group" className={cn('grid gap-2.5', className)} {...wired} />
  );
}

export type RadioGroupItemProps = React.ComponentProps<typeof RadioGroupPrimitive.Item>;

export function RadioGroupItem({ className, ...props }: RadioGroupItemProps) {
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-group-item"
      className={cn(
        'aspect-square size-4 shrink-0 rounded-full border border-input text-primary shadow-xs outline-none',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        'data-[state=checked]:border-primary aria-invalid:border-destructive disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator
        data-slot="radio-group-indicator"
        className="relative flex items-center justify-center"
      >
        <CircleIcon aria-hidden="true" className="size-2 fill-primary" />
      </RadioGroupPrimitive.Indicator>
    </RadioGroupPrimitive.Item>
  );
}
