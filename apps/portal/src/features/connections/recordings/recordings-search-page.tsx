import { isApiError } from '@farol/data';
import { useRecordingSearch } from '@farol/data/connections';
import { Button, EmptyState, PageHeader } from '@farol/ui';
import { formatClock } from '@farol/ui/connections';
import { FileSearchIcon, SearchXIcon, ServerOffIcon, ShieldAlertIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import { ListSearchBox } from '../../../lib/list-filters';
import { connectionPath, formatDateTime, replayPath } from '../shared/connection-format';

/**
 * /connections/recordings (connections.audit): "quem rodou `systemctl restart nginx`?" — the input lines typed
 * in recorded SSH sessions, each a link to the replay at that second.
 */
export function RecordingsSearchPage() {
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const result = useRecordingSearch({ q });
  const hits = result.data?.items;

  let body;
  if (q.trim().length < 2) {
    body = (
      <EmptyState
        border="dashed"
        icon={<FileSearchIcon />}
        title="Busque um comando digitado"
        description="Digite ao menos 2 caracteres: as linhas digitadas nas sessões gravadas aparecem com quem, onde e quando — e abrem a gravação naquele segundo."
      />
    );
  } else if (isApiError(result.error) && result.error.status === 403) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ShieldAlertIcon />}
        title="Você não tem permissão para buscar nas gravações"
        description="A busca e a reprodução das gravações exigem a permissão de auditoria de conexões."
      />
    );
  } else if (result.isError) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ServerOffIcon />}
        title="Não foi possível buscar nas gravações."
        description={failureMessage(result.error, 'Tente novamente em instantes.')}
        action={
          <Button size="sm" variant="secondary" onClick={() => void result.refetch()}>
            Tentar novamente
          </Button>
        }
      />
    );
  } else if (!hits) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Buscando…
      </p>
    );
  } else if (hits.length === 0) {
    body = (
      <EmptyState
        border="dashed"
        icon={<SearchXIcon />}
        title="Nada encontrado"
        description={`Ninguém digitou “${q}” numa sessão gravada.`}
      />
    );
  } else {
    body = (
      <ul aria-label="Linhas encontradas" className="grid gap-2">
        {hits.map((hit) => (
          <li
            key={`${hit.session_id}-${hit.offset_seconds}`}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3"
          >
            <div className="min-w-0">
              <code className="block font-mono text-sm break-all">{hit.line}</code>
              <span className="text-xs text-muted-foreground">
                Sessão #{hit.session_id} de {formatDateTime(hit.started_at)} · em{' '}
                {formatClock(hit.offset_seconds)} ·{' '}
                <Link to={connectionPath(hit.connection_id)} className="underline-offset-4 hover:underline">
                  ver a conexão
                </Link>
              </span>
            </div>
            <Button size="sm" variant="outline" asChild>
              <Link to={replayPath(hit.session_id, hit.offset_seconds)}>Ver neste momento</Link>
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <PageHeader
        title="Buscar nas gravações"
        description="Quem rodou o quê: as linhas digitadas nas sessões SSH gravadas. Cada busca e cada reprodução ficam registradas."
      />
      <ListSearchBox
        label="Buscar comando nas gravações"
        placeholder="systemctl restart nginx"
        value={q}
        maxLength={200}
        onSearch={(text) => setSearch(text ? { q: text } : {}, { replace: true })}
      />
      {body}
    </div>
  );
}
