import type { Connection } from '@farol/data';
import {
  Badge,
  Button,
  Card,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableLoadingRows,
  TableRow,
  cn,
} from '@farol/ui';
import { ConnectionStatusDot, ProtocolBadge } from '@farol/ui/connections';
import { TerminalSquareIcon } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { connectionPath, connectsInBrowser, formatDateTime, terminalPath } from '../shared/connection-format';
import { ConnectionLaunchMenu } from '../shared/use-launch';

export interface ConnectionListProps {
  items: readonly Connection[] | undefined;
  busy?: boolean;
  showCompany?: boolean;
  canConnect?: boolean;
  /** The chamado a connect or a launch is for (the chamado page's section). */
  ticketId?: number | null;
}

const checkedAt = (connection: Connection) =>
  connection.reachability.checked_at
    ? `verificado em ${formatDateTime(connection.reachability.checked_at)}`
    : undefined;

/** "Conectar" (in the page, for SSH and VNC) and "Abrir ▾" (the native client). */
export function ConnectActions({
  connection,
  canConnect,
  ticketId = null,
}: {
  connection: Connection;
  canConnect: boolean;
  ticketId?: number | null;
}) {
  if (!canConnect) return null;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {connectsInBrowser(connection) ? (
        <Button size="sm" asChild>
          <Link to={terminalPath(connection.id, ticketId)} aria-label={`Conectar a ${connection.name}`}>
            <TerminalSquareIcon aria-hidden="true" />
            Conectar
          </Link>
        </Button>
      ) : null}
      <ConnectionLaunchMenu connection={connection} ticketId={ticketId} />
    </div>
  );
}

function Tags({ connection }: { connection: Connection }) {
  return (
    <div className="flex flex-wrap gap-1">
      {connection.folder ? (
        <span className="text-xs break-words text-muted-foreground">{connection.folder}</span>
      ) : null}
      {connection.tags.map((tag) => (
        <Badge key={tag} variant="outline">
          {tag}
        </Badge>
      ))}
    </div>
  );
}

const ConnectionRow = memo(function ConnectionRow({
  connection,
  showCompany,
  canConnect,
  ticketId,
}: {
  connection: Connection;
  showCompany: boolean;
  canConnect: boolean;
  ticketId: number | null;
}) {
  return (
    <TableRow data-connection-id={connection.id}>
      <TableCell className="max-w-[22rem] min-w-[12rem]">
        <div className="flex items-center gap-2">
          <ConnectionStatusDot state={connection.reachability.state} checkedAt={checkedAt(connection)} />
          <Link
            to={connectionPath(connection.id)}
            className="line-clamp-2 font-medium break-words underline-offset-4 hover:underline"
          >
            {connection.name}
          </Link>
        </div>
        <span className="line-clamp-1 font-mono text-xs break-all text-muted-foreground">
          {connection.host}:{connection.port}
        </span>
      </TableCell>
      <TableCell>
        <ProtocolBadge protocol={connection.protocol} />
      </TableCell>
      {showCompany ? (
        <TableCell className="max-w-[12rem]">
          {connection.company?.name ?? <span className="text-muted-foreground">Interno</span>}
        </TableCell>
      ) : null}
      <TableCell className="max-w-[16rem]">
        <Tags connection={connection} />
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {connection.last_session_at ? (
          formatDateTime(connection.last_session_at)
        ) : (
          <span className="text-muted-foreground">Nunca</span>
        )}
        {connection.active_sessions > 0 ? (
          <span className="block text-xs text-success">
            {connection.active_sessions === 1
              ? '1 sessão ativa'
              : `${connection.active_sessions} sessões ativas`}
          </span>
        ) : null}
      </TableCell>
      <TableCell className="text-right">
        <ConnectActions connection={connection} canConnect={canConnect} ticketId={ticketId} />
      </TableCell>
    </TableRow>
  );
});

/** The connections as a table (desktop): never a credential, only what a person needs to reach a server. */
export function ConnectionTable({
  items,
  busy = false,
  showCompany = true,
  canConnect = false,
  ticketId = null,
}: ConnectionListProps) {
  const columns = showCompany ? 6 : 5;
  return (
    <Table
      label="Conexões"
      aria-busy={items === undefined || busy}
      className={cn(busy && 'opacity-70 transition-opacity')}
    >
      <TableCaption className="sr-only">Conexões</TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Nome</TableHead>
          <TableHead>Protocolo</TableHead>
          {showCompany ? <TableHead>Empresa</TableHead> : null}
          <TableHead>Pasta e etiquetas</TableHead>
          <TableHead>Última sessão</TableHead>
          <TableHead>
            <span className="sr-only">Ações</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items === undefined ? (
          <TableLoadingRows columns={columns} rows={6} label="Carregando as conexões…" />
        ) : (
          items.map((connection) => (
            <ConnectionRow
              key={connection.id}
              connection={connection}
              showCompany={showCompany}
              canConnect={canConnect}
              ticketId={ticketId}
            />
          ))
        )}
      </TableBody>
    </Table>
  );
}

/** The same connections as cards (phone). */
export function ConnectionCards({
  items,
  busy = false,
  showCompany = true,
  canConnect = false,
  ticketId = null,
}: ConnectionListProps) {
  if (items === undefined) {
    return (
      <p role="status" className="p-4 text-sm text-muted-foreground">
        Carregando as conexões…
      </p>
    );
  }
  return (
    <ul aria-label="Conexões" className={cn('grid gap-3', busy && 'opacity-70')}>
      {items.map((connection) => (
        <li key={connection.id} data-connection-id={connection.id}>
          <Card className="grid gap-2 p-4">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <div className="flex items-center gap-2">
                  <ConnectionStatusDot state={connection.reachability.state} />
                  <Link
                    to={connectionPath(connection.id)}
                    className="font-medium break-words underline-offset-4 hover:underline"
                  >
                    {connection.name}
                  </Link>
                </div>
                <span className="block font-mono text-xs break-all text-muted-foreground">
                  {connection.host}:{connection.port}
                </span>
              </div>
              <ProtocolBadge protocol={connection.protocol} />
            </div>
            {showCompany ? <span className="text-sm">{connection.company?.name ?? 'Interno'}</span> : null}
            <Tags connection={connection} />
            <span className="text-xs text-muted-foreground">
              Última sessão:{' '}
              {connection.last_session_at ? formatDateTime(connection.last_session_at) : 'nunca'}
            </span>
            <ConnectActions connection={connection} canConnect={canConnect} ticketId={ticketId} />
          </Card>
        </li>
      ))}
    </ul>
  );
}
