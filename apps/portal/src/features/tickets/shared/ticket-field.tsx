import type { ReactNode } from 'react';

/** The look of the forms' inputs, selects and text areas (aria-invalid turns the border red). */
export const FIELD_CONTROL_CLASS =
  'w-full rounded-md border border-input bg-background px-3 text-sm text-foreground outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60 aria-invalid:border-destructive';

/** The ids a control points at with aria-describedby: its hint and, when there is one, its error. */
export function describedBy(
  id: string,
  { hint = false, error }: { hint?: boolean; error?: string | undefined },
) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export interface TicketFieldProps {
  /** The control's id; the hint and error get `${id}-hint` and `${id}-error`. */
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}

/** Label, control, hint and the field's error under it. */
export function TicketField({ id, label, required = false, hint, error, children }: TicketFieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-destructive">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
