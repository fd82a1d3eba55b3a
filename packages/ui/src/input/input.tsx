import type { VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { useFieldControlProps } from '../field/field-context';
import { cn } from '../lib/cn';
import { inputVariants } from './input-variants';

// The native `size` attribute (width in characters) gives way to the variant.
export type InputProps = Omit<React.ComponentProps<'input'>, 'size'> & VariantProps<typeof inputVariants>;

/** A text input; inside a Field it takes the field's id, description, invalid and required state. */
export function Input({ className, size, type = 'text', ...props }: InputProps) {
  const wired = useFieldControlProps(props);
  return (
    <input data-slot="input" type={type} className={cn(inputVariants({ size }), className)} {...wired} />
  );
}
