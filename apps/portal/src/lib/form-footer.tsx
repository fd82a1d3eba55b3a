import { Button, Spinner } from '@farol/ui';

export interface FormFooterProps {
  /** What went wrong with the last save, said above the buttons (a Portuguese sentence), or null. */
  failure: string | null;
  /** A save is on its way: the buttons wait and the submit one says so. */
  pending: boolean;
  /** Shown as "Cancelar" when the form can be left (dialogs); pages without it have no such button. */
  onCancel?: () => void;
  /** The submit button's words, e.g. "Cadastrar filial". */
  submitLabel: string;
  /** What the spinner says while the save is on its way. */
  pendingLabel?: string;
}

/** The end of a form: the save's failure, if any, then Cancelar and the submit button (stacked on phones). */
export function FormFooter({
  failure,
  pending,
  onCancel,
  submitLabel,
  pendingLabel = 'Salvando…',
}: FormFooterProps) {
  return (
    <>
      {failure ? (
        <p role="alert" className="rounded-md border border-destructive px-3 py-2 text-sm text-destructive">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancelar
          </Button>
        ) : null}
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner size="sm" label={pendingLabel} className="text-current" /> : null}
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
