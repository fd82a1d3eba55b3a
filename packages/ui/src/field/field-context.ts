import type * as React from 'react';
import { createContext, useContext } from 'react';

export interface FieldContextValue {
  /** The control's id; the label's `htmlFor` points at it. */
  controlId: string;
  labelId: string;
  hintId: string;
  errorId: string;
  invalid: boolean;
  required: boolean;
  disabled: boolean;
  /** Set while a FieldHint / FieldError with content is mounted, so aria-describedby names only real elements. */
  hasHint: boolean;
  hasError: boolean;
  registerHint: () => () => void;
  registerError: () => () => void;
}

export const FieldContext = createContext<FieldContextValue | null>(null);

/** The enclosing Field; throws outside one (FieldLabel, FieldHint and FieldError make no sense alone). */
export function useField(): FieldContextValue {
  const field = useContext(FieldContext);
  if (!field) throw new Error('useField must be used inside <Field>');
  return field;
}

/** The ARIA and form props a control accepts from its Field. */
export interface FieldControlProps {
  id?: string | undefined;
  disabled?: boolean | undefined;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: React.AriaAttributes['aria-invalid'];
  'aria-required'?: React.AriaAttributes['aria-required'];
  'aria-labelledby'?: string | undefined;
}

const joinIds = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(' ') || undefined;

/**
 * Merges the enclosing Field's wiring into a control's props: id, aria-describedby (the control's own ids
 * first, then the error, then the hint), aria-invalid, aria-required and disabled. Props the control was given
 * win. Outside a Field the props pass through unchanged, so every control also works on its own.
 * `labelledBy` is for controls a <label for> cannot name (a radio group's div).
 */
export function useFieldControlProps<P extends FieldControlProps>(
  props: P,
  { labelledBy = false }: { labelledBy?: boolean } = {},
): P {
  const field = useContext(FieldContext);
  if (!field) return props;
  return {
    ...props,
    id: props.id ?? field.controlId,
    disabled: props.disabled ?? (field.disabled || undefined),
    'aria-describedby': joinIds(
      props['aria-describedby'],
      field.hasError && field.errorId,
      field.hasHint && field.hintId,
    ),
    'aria-invalid': props['aria-invalid'] ?? (field.invalid || undefined),
    'aria-required': props['aria-required'] ?? (field.required || undefined),
    'aria-labelledby': labelledBy ? (props['aria-labelledby'] ?? field.labelId) : props['aria-labelledby'],
  };
}
