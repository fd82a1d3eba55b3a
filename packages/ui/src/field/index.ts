export { Field, FieldLabel, FieldHint, FieldError } from './field';
export type { FieldProps, FieldLabelProps, FieldHintProps, FieldErrorProps } from './field';
export { useField, useFieldControlProps } from './field-context';
export type { FieldContextValue, FieldControlProps } from './field-context';
export { fieldVariants } from './field-variants';
