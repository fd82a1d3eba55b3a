import { useTotpCode, type PasswordItem } from '@farol/data/passwords';
import { Button } from '@farol/ui';
import { TimerIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { failureMessage } from '../../../lib/form-errors';
import { useSecretGate, type RevealContext } from './secret-gate';

/**
 * The item's current TOTP code with a countdown ring, computed by the server (the seed never comes to the
 * browser on this path); each code asked for is audited. Shown on demand.
 */
export function TotpCode({ item }: { item: PasswordItem }) {
  const gate = useSecretGate(item);
  const [context, setContext] = useState<RevealContext | null>(null);
  const code = useTotpCode(item.id, { enabled: context !== null, reason: context?.reason ?? null });
  const [left, setLeft] = useState<number | null>(null);

  useEffect(() => {
    if (!code.data) return;
    const end = Date.now() + code.data.remaining * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [code.data]);

  const usarOnly = (item.access === 'usar' || item.access === 'metadados') && !item.break_glass;
  const period = code.data?.period ?? 30;
  const fraction = left === null ? 1 : left / period;
  return (
    <div className="flex flex-col gap-2" data-state={code.data ? 'code' : 'hidden'}>
      <div className="text-sm font-medium">Código TOTP</div>
      {usarOnly ? (
        <p className="text-sm text-muted-foreground">Seu acesso é “usar”: o código não é mostrado.</p>
      ) : code.data ? (
        <div className="flex items-center gap-3">
          <svg viewBox="0 0 36 36" className="size-9 -rotate-90" aria-hidden="true">
            <circle cx="18" cy="18" r="15" className="fill-none stroke-muted" strokeWidth="4" />
            <circle
              cx="18"
              cy="18"
              r="15"
              className="fill-none stroke-primary transition-[stroke-dashoffset]"
              strokeWidth="4"
              strokeDasharray={2 * Math.PI * 15}
              strokeDashoffset={2 * Math.PI * 15 * (1 - fraction)}
            />
          </svg>
          <output aria-label="Código TOTP atual" className="font-mono text-2xl tracking-widest tabular-nums">
            {code.data.code.slice(0, 3)} {code.data.code.slice(3)}
          </output>
          <span className="text-sm text-muted-foreground" aria-live="off">
            {left ?? code.data.remaining} s
          </span>
        </div>
      ) : (
        <Button
          size="sm"
          variant="outline"
          className="self-start"
          disabled={code.isFetching}
          onClick={() => void gate.context().then((next) => (next ? setContext(next) : undefined))}
        >
          <TimerIcon aria-hidden="true" />
          Mostrar código TOTP
        </Button>
      )}
      {code.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {failureMessage(code.error, 'Não foi possível obter o código.')}
        </p>
      ) : null}
      {gate.dialogs}
    </div>
  );
}
