import { isApiError } from '@farol/data';
import { useConnectionSessionRecord, useTerminalSession } from '@farol/data/connections';
import { Button, ConfirmDialog, EmptyState, PageHeader, Spinner } from '@farol/ui';
import { SessionEnded, Terminal, TerminalFrame } from '@farol/ui/connections';
import { ShieldAlertIcon, ServerOffIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDateTime } from '../shared/connection-format';
import { endReasonOf } from '../shared/terminal-view';
import { AppTerminalTransport } from '../shared/terminal-transport';

function WatchScreen({ sessionId }: { sessionId: number }) {
  const record = useConnectionSessionRecord(sessionId);
  const session = useTerminalSession();
  const [ending, setEnding] = useState(false);
  const { phase, closed, startedAt, ready } = session.state;
  const open = session.open;
  useEffect(() => {
    open({ kind: 'watch', sessionId });
  }, [open, sessionId]);
  const info = record.data;
  return (
    <div className="flex flex-col gap-3">
      <PageHeader
        title={info ? `Assistindo: ${info.connection.name}` : 'Assistindo a sessão'}
        description={
          info
            ? `${info.person?.name ?? '—'} desde ${formatDateTime(info.started_at)}${info.reason ? ` · ${info.reason}` : ''}. Somente leitura: nada do que você digitar chega ao servidor.`
            : 'Somente leitura.'
        }
        actions={
          phase === 'ready' ? (
            <Button variant="destructive" size="sm" onClick={() => setEnding(true)}>
              Encerrar sessão
            </Button>
          ) : null
        }
      />
      <TerminalFrame
        name={info?.connection.name ?? `Sessão #${sessionId}`}
        host={info?.connection.host ?? ''}
        protocol={info?.connection.protocol ?? 'ssh'}
        state={phase === 'ready' ? 'conectado' : phase === 'closed' ? 'encerrado' : 'conectando'}
        startedAt={startedAt ?? undefined}
        recording={ready?.recording ?? false}
        watching
      >
        {phase === 'ready' ? (
          <Terminal
            label={`Sessão de ${info?.person?.name ?? 'outra pessoa'} (somente leitura)`}
            className="h-[60vh] min-h-80"
            readOnly
            stream={{ subscribe: session.subscribe }}
          />
        ) : null}
        {phase === 'closed' && closed ? (
          <SessionEnded reason={endReasonOf(closed.reason)} detail={closed.message_pt} />
        ) : null}
      </TerminalFrame>
      <div>
        <Button variant="outline" size="sm" asChild>
          <Link to="/connections/sessions">Voltar às sessões</Link>
        </Button>
      </div>
      <ConfirmDialog
        open={ending}
        onOpenChange={setEnding}
        title="Encerrar esta sessão?"
        description={`${info?.person?.name ?? 'A pessoa'} será desconectada agora; o registro diz que você encerrou.`}
        confirmLabel="Encerrar sessão"
        variant="destructive"
        onConfirm={() => session.endWatched(sessionId)}
      />
    </div>
  );
}

/** /connections/sessions/:id/watch (connections.manage): a live SSH session, read-only, with "Encerrar sessão". */
export function WatchPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const record = useConnectionSessionRecord(valid ? id : null);
  if (!valid || (isApiError(record.error) && record.error.status === 404)) {
    return (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ServerOffIcon />}
        title="Sessão não encontrada"
        description="Ela pode já ter terminado."
      />
    );
  }
  if (isApiError(record.error) && record.error.status === 403) {
    return (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ShieldAlertIcon />}
        title="Você não tem permissão para assistir sessões"
        description="Assistir e encerrar sessões exige a permissão de gerenciar conexões."
      />
    );
  }
  if (!record.data && !record.isError) {
    return (
      <div role="status" className="flex items-center gap-2 p-6 text-sm text-muted-foreground">
        <Spinner /> Carregando a sessão…
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-3">
      <AppTerminalTransport>
        <WatchScreen sessionId={id} />
      </AppTerminalTransport>
    </div>
  );
}
