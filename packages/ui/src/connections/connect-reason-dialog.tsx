import type * as React from 'react';
import { useEffect, useId, useState } from 'react';
import { Checkbox } from '../checkbox';
import { Field, FieldError, FieldHint, FieldLabel } from '../field';
import { Input } from '../input';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../primitives/dialog';
import { Button } from '../primitives/button';
import { RadioGroup, RadioGroupItem } from '../radio-group';
import { Textarea } from '../textarea';
import { useConnectionsMessages } from './messages';
import type { ConnectRequest } from './types';

export type ConnectReasonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The connection's name, in the title. */
  name: string;
  /** The connection requires a reason: the field is required. */
  requireReason?: boolean;
  /** "Pedir ao conectar": ask for the username and a password or private key, held only for this session. */
  askCredential?: boolean;
  /** Which secrets the connection accepts when asking (default both). */
  credentialKinds?: readonly ('password' | 'private_key')[];
  /** Prefilled username (the connection's default user). */
  defaultUsername?: string;
  /** Recording is "opcional" on this connection: offer "Gravar esta sessão" (checked at first). */
  offerRecording?: boolean;
  /** Prefilled reason ("Chamado #482 — …" when connecting from a chamado). */
  defaultReason?: string;
  /** The app's chamado picker (a Combobox searching chamados), shown under the reason. */
  ticketSlot?: React.ReactNode;
  /** While the ticket is being asked for. */
  pending?: boolean;
  /** The server's refusal, in Portuguese. */
  error?: string;
  onSubmit: (request: ConnectRequest) => void;
};

type Errors = Partial<Record<'reason' | 'username' | 'password' | 'privateKey', string>>;

/**
 * Before connecting: the reason (required when the connection says so), the chamado it is for, and — for
 * "pedir ao conectar" connections — the credential for this session only. The secret is handed to `onSubmit`
 * and cleared from the form on close.
 */
export function ConnectReasonDialog({
  open,
  onOpenChange,
  name,
  requireReason = false,
  askCredential = false,
  offerRecording = false,
  credentialKinds = ['password', 'private_key'],
  defaultUsername = '',
  defaultReason = '',
  ticketSlot,
  pending = false,
  error,
  onSubmit,
}: ConnectReasonDialogProps) {
  const t = useConnectionsMessages().reason;
  const [reason, setReason] = useState(defaultReason);
  const [username, setUsername] = useState(defaultUsername);
  const [kind, setKind] = useState<'password' | 'private_key'>(credentialKinds[0] ?? 'password');
  const [password, setPassword] = useState('');
  const [privateKey, setPrivateKey] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [record, setRecord] = useState(true);
  const recordId = useId();

  // A closed dialog forgets what was typed, secrets first.
  useEffect(() => {
    if (open) return;
    setReason(defaultReason);
    setUsername(defaultUsername);
    setPassword('');
    setPrivateKey('');
    setErrors({});
    setRecord(true);
  }, [open, defaultReason, defaultUsername]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (requireReason && !reason.trim()) next.reason = t.reasonRequired;
    if (askCredential) {
      if (!username.trim()) next.username = t.usernameRequired;
      if (kind === 'password' && !password) next.password = t.passwordRequired;
      if (kind === 'private_key' && !privateKey.trim()) next.privateKey = t.privateKeyRequired;
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    onSubmit({
      reason: reason.trim(),
      ...(offerRecording ? { record } : {}),
      ...(askCredential
        ? {
            credential: {
              username: username.trim(),
              ...(kind === 'password' ? { password } : { privateKey }),
            },
          }
        : {}),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-slot="connect-reason-dialog">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t.title(name)}</DialogTitle>
            <DialogDescription>{t.description}</DialogDescription>
          </DialogHeader>
          <Field required={requireReason}>
            <FieldLabel>{t.reason}</FieldLabel>
            <Textarea
              value={reason}
              rows={2}
              maxLength={500}
              placeholder={t.reasonPlaceholder}
              onChange={(event) => setReason(event.target.value)}
            />
            <FieldHint>{requireReason ? undefined : t.reasonHint}</FieldHint>
            <FieldError>{errors.reason}</FieldError>
          </Field>
          {ticketSlot}
          {askCredential && (
            <fieldset className="grid gap-3 rounded-md border border-border p-3">
              <legend className="px-1 text-sm font-medium">{t.credentialTitle}</legend>
              <p className="text-xs text-muted-foreground">{t.credentialHint}</p>
              <Field required>
                <FieldLabel>{t.username}</FieldLabel>
                <Input
                  value={username}
                  autoComplete="username"
                  onChange={(event) => setUsername(event.target.value)}
                />
                <FieldError>{errors.username}</FieldError>
              </Field>
              {credentialKinds.length > 1 && (
                <RadioGroup
                  aria-label={t.authMethod}
                  value={kind}
                  onValueChange={(value) => setKind(value as 'password' | 'private_key')}
                  className="flex gap-4"
                >
                  <label className="flex items-center gap-2 text-sm">
                    <RadioGroupItem value="password" />
                    {t.password}
                  </label>
                  <label className="flex items-center gap-2 text-sm">
                    <RadioGroupItem value="private_key" />
                    {t.privateKey}
                  </label>
                </RadioGroup>
              )}
              {kind === 'password' ? (
                <Field required>
                  <FieldLabel>{t.password}</FieldLabel>
                  <Input
                    type="password"
                    value={password}
                    autoComplete="current-password"
                    onChange={(event) => setPassword(event.target.value)}
                  />
                  <FieldError>{errors.password}</FieldError>
                </Field>
              ) : (
                <Field required>
                  <FieldLabel>{t.privateKey}</FieldLabel>
                  <Textarea
                    value={privateKey}
                    rows={4}
                    spellCheck={false}
                    autoComplete="off"
                    placeholder={t.privateKeyPlaceholder}
                    className="font-mono text-xs"
                    onChange={(event) => setPrivateKey(event.target.value)}
                  />
                  <FieldError>{errors.privateKey}</FieldError>
                </Field>
              )}
            </fieldset>
          )}
          {offerRecording && (
            <div className="flex items-start gap-2">
              <Checkbox
                id={recordId}
                checked={record}
                onCheckedChange={(checked) => setRecord(checked === true)}
                aria-describedby={`${recordId}-hint`}
              />
              <div className="grid gap-0.5">
                <label htmlFor={recordId} className="text-sm font-medium">
                  {t.record}
                </label>
                <p id={`${recordId}-hint`} className="text-xs text-muted-foreground">
                  {t.recordHint}
                </p>
              </div>
            </div>
          )}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? t.connecting : t.connect}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
