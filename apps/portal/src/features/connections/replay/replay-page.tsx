import { isApiError } from '@farol/data';
import { useConnectionSessionRecord, useSessionRecording } from '@farol/data/connections';
import { Button, EmptyState, PageHeader, Spinner } from '@farol/ui';
import { AsciicastPlayer } from '@farol/ui/connections';
import { ArrowLeftIcon, FileXIcon, ShieldAlertIcon } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import { connectionPath, formatDateTime, sessionLength } from '../shared/connection-format';

/**
 * /connections/sessions/:id/replay (connections.audit): the session's recording in the page, from `?t=`
 * seconds when it comes from a search hit. Every read is audited by the server.
 */
export function ReplayPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [search] = useSearchParams();
  const start = Number(search.get('t') ?? 0);
  const record = useConnectionSessionRecord(valid ? id : null);
  const recording = useSessionRecording(valid ? id : null);
  const session = record.data;

  let body;
  if (!valid || (isApiError(recording.error) && recording.error.status === 404)) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<FileXIcon />}
        title="Gravação indisponível"
        description="Esta sessão não foi gravada, ou a gravação já passou do prazo de retenção da empresa."
      />
    );
  } else if (isApiError(recording.error) && recording.error.status === 403) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ShieldAlertIcon />}
        title="Você não tem permissão para ver gravações"
        description="A reprodução das gravações exige a permissão de auditoria de conexões."
      />
    );
  } else if (recording.isError) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<FileXIcon />}
        title="Não foi possível carregar a gravação."
        description={failureMessage(recording.error, 'Tente novamente em instantes.')}
      />
    );
  } else if (recording.data === undefined) {
    body = (
      <div role="status" className="flex items-center gap-2 p-6 text-sm text-muted-foreground">
        <Spinner /> Carregando a gravação…
      </div>
    );
  } else {
    body = (
      <section aria-labelledby="replay-title" className="flex flex-col gap-2">
        <h2 id="replay-title" className="sr-only">
          Reprodução
        </h2>
        <AsciicastPlayer
          cast={recording.data}
          initialTime={Number.isFinite(start) && start > 0 ? start : 0}
          className="min-h-80"
        />
      </section>
    );
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <PageHeader
        title={session ? `Gravação: ${session.connection.name}` : 'Gravação da sessão'}
        description={
          session
            ? `${session.person?.name ?? '—'} · ${formatDateTime(session.started_at)} · ${sessionLength(session)}${
                session.reason ? ` · ${session.reason}` : ''
              }`
            : undefined
        }
        actions={
          session ? (
            <Button variant="outline" size="sm" asChild>
              <Link to={connectionPath(session.connection.id)}>
                <ArrowLeftIcon aria-hidden="true" />
                Voltar à conexão
              </Link>
            </Button>
          ) : null
        }
      />
      {body}
    </div>
  );
}
