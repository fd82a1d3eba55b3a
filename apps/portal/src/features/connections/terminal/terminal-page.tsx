import { type Connection, type ConnectSessionInput } from '@farol/data';
import { useOpenConnectionSession, useTerminalSession } from '@farol/data/connections';
import { Button, EmptyState, Spinner } from '@farol/ui';
import {
  ConnectReasonDialog,
  HostKeyMismatch,
  HostKeyPrompt,
  SessionEnded,
  Terminal,
  TerminalFrame,
  VncViewer,
  type ConnectRequest,
  type SessionStateView,
} from '@farol/ui/connections';
import { ArrowLeftIcon, ServerOffIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import { ConnectActions } from '../list/connection-table';
import { connectionPath, connectsInBrowser, useConnectionRights } from '../shared/connection-format';
import { endReasonOf } from '../shared/terminal-view';
import { routeConnectionFallback, useRouteConnection } from '../shared/route-connection';
import { AppTerminalTransport } from '../shared/terminal-transport';

/** The VNC bridge's websocket on the API's own origin (apps/server …/gateway/vnc-bridge.ts). */
export const vncBridgeUrl = (
  ticket: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
) =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/connections/vnc?ticket=${encodeURIComponent(ticket)}`;

const INITIAL_SIZE = { cols: 120, rows: 32 };

function TerminalScreen({ connection, ticketId }: { connection: Connection; ticketId: number | null }) {
  const rights = useConnectionRights();
  const navigate = useNavigate();
  const openSession = useOpenConnectionSession(connection.id);
  const session = useTerminalSession();
  const asks =
    connection.require_reason ||
    connection.credential_mode === 'pedir' ||
    connection.recording === 'opcional';
  const [asking, setAsking] = useState(asks);
  const [vnc, setVnc] = useState<{ url: string; state: SessionStateView } | null>(null);
  const [traffic, setTraffic] = useState({ received: 0, sent: 0 });
  const size = useRef(INITIAL_SIZE);
  const started = useRef(false);

  const connect = (request: ConnectRequest = { reason: '' }) => {
    const input: ConnectSessionInput = {
      ...(request.reason ? { reason: request.reason } : {}),
      ...(ticketId ? { ticket_id: ticketId } : {}),
      ...(request.record !== undefined ? { record: request.record } : {}),
      ...(request.credential
        ? {
            credential: {
              username: request.credential.username,
              ...(request.credential.password ? { password: request.credential.password } : {}),
              ...(request.credential.privateKey ? { private_key: request.credential.privateKey } : {}),
            },
          }
        : {}),
    };
    openSession.mutate(input, {
      onSuccess: (answer) => {
        setAsking(false);
        if (connection.protocol === 'vnc') setVnc({ url: vncBridgeUrl(answer.ticket), state: 'conectando' });
        else session.open({ kind: 'open', ticket: answer.ticket, ...size.current });
      },
    });
  };
  const reconnect = () => (asks ? setAsking(true) : connect());

  // Connections that ask nothing connect as the page opens.
  useEffect(() => {
    if (started.current || asks) return;
    started.current = true;
    connect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  const { phase, hostKey, ready, closed, startedAt } = session.state;
  useEffect(() => {
    if (phase !== 'ready') return;
    const timer = window.setInterval(() => setTraffic(session.traffic()), 1000);
    return () => window.clearInterval(timer);
  }, [phase, session]);

  const back = (
    <Button variant="outline" size="sm" asChild>
      <Link to={connectionPath(connection.id)}>
        <ArrowLeftIcon aria-hidden="true" />
        Voltar à conexão
      </Link>
    </Button>
  );
  const dialog = (
    <ConnectReasonDialog
      open={asking}
      onOpenChange={(open) => {
        setAsking(open);
        if (!open && phase === 'idle' && !vnc) navigate(connectionPath(connection.id));
      }}
      name={connection.name}
      requireReason={connection.require_reason}
      askCredential={connection.credential_mode === 'pedir'}
      offerRecording={connection.recording === 'opcional' && connection.protocol !== 'vnc'}
      defaultUsername={connection.username ?? ''}
      ticketSlot={ticketId ? <p className="text-sm">Chamado: #{ticketId}</p> : undefined}
      pending={openSession.isPending}
      error={
        openSession.isError ? failureMessage(openSession.error, 'Não foi possível conectar.') : undefined
      }
      onSubmit={connect}
    />
  );

  if (connection.protocol === 'vnc') {
    const ended = vnc && (vnc.state === 'encerrado' || vnc.state === 'erro');
    return (
      <div className="flex flex-col gap-3">
        {dialog}
        {openSession.isError && !asking ? (
          <p role="alert" className="text-sm text-destructive">
            {failureMessage(openSession.error, 'Não foi possível conectar.')}
          </p>
        ) : null}
        {vnc && !ended ? (
          <VncViewer
            name={connection.name}
            url={vnc.url}
            wsProtocols={['binary']}
            viewOnly={connection.options.vnc_view_only ?? false}
            onStateChange={(state) => setVnc((current) => (current ? { ...current, state } : current))}
            onRetry={reconnect}
          />
        ) : null}
        {ended ? (
          <SessionEnded reason={vnc.state === 'erro' ? 'erro' : 'usuario'} onReconnect={reconnect} />
        ) : null}
        {!vnc && !asking ? (
          <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Conectando…
          </div>
        ) : null}
        <div>{back}</div>
      </div>
    );
  }

  const mismatch = hostKey?.state === 'mismatch' || closed?.reason === 'host_key_divergente' ? hostKey : null;
  if (mismatch) {
    return (
      <div className="flex flex-col gap-3">
        <HostKeyMismatch
          host={mismatch.host ?? connection.name}
          pinned={mismatch.pinned ?? ''}
          presented={mismatch.sha256}
          algorithm={mismatch.algorithm}
          canRepin={rights.manage}
          onRepin={() => navigate(connectionPath(connection.id))}
          onClose={() => navigate(connectionPath(connection.id))}
        />
      </div>
    );
  }

  const frameState: SessionStateView =
    phase === 'ready'
      ? 'conectado'
      : phase === 'closed'
        ? 'encerrado'
        : openSession.isError
          ? 'erro'
          : 'conectando';
  return (
    <div className="flex flex-col gap-3">
      {dialog}
      {phase === 'hostkey' && hostKey ? (
        <HostKeyPrompt
          host={hostKey.host ?? connection.name}
          fingerprint={hostKey.sha256}
          algorithm={hostKey.algorithm}
          onTrust={() => session.trustHostKey(hostKey.sha256)}
          onCancel={() => {
            session.close();
            navigate(connectionPath(connection.id));
          }}
        />
      ) : null}
      <TerminalFrame
        name={connection.name}
        host={connection.host}
        port={connection.port}
        protocol={connection.protocol}
        state={frameState}
        startedAt={startedAt ?? undefined}
        bytesIn={phase === 'closed' ? session.state.received : traffic.received}
        bytesOut={phase === 'closed' ? session.state.sent : traffic.sent}
        recording={ready?.recording ?? false}
        error={
          openSession.isError && !asking
            ? failureMessage(openSession.error, 'Não foi possível conectar.')
            : undefined
        }
        onDisconnect={() => session.close()}
      >
        {phase === 'ready' ? (
          <Terminal
            label={`Terminal de ${connection.name}`}
            className="h-[60vh] min-h-80"
            autoFocus
            stream={{ subscribe: session.subscribe }}
            onData={session.input}
            onResize={({ cols, rows }) => {
              size.current = { cols, rows };
              session.resize(cols, rows);
            }}
          />
        ) : null}
        {phase === 'closed' && closed ? (
          <SessionEnded
            reason={endReasonOf(closed.reason)}
            durationSeconds={startedAt ? Math.round((Date.now() - startedAt) / 1000) : undefined}
            detail={closed.message_pt}
            onReconnect={reconnect}
          />
        ) : null}
      </TerminalFrame>
      <div>{back}</div>
    </div>
  );
}

/** /connections/:id/terminal (`?ticket_id=` links a chamado): the in-browser SSH terminal or VNC viewer. */
export function TerminalPage() {
  const route = useRouteConnection();
  const [search] = useSearchParams();
  const ticket = Number(search.get('ticket_id'));
  const ticketId = Number.isInteger(ticket) && ticket > 0 ? ticket : null;
  const rights = useConnectionRights();
  const connection = route.query.data;

  const fallback = routeConnectionFallback(route, {
    title: 'Você não tem permissão para conectar',
    description: 'Peça a um administrador a permissão de conectar a servidores.',
    always: !rights.connect,
  });
  if (fallback || !connection) return fallback;
  if (!connectsInBrowser(connection)) {
    return (
      <EmptyState
        border="dashed"
        icon={<ServerOffIcon />}
        title={`${connection.name} abre no seu aplicativo`}
        description="Esta conexão não abre no navegador: use o link, o arquivo ou o comando."
        action={<ConnectActions connection={connection} canConnect ticketId={ticketId} />}
      />
    );
  }
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-3">
      <AppTerminalTransport>
        <TerminalScreen connection={connection} ticketId={ticketId} />
      </AppTerminalTransport>
    </div>
  );
}
