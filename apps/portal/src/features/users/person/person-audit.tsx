import { USER_AUDIT_PAGE_SIZE, useUserAudit } from '@farol/data/users';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Skeleton } from '@farol/ui';
import { useState } from 'react';
import { failureMessage } from '../../../lib/form-errors';
import { formatDateTime } from '../shared/person-format';

/** What each module's action reads as (the rest shows as written: module · action). */
const ACTION_LABELS: Record<string, string> = {
  'auth.login': 'Entrou',
  'auth.login_failed': 'Tentativa de entrada recusada',
  'auth.logout': 'Saiu',
  'profile.updated': 'Perfil alterado',
  'profile.picture_updated': 'Foto alterada',
};

const actionLabel = (module: string, action: string) =>
  ACTION_LABELS[`${module}.${action}`] ?? `${module} · ${action.replaceAll('_', ' ')}`;

/** The person's audit trail (users.manage): what was done to their account, newest first, paged. */
export function PersonAudit({ personId }: { personId: number }) {
  const [page, setPage] = useState(1);
  const audit = useUserAudit(personId, page);
  const data = audit.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / USER_AUDIT_PAGE_SIZE)) : 1;
  return (
    <Card role="region" aria-labelledby="person-audit-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="person-audit-title">Auditoria</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {audit.isPending ? (
          <div
            role="status"
            aria-busy="true"
            aria-label="Carregando auditoria…"
            className="flex flex-col gap-2"
          >
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
          </div>
        ) : audit.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {failureMessage(audit.error, 'Não foi possível carregar a auditoria.')}
          </p>
        ) : data && data.items.length > 0 ? (
          <ol className="flex flex-col divide-y" aria-busy={audit.isPlaceholderData}>
            {data.items.map((event) => (
              <li key={event.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:gap-3">
                <time
                  dateTime={event.at}
                  className="text-xs whitespace-nowrap text-muted-foreground tabular-nums sm:w-32"
                >
                  {formatDateTime(event.at)}
                </time>
                <span className="min-w-0 flex-1 break-words">{actionLabel(event.module, event.action)}</span>
                <span className="text-sm text-muted-foreground">
                  {event.actor?.name ?? (event.actor_kind === 'system' ? 'Sistema' : 'A própria pessoa')}
                </span>
                {event.ip ? (
                  <Badge variant="outline" className="font-mono font-normal">
                    {event.ip}
                  </Badge>
                ) : null}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">Nenhum evento registrado.</p>
        )}
        {pages > 1 ? (
          <div className="flex items-center justify-between gap-2">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Mais recentes
            </Button>
            <span className="text-xs text-muted-foreground tabular-nums">
              Página {page} de {pages}
            </span>
            <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Mais antigos
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
