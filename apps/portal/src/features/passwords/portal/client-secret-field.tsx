import { VAULT_CLIPBOARD_CLEAR_MS, useRevealClientPassword } from '@farol/data/passwords';
import { Button } from '@farol/ui';
import { CopyIcon, EyeIcon, EyeOffIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../../lib/form-errors';

/**
 * One secret of an item shared with the client: locked, revealed or copied (wiped from the clipboard after
 * 30 s where the browser allows). Both go through the audited reveal, with the optional reason.
 */
export function ClientSecretField({
  itemId,
  field,
  label,
  reason,
}: {
  itemId: number;
  field: string;
  label: string;
  reason: string;
}) {
  const reveal = useRevealClientPassword(itemId);
  const [value, setValue] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const ask = async (purpose: 'reveal' | 'copy') => {
    setError(null);
    try {
      const answer = await reveal.mutateAsync({
        field,
        purpose,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      if (purpose === 'reveal') return setValue(answer.value);
      await navigator.clipboard.writeText(answer.value);
      setStatus(`${label} copiada. A área de transferência será limpa em 30 s.`);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        void navigator.clipboard
          .readText()
          .then((current) => (current === answer.value ? navigator.clipboard.writeText('') : undefined))
          .catch(() => undefined)
          .finally(() => setStatus(null));
      }, VAULT_CLIPBOARD_CLEAR_MS);
    } catch (caught) {
      setError(failureMessage(caught, 'Não foi possível revelar.'));
    }
  };

  return (
    <div className="flex flex-col gap-1" data-state={value === null ? 'locked' : 'revealed'}>
      <div className="text-sm font-medium">{label}</div>
      <div className="flex flex-wrap items-center gap-2">
        <output
          aria-label={value === null ? `${label} oculta` : label}
          className="min-h-9 flex-1 rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm break-all whitespace-pre-wrap"
        >
          {value ?? '••••••••••••'}
        </output>
        {value === null ? (
          <Button size="sm" variant="outline" onClick={() => void ask('reveal')} disabled={reveal.isPending}>
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
      </div>
      <p role="status" className="min-h-4 text-xs text-muted-foreground">
        {status}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
