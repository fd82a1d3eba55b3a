import { isApiError } from '@farol/data';
import {
  VAULT_CLIPBOARD_CLEAR_MS,
  useRevealPassword,
  type PasswordItem,
  type RevealInput,
} from '@farol/data/passwords';
import { Button } from '@farol/ui';
import { CopyIcon, EyeIcon, EyeOffIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../../lib/form-errors';
import { useSecretGate, type RevealContext } from './secret-gate';

/**
 * One secret field: locked (dots), revealed (the value, hidden again on demand), copied (the clipboard is
 * wiped 30 s later if it still holds the value). Both reveal and copy go through the audited server call;
 * the value lives in this component's state only.
 */
export function SecretField({ item, field, label }: { item: PasswordItem; field: string; label: string }) {
  const reveal = useRevealPassword(item.id);
  const gate = useSecretGate(item);
  const [value, setValue] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const clearTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(clearTimer.current), []);

  const ask = async (purpose: 'reveal' | 'copy', given?: RevealContext) => {
    setError(null);
    const context = given ?? (await gate.context());
    if (!context) return;
    const input: RevealInput = { field, purpose, ...context };
    try {
      const answer = await reveal.mutateAsync(input);
      if (purpose === 'reveal') {
        setValue(answer.value);
        setStatus(null);
        return;
      }
      await navigator.clipboard.writeText(answer.value);
      setStatus(`${label} copiada. A área de transferência será limpa em 30 s.`);
      window.clearTimeout(clearTimer.current);
      clearTimer.current = window.setTimeout(() => {
        void navigator.clipboard
          .readText()
          .then((current) => (current === answer.value ? navigator.clipboard.writeText('') : undefined))
          .catch(() => undefined)
          .finally(() => setStatus(null));
      }, VAULT_CLIPBOARD_CLEAR_MS);
    } catch (caught) {
      if (
        isApiError(caught) &&
        caught.body &&
        (caught.body as { error?: string }).error === 'reconfirm_required'
      ) {
        gate.requireConfirmation(() => void ask(purpose, context));
        return;
      }
      setError(failureMessage(caught, 'Não foi possível revelar.'));
    }
  };

  const usarOnly = item.access === 'usar' || item.access === 'metadados';
  return (
    <div
      className="flex flex-col gap-1"
      data-secret-field={field}
      data-state={value === null ? 'locked' : 'revealed'}
    >
      <div className="text-sm font-medium">{label}</div>
      <div className="flex flex-wrap items-center gap-2">
        <output
          aria-label={value === null ? `${label} oculta` : label}
          className="min-h-9 flex-1 rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm break-all whitespace-pre-wrap"
        >
          {value ?? '••••••••••••'}
        </output>
        {usarOnly && !item.break_glass ? (
          <span className="text-xs text-muted-foreground">Só uso em conexões</span>
        ) : (
          <>
            {value === null ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => void ask('reveal')}
                disabled={reveal.isPending}
              >
                <EyeIcon aria-hidden="true" />
                Revelar {label.toLowerCase()}
              </Button>
            ) : (
              <Button size="sm" variant="outline" onClick={() => setValue(null)}>
                <EyeOffIcon aria-hidden="true" />
                Ocultar {label.toLowerCase()}
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={() => void ask('copy')} disabled={reveal.isPending}>
              <CopyIcon aria-hidden="true" />
              Copiar {label.toLowerCase()}
            </Button>
          </>
        )}
      </div>
      <p role="status" className="min-h-4 text-xs text-muted-foreground">
        {status}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {gate.dialogs}
    </div>
  );
}
