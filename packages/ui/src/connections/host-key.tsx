import { KeyRoundIcon, ShieldAlertIcon } from 'lucide-react';
import type * as React from 'react';
import { useId } from 'react';
import { cn } from '../lib/cn';
import { Button } from '../primitives/button';
import { useConnectionsMessages } from './messages';

/** Breaks "SHA256:…" after the prefix and every 11 characters, so a person can compare it in chunks. */
function Fingerprint({ value, className }: { value: string; className?: string }) {
  const [prefix, body] = value.startsWith('SHA256:') ? ['SHA256:', value.slice(7)] : ['', value];
  const chunks = body.match(/.{1,11}/g) ?? [body];
  return (
    <code
      data-slot="host-key-fingerprint"
      translate="no"
      className={cn('block font-mono text-sm break-all select-all', className)}
    >
      {prefix}
      {chunks.map((chunk, index) => (
        <span key={index}>
          {chunk}
          {index < chunks.length - 1 && <wbr />}
        </span>
      ))}
    </code>
  );
}

export type HostKeyPromptProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The host as the person knows it ("srv-db01 (10.0.0.12)"). */
  host: string;
  /** "SHA256:…" as OpenSSH prints it. */
  fingerprint: string;
  /** "ssh-ed25519", when known. */
  algorithm?: string;
  onTrust: () => void;
  onCancel: () => void;
  /** While the trust is being sent. */
  pending?: boolean;
};

/** Trust on first use: the server's SHA-256 fingerprint, "Confiar e conectar" or "Cancelar". */
export function HostKeyPrompt({
  host,
  fingerprint,
  algorithm,
  onTrust,
  onCancel,
  pending = false,
  className,
  ...props
}: HostKeyPromptProps) {
  const t = useConnectionsMessages().hostKey;
  const id = useId();
  return (
    <div
      data-slot="host-key-prompt"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      className={cn(
        'mx-auto flex w-full max-w-xl flex-col gap-4 rounded-lg border border-warning/50 bg-card p-5',
        className,
      )}
      {...props}
    >
      <div className="flex items-start gap-3">
        <KeyRoundIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
        <div className="flex flex-col gap-1">
          <h2 id={`${id}-title`} className="text-base font-semibold text-card-foreground">
            {t.promptTitle}
          </h2>
          <p id={`${id}-body`} className="text-sm text-muted-foreground">
            {t.promptBody(host)}
          </p>
        </div>
      </div>
      <dl className="grid gap-3 rounded-md bg-muted/60 p-3 text-sm">
        <div className="grid gap-1">
          <dt className="text-xs text-muted-foreground">{t.fingerprint}</dt>
          <dd>
            <Fingerprint value={fingerprint} />
          </dd>
        </div>
        {algorithm && (
          <div className="grid gap-1">
            <dt className="text-xs text-muted-foreground">{t.algorithm}</dt>
            <dd className="font-mono">{algorithm}</dd>
          </div>
        )}
      </dl>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t.cancel}
        </Button>
        <Button onClick={onTrust} disabled={pending} autoFocus>
          {t.trust}
        </Button>
      </div>
    </div>
  );
}

export type HostKeyMismatchProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  host: string;
  /** The pinned fingerprint. */
  pinned: string;
  /** The one the server presented now. */
  presented: string;
  algorithm?: string;
  /** The person holds connections.manage: the re-pin action shows. */
  canRepin?: boolean;
  onRepin?: () => void;
  onClose?: () => void;
  pending?: boolean;
};

/** A changed host key: a red blocking warning with both fingerprints; re-pinning only for connections.manage. */
export function HostKeyMismatch({
  host,
  pinned,
  presented,
  algorithm,
  canRepin = false,
  onRepin,
  onClose,
  pending = false,
  className,
  ...props
}: HostKeyMismatchProps) {
  const t = useConnectionsMessages().hostKey;
  return (
    <div
      data-slot="host-key-mismatch"
      role="alert"
      className={cn(
        'mx-auto flex w-full max-w-xl flex-col gap-4 rounded-lg border-2 border-destructive bg-destructive/10 p-5',
        className,
      )}
      {...props}
    >
      <div className="flex items-start gap-3">
        <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-destructive" />
        <div className="flex flex-col gap-1">
          <h2 className="text-base font-semibold text-destructive">{t.mismatchTitle}</h2>
          <p className="text-sm text-card-foreground">{t.mismatchBody(host)}</p>
        </div>
      </div>
      <dl className="grid gap-3 rounded-md bg-background/70 p-3 text-sm">
        <div className="grid gap-1">
          <dt className="text-xs text-muted-foreground">{t.pinned}</dt>
          <dd>
            <Fingerprint value={pinned} />
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-xs text-muted-foreground">
            {t.presented}
            {algorithm ? ` (${algorithm})` : ''}
          </dt>
          <dd>
            <Fingerprint value={presented} className="text-destructive" />
          </dd>
        </div>
      </dl>
      <p className="text-sm text-muted-foreground">{t.onlyManagers}</p>
      <div className="flex flex-wrap justify-end gap-2">
        {onClose && (
          <Button variant="outline" onClick={onClose}>
            {t.close}
          </Button>
        )}
        {canRepin && onRepin && (
          <Button variant="destructive" onClick={onRepin} disabled={pending}>
            {t.repin}
          </Button>
        )}
      </div>
    </div>
  );
}
