import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { useMemo } from 'react';
import { useFieldControlProps } from '../field/field-context';
import { controlBase } from '../input/input-variants';
import { cn } from '../lib/cn';
import { composeRefs } from '../lib/compose-refs';
import { useAutoGrow } from './use-auto-grow';

export const textareaVariants = cva([...controlBase, 'flex min-h-16 px-3 py-2'], {
  variants: {
    resize: {
      vertical: 'resize-y',
      none: 'resize-none',
    },
  },
  defaultVariants: { resize: 'vertical' },
});

export type TextareaProps = React.ComponentProps<'textarea'> &
  VariantProps<typeof textareaVariants> & {
    /** Grow with the content instead of scrolling (up to `maxRows`). */
    autoGrow?: boolean;
    /** With `autoGrow`, the most lines shown before it scrolls. */
    maxRows?: number;
  };

/** A multi-line text input, optionally growing with its content; wired by an enclosing Field. */
export function Textarea({
  className,
  resize,
  autoGrow = false,
  maxRows,
  ref,
  onChange,
  ...props
}: TextareaProps) {
  const wired = useFieldControlProps(props);
  const grow = useAutoGrow({ enabled: autoGrow, maxRows, value: props.value });
  const composedRef = useMemo(() => composeRefs(ref, grow.ref), [ref, grow.ref]);
  return (
    <textarea
      data-slot="textarea"
      data-auto-grow={autoGrow || undefined}
      ref={composedRef}
      className={cn(textareaVariants({ resize: autoGrow ? 'none' : resize }), className)}
      onChange={(event) => {
        onChange?.(event);
        grow.resize();
      }}
      {...wired}
    />
  );
}
