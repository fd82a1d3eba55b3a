import type { VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { useCallback, useId, useLayoutEffect, useMemo, useState } from 'react';
import { useMessages } from '../i18n/messages-provider';
import { cn } from '../lib/cn';
import { FieldContext, useField, type FieldContextValue } from './field-context';
import { fieldVariants } from './field-variants';

export type FieldProps = React.ComponentProps<'div'> &
  VariantProps<typeof fieldVariants> & {
    /** The control's id (default: a generated one). Give it here rather than on the control. */
    id?: string;
    /** Marks the control invalid; also implied while a FieldError has content. */
    invalid?: boolean;
    /** Adds the required marker to the label and aria-required to the control. */
    required?: boolean;
    /** Disables the control. */
    disabled?: boolean;
  };

/** Counts mounted parts, so a hint or error rendered conditionally is described only while it is there. */
function usePresence(): [boolean, () => () => void] {
  const [count, setCount] = useState(0);
  const register = useCallback(() => {
    setCount((n) => n + 1);
    return () => setCount((n) => n - 1);
  }, []);
  return [count > 0, register];
}

/**
 * One form field: a label, a control, an optional hint and an error. It wires the control (Input, Textarea,
 * SelectTrigger, Combobox, Checkbox, Switch, RadioGroup) to its label and texts through context.
 */
export function Field({
  id,
  invalid,
  required = false,
  disabled = false,
  orientation,
  className,
  children,
  ...props
}: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const [hasHint, registerHint] = usePresence();
  const [hasError, registerError] = usePresence();
  const isInvalid = invalid ?? hasError;
  const value = useMemo<FieldContextValue>(
    () => ({
      controlId,
      labelId: `${controlId}-label`,
      hintId: `${controlId}-hint`,
      errorId: `${controlId}-error`,
      invalid: isInvalid,
      required,
      disabled,
      hasHint,
      hasError,
      registerHint,
      registerError,
    }),
    [controlId, isInvalid, required, disabled, hasHint, hasError, registerHint, registerError],
  );
  return (
    <FieldContext.Provider value={value}>
      <div
        data-slot="field"
        data-invalid={isInvalid || undefined}
        data-disabled={disabled || undefined}
        className={cn(fieldVariants({ orientation }), className)}
        {...props}
      >
        {children}
      </div>
    </FieldContext.Provider>
  );
}

export type FieldLabelProps = React.ComponentProps<'label'>;

/** The field's label; a required field shows a '*' (the control itself carries aria-required). */
export function FieldLabel({ className, children, ...props }: FieldLabelProps) {
  const field = useField();
  const messages = useMessages();
  return (
    <label
      data-slot="field-label"
      id={field.labelId}
      htmlFor={field.controlId}
      className={cn(
        'text-sm leading-none font-medium select-none group-data-[disabled]/field:cursor-not-allowed group-data-[disabled]/field:opacity-50',
        className,
      )}
      {...props}
    >
      {children}
      {field.required ? (
        <span aria-hidden="true" title={messages.field.required} className="ml-0.5 text-destructive">
          *
        </span>
      ) : null}
    </label>
  );
}

/** A text under the control that is described only while it has content (see usePresence). */
function useFieldText(children: React.ReactNode, register: () => () => void): boolean {
  const present = children != null && children !== false && children !== '';
  useLayoutEffect(() => (present ? register() : undefined), [present, register]);
  return present;
}

export type FieldHintProps = React.ComponentProps<'p'>;

/** A short help text under the control, read after the label. */
export function FieldHint({ className, children, ...props }: FieldHintProps) {
  const field = useField();
  if (!useFieldText(children, field.registerHint)) return null;
  return (
    <p
      data-slot="field-hint"
      id={field.hintId}
      className={cn('text-xs text-muted-foreground', className)}
      {...props}
    >
      {children}
    </p>
  );
}

export type FieldErrorProps = React.ComponentProps<'p'>;

/**
 * The field's error (e.g. react-hook-form's `errors.name?.message`). Renders nothing without text; with text
 * it marks the control invalid and is read with it.
 */
export function FieldError({ className, children, ...props }: FieldErrorProps) {
  const field = useField();
  if (!useFieldText(children, field.registerError)) return null;
  return (
    <p
      data-slot="field-error"
      id={field.errorId}
      className={cn('text-xs font-medium text-destructive', className)}
      {...props}
    >
      {children}
    </p>
  );
}
