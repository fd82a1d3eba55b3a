import { useConnectionSessions, useConnections } from '@farol/data/connections';
import { Badge, Button, Spinner } from '@farol/ui';
import { ConnectionStatusDot, ProtocolBadge } from '@farol/ui/connections';
import { Link } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import type { TicketSectionProps } from '../../../lib/module-registry';
import { ConnectActions } from '../list/connection-table';
import {
  connectionPath,
  formatDateTime,
  replayPath,
  sessionLength,
  useConnectionRights,
} from '../shared/connection-format';

/**
 * The chamado page's Conexões section: its company's connections with "Conectar" (the session is linked to
 * the chamado, whose history gets its line when it ends) and the sessions already opened for it.
 */
export function TicketConnectionsSection({ ticket }: TicketSectionProps) {
  const rights = useConnectionRights();
  const connections = useConnections(
    { company_id: ticket.company_id ?? undefined, limit: 10 },
    { enabled: ticket.company_id !== null },
  );
  const sessions = useConnectionSessions({ ticket_id: ticket.id, limit: 10 });

  return (
    <section aria-labelledby="chamado-conexoes" className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <h2 id="chamado-conexoes" className="font-semibold">
        Conexões
      </h2>
      {ticket.company_id === null ? (
        <p className="text-sm text-muted-foreground">O chamado não tem empresa: nenhuma conexão a sugerir.</p>
      ) : connections.isPending ? (
        <Spinner label="Carregando conexões…" />
      ) : !connections.data ? (
        <p role="alert" className="text-sm text-destructive">
          {failureMessage(connections.error, 'Não foi possível carregar as conexões.')}
        </p>
      ) : connections.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">A empresa do chamado não tem conexões cadastradas.</p>
      ) : (
        <ul aria-label="Conexões da empresa" className="flex flex-col gap-2">
          {connections.data.items.map((connection) => (
            <li key={connection.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="flex min-w-0 items-center gap-2">
                <ConnectionStatusDot state={connection.reachability.state} />
                <ProtocolBadge protocol={connection.protocol} />
                <Link
                  to={connectionPath(connection.id)}
                  className="text-sm font-medium break-words text-primary underline-offset-4 hover:underline"
                >
                  {connection.name}
                </Link>
              </span>
              <ConnectActions connection={connection} canConnect={rights.connect} ticketId={ticket.id} />
            </li>
          ))}
        </ul>
      )}
      {sessions.data && sessions.data.items.length > 0 ? (
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-medium">Sessões deste chamado</h3>
          <ul aria-label="Sessões deste chamado" className="flex flex-col gap-1 text-sm">
            {sessions.data.items.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center gap-1.5">
                <Badge variant={session.state === 'ativa' ? 'default' : 'secondary'}>
                  {session.connection.name}
                </Badge>
                <span className="text-muted-foreground">
                  {session.person?.name ?? '—'} · {formatDateTime(session.started_at)} ·{' '}
                  {sessionLength(session)}
                </span>
                {rights.audit && session.recording?.available ? (
                  <Button size="sm" variant="link" asChild className="h-auto p-0">
                    <Link to={replayPath(session.id)}>Ver gravação</Link>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
