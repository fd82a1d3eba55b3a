import { useAccounts, useOffboarding, useRunOffboarding } from '@farol/data/accounts';
import type { Account, OffboardingResult } from '@farol/data/contract';
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
  FieldLabel,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Spinner,
} from '@farol/ui';
import { useState } from 'react';
import { failureMessage, serverFieldErrors } from '../../../lib/form-errors';
import { roleLabel } from '../shared/account-labels';

export interface OffboardingDialogProps {
  account: Account | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Desligar (offboarding): what the person could reach, each step (chamados, tarefas and whatever later
 * modules register), who takes over, then one confirmation: deactivate, end sessions, reassign.
 */
export function OffboardingDialog({ account, onOpenChange }: OffboardingDialogProps) {
  const open = account !== null;
  const preview = useOffboarding(account?.id ?? null);
  const staff = useAccounts({ status: 'ativo', limit: 100, sort: 'name' }, { enabled: open });
  const run = useRunOffboarding();
  const [assignee, setAssignee] = useState('');
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<OffboardingResult | null>(null);

  const close = () => {
    setAssignee('');
    setError(undefined);
    setResult(null);
    run.reset();
    onOpenChange(false);
  };
  const candidates = (staff.data?.items ?? []).filter(
    (person) => person.id !== account?.id && !['cliente', 'client'].includes(person.role.toLowerCase()),
  );
  const needsAssignee = (preview.data?.steps ?? []).some((step) => step.reassigns && step.count > 0);

  const confirm = () => {
    if (!account) return;
    if (needsAssignee && !assignee) {
      setError('Escolha quem recebe os chamados e as tarefas abertas');
      return;
    }
    run.mutate(
      { id: account.id, assigneeId: assignee ? Number(assignee) : null },
      {
        onSuccess: setResult,
        onError: (failure) => {
          const { fields } = serverFieldErrors(failure, ['assignee_id'] as const);
          setError(
            fields.assignee_id ?? failureMessage(failure, 'Não foi possível concluir o desligamento.'),
          );
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Desligar {account?.name}</DialogTitle>
          <DialogDescription>
            A conta é desativada, as sessões são encerradas e o trabalho em aberto passa para quem você
            escolher. O histórico fica guardado.
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <div className="flex flex-col gap-3">
            <ul role="status" aria-label="Desligamento concluído" className="flex flex-col gap-1 text-sm">
              {result.steps.map((step) => (
                <li key={step.id}>
                  <span className="font-medium">{step.label}:</span> {step.done}
                </li>
              ))}
            </ul>
            <DialogFooter>
              <Button type="button" onClick={close}>
                Concluir
              </Button>
            </DialogFooter>
          </div>
        ) : preview.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Levantando o que a pessoa tem…
          </p>
        ) : preview.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {failureMessage(preview.error, 'Não foi possível carregar o desligamento.')}
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            <section aria-labelledby="offboarding-access" className="flex flex-col gap-1 text-sm">
              <h3 id="offboarding-access" className="font-medium">
                O que a pessoa acessava
              </h3>
              <p>
                Função: {roleLabel(preview.data.access.role)}
                {preview.data.access.company ? ` · Empresa: ${preview.data.access.company}` : ''}
              </p>
              <p>
                Permissões:{' '}
                {preview.data.access.permissions.length > 0
                  ? preview.data.access.permissions.map((key) => key.label).join(', ')
                  : 'nenhuma'}
              </p>
              <p>Sessões abertas: {preview.data.access.sessions}</p>
            </section>
            <section aria-labelledby="offboarding-steps" className="flex flex-col gap-1 text-sm">
              <h3 id="offboarding-steps" className="font-medium">
                Trabalho em aberto
              </h3>
              <ul className="flex flex-col gap-1">
                {preview.data.steps.map((step) => (
                  <li key={step.id}>
                    <span className="font-medium">{step.label}:</span> {step.summary}
                  </li>
                ))}
              </ul>
            </section>
            <Field required={needsAssignee} invalid={Boolean(error)}>
              <FieldLabel>Transferir para</FieldLabel>
              <Select value={assignee} onValueChange={setAssignee}>
                <SelectTrigger className="w-full">
                  <SelectValue placeholder="Escolha alguém da equipe" />
                </SelectTrigger>
                <SelectContent>
                  {candidates.map((person) => (
                    <SelectItem key={person.id} value={String(person.id)}>
                      {person.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldError>{error}</FieldError>
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={close}>
                Cancelar
              </Button>
              <Button type="button" variant="destructive" onClick={confirm} disabled={run.isPending}>
                {run.isPending ? 'Desligando…' : 'Desativar e transferir'}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
