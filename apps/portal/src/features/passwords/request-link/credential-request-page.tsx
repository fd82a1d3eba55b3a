import { isApiError } from '@farol/data';
import {
  PASSWORD_KIND_LABELS,
  REQUEST_LINK_MESSAGES,
  useAnswerVaultRequestLink,
  useVaultRequestLink,
  type VaultRequestState,
} from '@farol/data/passwords';
import { Spinner } from '@farol/ui';
import { LockKeyholeIcon } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import { PublicCard } from '../../../lib/public-card';
import { CredentialForm } from './credential-form';

const GONE_TITLES: Record<Exclude<VaultRequestState, 'pendente'>, string> = {
  recebido: 'Link já usado',
  expirado: 'Link expirado',
  cancelado: 'Pedido cancelado',
};

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** The state a 410 names (`details.state`), else expirado. */
const goneState = (error: unknown): Exclude<VaultRequestState, 'pendente'> => {
  const state = isApiError(error)
    ? (error.body as { details?: { state?: string } } | undefined)?.details?.state
    : undefined;
  return state === 'recebido' || state === 'cancelado' ? state : 'expirado';
};

/**
 * /credencial/:token: a client contact, without signing in, types the credential the support team asked for.
 * It goes straight to the vault, sealed in the company's folder; the link works once, for 72 h.
 */
export function CredentialRequestPage() {
  const { token = '' } = useParams();
  const link = useVaultRequestLink(token);
  const answer = useAnswerVaultRequestLink(token);

  if (link.isPending) {
    return (
      <PublicCard title="Pedido de credencial">
        <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> Carregando pedido…
        </p>
      </PublicCard>
    );
  }
  if (answer.isSuccess) {
    return (
      <PublicCard title="Credencial enviada">
        <p role="status" className="text-center text-sm">
          {answer.data.message}
        </p>
      </PublicCard>
    );
  }
  if (link.isError) {
    const status = isApiError(link.error) ? link.error.status : 0;
    const title =
      status === 410
        ? GONE_TITLES[goneState(link.error)]
        : status === 404
          ? 'Link inválido'
          : 'Pedido indisponível';
    return (
      <PublicCard title={title}>
        <p role="alert" className="text-center text-sm">
          {status === 404
            ? REQUEST_LINK_MESSAGES.invalid
            : failureMessage(link.error, 'Não foi possível abrir este pedido. Tente novamente em instantes.')}
        </p>
      </PublicCard>
    );
  }

  const request = link.data;
  return (
    <PublicCard
      title={request.title}
      intro={`${request.requested_by ?? 'A equipe de suporte'} pediu esta credencial (${PASSWORD_KIND_LABELS[
        request.kind
      ].toLowerCase()}) para ${request.company}.`}
    >
      {request.message ? (
        <blockquote className="mb-4 rounded-md border-l-4 bg-muted/40 px-3 py-2 text-sm whitespace-pre-wrap">
          {request.message}
        </blockquote>
      ) : null}
      <p className="mb-4 flex gap-2 text-xs text-muted-foreground">
        <LockKeyholeIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          O que você digitar vai criptografado direto para o cofre da sua empresa; quem vê fica registrado.
          Este link vale até {dateTime(request.expires_at)} e só pode ser usado uma vez.
        </span>
      </p>
      <CredentialForm
        kind={request.kind}
        askName
        onSubmit={async (input) => {
          try {
            return await answer.mutateAsync(input);
          } catch (error) {
            // Used or expired while the form was open: the page shows why.
            if (isApiError(error) && (error.status === 410 || error.status === 404)) void link.refetch();
            throw error;
          }
        }}
      />
    </PublicCard>
  );
}
