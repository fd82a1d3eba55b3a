import {
  PASSWORD_FIELD_LABELS,
  PASSWORD_KIND_LABELS,
  useAnswerPortalVaultRequest,
  useClientPasswords,
  usePortalVaultRequests,
  type ClientPasswordItem,
  type PasswordSecretField,
  type PortalVaultRequest,
} from '@farol/data/passwords';
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  EmptyState,
  Field,
  FieldLabel,
  Input,
  PageHeader,
  Skeleton,
  toast,
} from '@farol/ui';
import { KeyRoundIcon, LockIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { failureMessage } from '../../../lib/form-errors';
import { CredentialForm } from '../request-link/credential-form';
import { formatDateTime } from '../shared/password-labels';
import { ClientSecretField } from './client-secret-field';

const labelOf = (item: ClientPasswordItem, field: string) =>
  item.field_labels[field] ?? PASSWORD_FIELD_LABELS[field as PasswordSecretField] ?? field;

function SharedItem({ item }: { item: ClientPasswordItem }) {
  const [reason, setReason] = useState('');
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium break-words">{item.name}</h3>
        <Badge variant="secondary">{PASSWORD_KIND_LABELS[item.kind]}</Badge>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        {item.username ? (
          <>
            <dt className="text-muted-foreground">Usuário</dt>
            <dd className="break-all">{item.username}</dd>
          </>
        ) : null}
        {item.url ? (
          <>
            <dt className="text-muted-foreground">Endereço</dt>
            <dd className="break-all">{item.url}</dd>
          </>
        ) : null}
        {item.description ? (
          <>
            <dt className="text-muted-foreground">Descrição</dt>
            <dd className="whitespace-pre-wrap">{item.description}</dd>
          </>
        ) : null}
      </dl>
      {item.secret_fields.length > 0 ? (
        <>
          <Field>
            <FieldLabel>Motivo (opcional)</FieldLabel>
            <Input
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={500}
              placeholder="Ex.: configurar o notebook novo"
            />
          </Field>
          {item.secret_fields.map((field) => (
            <ClientSecretField
              key={field}
              itemId={item.id}
              field={field}
              label={labelOf(item, field)}
              reason={reason}
            />
          ))}
        </>
      ) : null}
    </li>
  );
}

function RequestCard({ request }: { request: PortalVaultRequest }) {
  const [open, setOpen] = useState(false);
  const answer = useAnswerPortalVaultRequest(request.id);
  return (
    <li className="flex flex-col gap-2 rounded-lg border bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <h3 className="font-medium break-words">{request.title}</h3>
        <p className="text-sm text-muted-foreground">
          {PASSWORD_KIND_LABELS[request.kind]}
          {request.requested_by ? ` · pedido por ${request.requested_by}` : ''} · vale até{' '}
          {formatDateTime(request.expires_at)}
        </p>
        {request.message ? <p className="text-sm whitespace-pre-wrap">{request.message}</p> : null}
      </div>
      <Button size="sm" onClick={() => setOpen(true)} className="shrink-0">
        <SendIcon aria-hidden="true" />
        Enviar credencial
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>{request.title}</DialogTitle>
            <DialogDescription>
              Vai criptografado direto para o cofre da sua empresa; quem vê fica registrado.
            </DialogDescription>
          </DialogHeader>
          <CredentialForm
            kind={request.kind}
            askName={false}
            onSubmit={async (input) => {
              const done = await answer.mutateAsync(input);
              setOpen(false);
              toast.success(done.message);
            }}
          />
        </DialogContent>
      </Dialog>
    </li>
  );
}

/**
 * /portal/passwords: a client's view of the vault — the credentials the team shared with the company
 * (revealed one field at a time, each reveal registered) and the team's requests waiting for an answer.
 */
export function ClientPasswordsPage() {
  const items = useClientPasswords();
  const requests = usePortalVaultRequests();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader
        title="Senhas"
        description="Credenciais que a equipe de suporte compartilhou com a sua empresa. Cada revelação fica registrada."
      />
      {requests.data && requests.data.items.length > 0 ? (
        <section aria-labelledby="pedidos-da-equipe" className="flex flex-col gap-2">
          <h2 id="pedidos-da-equipe" className="text-lg font-semibold">
            Pedidos da equipe
          </h2>
          <ul className="flex flex-col gap-2">
            {requests.data.items.map((request) => (
              <RequestCard key={request.id} request={request} />
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="senhas-compartilhadas" className="flex flex-col gap-2">
        <h2 id="senhas-compartilhadas" className="text-lg font-semibold">
          Compartilhadas com a sua empresa
        </h2>
        {items.isPending ? (
          <div role="status" aria-label="Carregando senhas" className="flex flex-col gap-2">
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
          </div>
        ) : items.isError ? (
          <EmptyState
            role="alert"
            border="dashed"
            icon={<LockIcon />}
            title="Não foi possível carregar as senhas."
            description={failureMessage(items.error, 'Tente novamente em instantes.')}
            action={
              <Button size="sm" variant="secondary" onClick={() => void items.refetch()}>
                Tentar novamente
              </Button>
            }
          />
        ) : items.data.items.length === 0 ? (
          <EmptyState
            border="dashed"
            icon={<KeyRoundIcon />}
            title="Nenhuma senha compartilhada"
            description="Quando a equipe compartilhar uma credencial com a sua empresa (o Wi-Fi de visitantes, um sistema), ela aparece aqui."
          />
        ) : (
          <ul className="flex flex-col gap-3">
            {items.data.items.map((item) => (
              <SharedItem key={item.id} item={item} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
