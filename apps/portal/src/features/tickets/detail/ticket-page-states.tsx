import { isApiError } from '@farol/data';
import { Button, Spinner } from '@farol/ui';
import { ArrowLeftIcon, FileQuestionIcon, LockIcon, TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export const BACK_LINK_CLASS =
  'inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';

/** '← Voltar para …' */
export function TicketBackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className={BACK_LINK_CLASS}>
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

function StateBox({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-lg border bg-card p-8 text-center"
    >
      {icon}
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </div>
  );
}

export interface TicketQueryStateProps {
  isPending: boolean;
  error: unknown;
  /** Where the list is ('/support' or '/portal/tickets') and how the link back reads. */
  backTo: string;
  backLabel: string;
  onRetry: () => void;
}

/**
 * What the details page shows instead of the chamado: loading, not found (also for an invalid id), no access,
 * or another failure with a retry. Null once there is a ticket to show.
 */
export function TicketQueryState({ isPending, error, backTo, backLabel, onRetry }: TicketQueryStateProps) {
  if (isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Carregando chamado…" showLabel />
      </div>
    );
  }
  if (!error) return null;
  const status = isApiError(error) ? error.status : null;
  if (status === 404) return <TicketNotFound backTo={backTo} backLabel={backLabel} />;
  if (status === 403) {
    return (
      <StateBox
        icon={<LockIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
        title="Você não tem acesso a este chamado"
      >
        <p className="text-sm text-muted-foreground">Se precisar dele, peça acesso a um administrador.</p>
        <TicketBackLink to={backTo} label={backLabel} />
      </StateBox>
    );
  }
  return (
    <StateBox
      icon={<TriangleAlertIcon aria-hidden="true" className="size-10 text-destructive" />}
      title="Não foi possível carregar o chamado"
    >
      <p className="text-sm text-muted-foreground">
        {isApiError(error) && status === 0 ? error.message : 'Tente novamente em instantes.'}
      </p>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Tentar novamente
        </Button>
        <TicketBackLink to={backTo} label={backLabel} />
      </div>
    </StateBox>
  );
}

export function TicketNotFound({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  return (
    <StateBox
      icon={<FileQuestionIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
      title="Chamado não encontrado"
    >
      <p className="text-sm text-muted-foreground">
        Ele pode ter sido removido ou o endereço está incorreto.
      </p>
      <TicketBackLink to={backTo} label={backLabel} />
    </StateBox>
  );
}
