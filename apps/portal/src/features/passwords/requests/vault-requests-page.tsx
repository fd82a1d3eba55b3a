import { isApiError } from '@farol/data';
import {
  PASSWORD_KIND_LABELS,
  REQUEST_STATE_LABELS,
  useCancelVaultRequest,
  useVaultRequests,
  type VaultRequest,
  type VaultRequestState,
} from '@farol/data/passwords';
import { Badge, Button, EmptyState, PageHeader, Skeleton, toast } from '@farol/ui';
import { InboxIcon, LockIcon, SendIcon, ShieldAlertIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import { formatDateTime, passwordPath } from '../shared/password-labels';
import { NewRequestDialog } from './new-request-dialog';

const STATE_VARIANT: Record<VaultRequestState, 'secondary' | 'outline' | 'destructive' | 'default'> = {
  pendente: 'default',
  recebido: 'secondary',
  expirado: 'outline',
  cancelado: 'outline',
};

function RequestRow({ request, showCompany }: { request: VaultRequest; showCompany: boolean }) {
  const cancel = useCancelVaultRequest();
  return (
    <li className="flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{request.title}</span>
          <Badge variant={STATE_VARIANT[request.state]}>{REQUEST_STATE_LABELS[request.state]}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          {PASSWORD_KIND_LABELS[request.kind]}
          {showCompany ? ` · ${request.company.name}` : ''}
          {request.requested_by ? ` · pedido por ${request.requested_by.name}` : ''} ·{' '}
          {request.state === 'recebido' && request.used_at
            ? `recebida em ${formatDateTime(request.used_at)}`
            : request.state === 'pendente'
              ? `vale até ${formatDateTime(request.expires_at)}`
              : `criado em ${formatDateTime(request.created_at)}`}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        {request.item ? (
          <Button asChild size="sm" variant="outline">
            <Link to={passwordPath(request.item.id)}>Abrir item</Link>
          </Button>
        ) : null}
        {request.state === 'pendente' ? (
          <Button
            size="sm"
            variant="outline"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(request.id, {
                onSuccess: () => toast.success('Pedido cancelado: o link não vale mais.'),
                onError: (error) => toast.error(failureMessage(error, 'Não foi possível cancelar o pedido.')),
              })
            }
          >
            Cancelar pedido
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The credential requests sent to clients: waiting, received (with the item they made), expired or
 * cancelled; "Pedir credencial" makes a new one-time link. /passwords/requests, and a company's Senhas tab.
 */
export function VaultRequestsPage({ companyId }: { companyId?: number } = {}) {
  const list = useVaultRequests(companyId !== undefined ? { company_id: companyId } : {});
  const [open, setOpen] = useState(false);
  const forbidden = isApiError(list.error) && list.error.status === 403;
  const newButton = (
    <Button size="sm" onClick={() => setOpen(true)}>
      <SendIcon aria-hidden="true" />
      Pedir credencial
    </Button>
  );

  let body: ReactNode;
  if (forbidden) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ShieldAlertIcon />}
        title="Você não pode pedir credenciais aos clientes"
        description="Pedir credenciais cria itens no cofre: é preciso o acesso Gerenciar senhas."
      />
    );
  } else if (list.isError) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<LockIcon />}
        title="Não foi possível carregar os pedidos."
        description={failureMessage(list.error, 'Tente novamente em instantes.')}
        action={
          <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
            Tentar novamente
          </Button>
        }
      />
    );
  } else if (list.isPending) {
    body = (
      <div role="status" aria-label="Carregando pedidos" className="flex flex-col gap-2">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  } else if (list.data.items.length === 0) {
    body = (
      <EmptyState
        border="dashed"
        icon={<InboxIcon />}
        title="Nenhum pedido de credencial"
        description="Peça ao cliente a senha de um roteador, servidor ou sistema: ele digita num link de uso único e ela chega cifrada no cofre."
        action={newButton}
      />
    );
  } else {
    body = (
      <ul className="flex flex-col gap-2" aria-label="Pedidos de credencial">
        {list.data.items.map((request) => (
          <RequestRow key={request.id} request={request} showCompany={companyId === undefined} />
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      {companyId === undefined ? (
        <PageHeader
          title="Pedidos de credencial"
          description="Links de uso único (72 horas) em que o cliente digita uma credencial; ela chega cifrada na pasta da empresa."
          actions={forbidden ? null : newButton}
        />
      ) : (
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Pedidos de credencial</h2>
          {forbidden ? null : newButton}
        </div>
      )}
      {body}
      <NewRequestDialog
        open={open}
        onOpenChange={setOpen}
        {...(companyId !== undefined ? { companyId } : {})}
      />
    </div>
  );
}
