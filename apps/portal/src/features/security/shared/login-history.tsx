import {
  LOGIN_EVENT_REASON_LABELS,
  LOGIN_HISTORY_PAGE_SIZE,
  LOGIN_METHOD_LABELS,
  useLoginHistory,
} from '@farol/data/security';
import { Badge, Button } from '@farol/ui';
import { useState } from 'react';
import { WidgetEmpty, WidgetError, WidgetLoading } from '../../../lib/widget-card';
import { formatDateTime } from './format';

export interface LoginHistoryProps {
  /** A person's history (who manages users); without it, one's own. */
  userId?: number;
}

/** Sign-in attempts, newest first: when, from where, with what, and whether (and why not) it worked. */
export function LoginHistory({ userId }: LoginHistoryProps) {
  const [page, setPage] = useState(1);
  const history = useLoginHistory(page, userId);

  if (history.isPending) return <WidgetLoading label="Carregando histórico…" />;
  if (history.isError) {
    return (
      <WidgetError
        message="Não foi possível carregar o histórico de acesso."
        onRetry={() => void history.refetch()}
      />
    );
  }
  const { items, total } = history.data;
  if (items.length === 0 && page === 1) return <WidgetEmpty>Nenhuma entrada registrada ainda.</WidgetEmpty>;
  const pages = Math.max(1, Math.ceil(total / LOGIN_HISTORY_PAGE_SIZE));

  return (
    <div className="flex flex-col">
      <ul className="divide-y" aria-label="Histórico de acesso" aria-busy={history.isFetching || undefined}>
        {items.map((event) => (
          <li key={event.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 px-4 py-3 text-sm">
            <Badge variant={event.success ? 'secondary' : 'destructive'} className="mt-0.5">
              {event.success ? 'Sucesso' : 'Falha'}
            </Badge>
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {event.success
                  ? event.method
                    ? LOGIN_METHOD_LABELS[event.method]
                    : LOGIN_EVENT_REASON_LABELS.ok
                  : LOGIN_EVENT_REASON_LABELS[event.reason]}
              </p>
              <p className="break-all text-muted-foreground">
                {formatDateTime(event.at)} · {event.ip ?? 'Endereço desconhecido'} · {event.device}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav
          aria-label="Páginas do histórico"
          className="flex items-center justify-between gap-2 border-t px-4 py-3 text-sm"
        >
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Anterior
          </Button>
          <span>
            Página {page} de {pages}
          </span>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Próxima
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
