import { useConfirmVaultPassword, type PasswordItem } from '@farol/data/passwords';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  FieldError,
  FieldHint,
  FieldLabel,
  Input,
  Textarea,
} from '@farol/ui';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { failureMessage } from '../../../lib/form-errors';

export interface RevealContext {
  reason?: string;
  ticket_id?: number;
  break_glass?: boolean;
}

/**
 * What a reveal may need before it goes out: a reason or chamado (the folder asks for one, or quebra-vidro),
 * and the person's password again for a sensível item. `context()` resolves to what to send, or null when
 * the person gave up.
 */
export function useSecretGate(item: PasswordItem) {
  const needsReason = item.require_reason || item.break_glass;
  const [reasonOpen, setReasonOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const pending = useRef<((context: RevealContext | null) => void) | null>(null);
  const retry = useRef<(() => void) | null>(null);

  const context = (): Promise<RevealContext | null> => {
    if (!needsReason) return Promise.resolve({});
    setReasonOpen(true);
    return new Promise((resolve) => {
      pending.current = resolve;
    });
  };

  const dialogs: ReactNode = (
    <>
      <ReasonDialog
        open={reasonOpen}
        breakGlass={item.break_glass}
        onSubmit={(result) => {
          setReasonOpen(false);
          pending.current?.(result);
          pending.current = null;
        }}
      />
      <ConfirmPasswordDialog
        open={confirmOpen}
        onDone={(confirmed) => {
          setConfirmOpen(false);
          if (confirmed) retry.current?.();
          retry.current = null;
        }}
      />
    </>
  );

  return {
    context,
    requireConfirmation: (again: () => void) => {
      retry.current = again;
      setConfirmOpen(true);
    },
    dialogs,
  };
}

function ReasonDialog({
  open,
  breakGlass,
  onSubmit,
}: {
  open: boolean;
  breakGlass: boolean;
  onSubmit: (context: RevealContext | null) => void;
}) {
  const [reason, setReason] = useState('');
  const [ticket, setTicket] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ticketId = ticket.trim() ? Number(ticket.replace(/\D/g, '')) : undefined;
    if (ticket.trim() && !ticketId) return setError('Informe o número do chamado');
    if (!reason.trim() && (breakGlass || !ticketId)) {
      return setError(breakGlass ? 'Informe o motivo do quebra-vidro' : 'Informe o motivo ou o chamado');
    }
    setError(null);
    onSubmit({
      ...(reason.trim() ? { reason: reason.trim() } : {}),
      ...(ticketId ? { ticket_id: ticketId } : {}),
      ...(breakGlass ? { break_glass: true } : {}),
    });
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onSubmit(null))}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{breakGlass ? 'Quebra-vidro' : 'Por que revelar?'}</DialogTitle>
          <DialogDescription>
            {breakGlass
              ? 'Você não está entre os acessos deste item. O motivo fica registrado e os outros administradores são avisados agora.'
              : 'Esta pasta pede um motivo ou o chamado do atendimento. Ele fica no registro de revelações.'}
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
          <Field invalid={Boolean(error)}>
            <FieldLabel>Motivo</FieldLabel>
            <Textarea
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={500}
              rows={3}
            />
            <FieldError>{error}</FieldError>
          </Field>
          {breakGlass ? null : (
            <Field>
              <FieldLabel>Chamado</FieldLabel>
              <Input
                inputMode="numeric"
                value={ticket}
                onChange={(event) => setTicket(event.target.value)}
                placeholder="Ex.: 1042"
              />
              <FieldHint>Opcional quando há um motivo.</FieldHint>
            </Field>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onSubmit(null)}>
              Cancelar
            </Button>
            <Button type="submit">{breakGlass ? 'Usar quebra-vidro' : 'Revelar'}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ConfirmPasswordDialog({ open, onDone }: { open: boolean; onDone: (confirmed: boolean) => void }) {
  const confirm = useConfirmVaultPassword();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Informe sua senha');
    confirm.mutate(password, {
      onSuccess: () => {
        setPassword('');
        setError(null);
        onDone(true);
      },
      onError: (caught) => setError(failureMessage(caught, 'Não foi possível confirmar.')),
    });
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onDone(false))}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Confirme sua senha</DialogTitle>
          <DialogDescription>
            Este item é sensível: digite sua senha de novo. Ela vale por 10 minutos para os itens sensíveis.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
          <Field invalid={Boolean(error)}>
            <FieldLabel>Sua senha</FieldLabel>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <FieldError>{error}</FieldError>
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onDone(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={confirm.isPending}>
              Confirmar
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
