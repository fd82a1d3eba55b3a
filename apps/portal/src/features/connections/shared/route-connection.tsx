import { isApiError } from '@farol/data';
import { useConnection } from '@farol/data/connections';
import { Button, EmptyState, Spinner } from '@farol/ui';
import { ServerOffIcon, ShieldAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';

/** The connection of the route's `:id` (none asked for an id that is not one). */
export function useRouteConnection() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  return { valid, query: useConnection(valid ? id : null) };
}

/**
 * What a connection's page shows until it has the connection: not found, refused, failed (with a retry) or
 * loading — null once it is there. `refused` is the page's own wording of a 403 (or of a right it lacks).
 */
export function routeConnectionFallback(
  { valid, query }: ReturnType<typeof useRouteConnection>,
  refused: { title: string; description: string; always?: boolean },
): ReactNode {
  const status = isApiError(query.error) ? query.error.status : null;
  if (!valid || status === 404) {
    return (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ServerOffIcon />}
        title="Conexão não encontrada"
        description="Ela pode ter sido excluída, ou não pertence a uma empresa que você atende."
      />
    );
  }
  if (status === 403 || refused.always) {
    return (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ShieldAlertIcon />}
        title={refused.title}
        description={refused.description}
      />
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ServerOffIcon />}
        title="Não foi possível carregar a conexão."
        description={failureMessage(query.error, 'Tente novamente em instantes.')}
        action={
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            Tentar novamente
          </Button>
        }
      />
    );
  }
  if (!query.data) {
    return (
      <div role="status" className="flex items-center gap-2 p-6 text-sm text-muted-foreground">
        <Spinner /> Carregando a conexão…
      </div>
    );
  }
  return null;
}
