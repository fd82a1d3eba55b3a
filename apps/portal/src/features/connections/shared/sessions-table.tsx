import { CONNECTION_END_REASON_LABELS, CONNECTION_SESSION_STATE_LABELS } from '@farol/data/connections';
import type { ConnectionSession } from '@farol/data';
import {
  Badge,
  Button,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableLoadingRows,
  TableRow,
} from '@farol/ui';
import { ProtocolBadge, formatBytes } from '@farol/ui/connections';
import { Link } from 'react-router-dom';
import { connectionPath, formatDateTime, replayPath, sessionLength, watchPath } from './connection-format';

export interface SessionsTableProps {
  label: string;
  sessions: readonly ConnectionSession[] | undefined;
  /** Show the connection's column (off on a connection's own page). */
  showConnection?: boolean;
  canAudit?: boolean;
  canManage?: boolean;
  onEnd?: (session: ConnectionSession) => void;
}

const isLive = (session: ConnectionSession) => session.state === 'ativa' || session.state === 'pendente';

/** Sessions as a table: who, where, why, the chamado, when, how long, how much, and what one may do next. */
export function SessionsTable({
  label,
  sessions,
  showConnection = true,
  canAudit = false,
  canManage = false,
  onEnd,
}: SessionsTableProps) {
  const columns = showConnection ? 7 : 6;
  return (
    <Table label={label} aria-busy={sessions === undefined}>
      <TableCaption className="sr-only">{label}</TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {showConnection ? <TableHead>Conexão</TableHead> : null}
          <TableHead>Quem</TableHead>
          <TableHead>Motivo / chamado</TableHead>
          <TableHead>Início</TableHead>
          <TableHead>Duração</TableHead>
          <TableHead>Situação</TableHead>
          <TableHead>
            <span className="sr-only">Ações</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {sessions === undefined ? (
          <TableLoadingRows columns={columns} rows={4} label="Carregando as sessões…" />
        ) : (
          sessions.map((session) => (
            <TableRow key={session.id} data-session-id={session.id}>
              {showConnection ? (
                <TableCell className="min-w-[10rem]">
                  <div className="flex items-center gap-2">
                    <ProtocolBadge protocol={session.connection.protocol} />
                    <Link
                      to={connectionPath(session.connection.id)}
                      className="font-medium underline-offset-4 hover:underline"
                    >
                      {session.connection.name}
                    </Link>
                  </div>
                  {session.company ? (
                    <span className="text-xs text-muted-foreground">{session.company.name}</span>
                  ) : null}
                </TableCell>
              ) : null}
              <TableCell className="whitespace-nowrap">
                {session.person?.name ?? <span className="text-muted-foreground">—</span>}
                {session.client_ip ? (
                  <span className="block font-mono text-xs text-muted-foreground">{session.client_ip}</span>
                ) : null}
              </TableCell>
              <TableCell className="max-w-[18rem]">
                <span className="line-clamp-2 break-words">
                  {session.reason ?? <span className="text-muted-foreground">Sem motivo</span>}
                </span>
                {session.ticket ? (
                  <Link
                    to={`/support/ticket/${session.ticket.id}`}
                    className="block text-xs underline-offset-4 hover:underline"
                  >
                    Chamado #{session.ticket.number} — {session.ticket.subject}
                  </Link>
                ) : null}
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDateTime(session.started_at)}</TableCell>
              <TableCell className="whitespace-nowrap">
                {sessionLength(session)}
                {session.bytes_in + session.bytes_out > 0 ? (
                  <span className="block text-xs text-muted-foreground">
                    {formatBytes(session.bytes_in + session.bytes_out)}
                  </span>
                ) : null}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <Badge variant={isLive(session) ? 'default' : 'secondary'}>
                  {CONNECTION_SESSION_STATE_LABELS[session.state]}
                </Badge>
                {session.end_reason && session.state === 'encerrada' ? (
                  <span className="block text-xs text-muted-foreground">
                    {session.end_reason === 'administrador' && session.ended_by
                      ? `Encerrada por ${session.ended_by.name}`
                      : CONNECTION_END_REASON_LABELS[session.end_reason]}
                  </span>
                ) : null}
              </TableCell>
              <TableCell className="whitespace-nowrap text-right">
                <div className="flex justify-end gap-2">
                  {canManage && session.state === 'ativa' && session.connection.protocol === 'ssh' ? (
                    <Button size="sm" variant="outline" asChild>
                      <Link to={watchPath(session.id)}>Assistir</Link>
                    </Button>
                  ) : null}
                  {canManage && isLive(session) && onEnd ? (
                    <Button size="sm" variant="destructive" onClick={() => onEnd(session)}>
                      Encerrar
                    </Button>
                  ) : null}
                  {canAudit && session.recording?.available ? (
                    <Button size="sm" variant="outline" asChild>
                      <Link to={replayPath(session.id)}>Ver gravação</Link>
                    </Button>
                  ) : null}
                </div>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
