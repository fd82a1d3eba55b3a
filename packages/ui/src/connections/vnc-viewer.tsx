import type RFB from '@novnc/novnc';
import { KeyboardIcon, MonitorXIcon, RotateCwIcon } from 'lucide-react';
import type * as React from 'react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import { Button } from '../primitives/button';
import { Spinner } from '../primitives/spinner';
import { useConnectionsMessages } from './messages';
import type { SessionStateView } from './types';

const DEFAULT_PROTOCOLS = ['binary'];

/** Why the viewer stopped, when it did. */
export type VncFailure = 'falha' | 'desconectado' | 'seguranca' | 'credenciais';

export type VncViewerProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The connection's name, for the screen's accessible name. */
  name: string;
  /**
   * The gateway's websocket URL with its one-time ticket (`wss://…/api/connections/vnc?ticket=…`), or a channel
   * the app opened itself (a WebSocket; noVNC accepts anything shaped like one); null while the ticket is being
   * asked for (the viewer shows "Conectando…").
   */
  url: string | WebSocket | null;
  /** Websocket sub-protocols (default `['binary']`, which Farol's bridge and websockify ask for). */
  wsProtocols?: string[];
  /**
   * The VNC password (and user, for servers that want one) when the server asks for it: the bridge carries
   * bytes only, so VNC authentication happens here. Read when connecting; a server asking for more fails.
   */
  credentials?: { username?: string; password?: string };
  /** Watch only: no keyboard or mouse reaches the remote screen (default false). */
  viewOnly?: boolean;
  /** Scale the remote screen to fit the container (default true); otherwise it scrolls. */
  scaleToFit?: boolean;
  onStateChange?: (state: SessionStateView, failure?: VncFailure) => void;
  /** Shown after a failure: the app asks for a new ticket. */
  onRetry?: () => void;
};

/**
 * A remote screen through noVNC's RFB over the server's websocket bridge. noVNC (with its top-level await)
 * loads only when a viewer mounts. States: conectando, conectado, encerrado (the server closed cleanly), erro.
 */
export function VncViewer({
  name,
  url,
  wsProtocols = DEFAULT_PROTOCOLS,
  credentials,
  viewOnly = false,
  scaleToFit = true,
  onStateChange,
  onRetry,
  className,
  ...props
}: VncViewerProps) {
  const t = useConnectionsMessages().vnc;
  const screenRef = useRef<HTMLDivElement>(null);
  const rfbRef = useRef<RFB | null>(null);
  const [state, setState] = useState<{ state: SessionStateView; failure?: VncFailure }>({
    state: 'conectando',
  });
  const onStateChangeRef = useRef(onStateChange);
  const credentialsRef = useRef(credentials);
  useLayoutEffect(() => {
    onStateChangeRef.current = onStateChange;
    credentialsRef.current = credentials;
  });

  // Compared by value: an inline array must not reconnect at every render.
  const protocols = wsProtocols?.join(',');
  useEffect(() => {
    const report = (next: SessionStateView, failure?: VncFailure) => {
      setState(failure ? { state: next, failure } : { state: next });
      onStateChangeRef.current?.(next, failure);
    };
    report('conectando');
    if (!url) return;
    let cancelled = false;
    let rfb: RFB | null = null;
    let failure: VncFailure | undefined;
    import('@novnc/novnc')
      .then(({ default: RFBClass }) => {
        if (cancelled || !screenRef.current) return;
        const secret = credentialsRef.current;
        rfb = new RFBClass(screenRef.current, url, {
          ...(protocols ? { wsProtocols: protocols.split(',') } : {}),
          ...(secret ? { credentials: { ...secret } } : {}),
        });
        rfbRef.current = rfb;
        rfb.background = 'transparent';
        rfb.addEventListener('connect', () => report('conectado'));
        rfb.addEventListener('securityfailure', () => {
          failure = 'seguranca';
        });
        rfb.addEventListener('credentialsrequired', () => {
          // Asked for more than was given (or nothing was given): no prompt here, the app asks before connecting.
          failure = 'credenciais';
          rfb?.disconnect();
        });
        rfb.addEventListener('disconnect', (event) => {
          rfbRef.current = null;
          const clean = (event as CustomEvent<{ clean: boolean }>).detail?.clean ?? false;
          if (failure) report('erro', failure);
          else if (clean) report('encerrado', 'desconectado');
          else report('erro', 'falha');
        });
      })
      .catch(() => {
        if (!cancelled) report('erro', 'falha');
      });
    return () => {
      cancelled = true;
      rfbRef.current = null;
      rfb?.disconnect();
    };
  }, [url, protocols]);

  useEffect(() => {
    const rfb = rfbRef.current;
    if (!rfb) return;
    rfb.viewOnly = viewOnly;
    rfb.scaleViewport = scaleToFit;
    rfb.clipViewport = !scaleToFit;
  }, [viewOnly, scaleToFit, state.state]);

  const message =
    state.state === 'erro'
      ? state.failure === 'credenciais'
        ? t.credentialsRequired
        : t.failed
      : state.state === 'encerrado'
        ? t.disconnected
        : null;

  return (
    <div
      data-slot="vnc-viewer"
      data-state={state.state}
      className={cn('relative flex min-h-64 flex-1 flex-col overflow-hidden bg-black/40', className)}
      {...props}
    >
      {state.state === 'conectado' && (
        <div className="flex items-center justify-end gap-2 border-b border-border bg-card px-2 py-1 text-xs text-muted-foreground">
          {viewOnly && <span>{t.viewOnly}</span>}
          {!viewOnly && (
            <Button variant="ghost" size="sm" onClick={() => rfbRef.current?.sendCtrlAltDel()}>
              <KeyboardIcon aria-hidden="true" />
              {t.ctrlAltDel}
            </Button>
          )}
        </div>
      )}
      <div
        ref={screenRef}
        role="img"
        aria-label={t.label(name)}
        data-slot="vnc-screen"
        className={cn('min-h-0 flex-1', state.state !== 'conectado' && 'invisible')}
      />
      {state.state === 'conectando' && (
        <div className="absolute inset-0 flex items-center justify-center">
          <Spinner label={t.connecting} showLabel />
        </div>
      )}
      {message && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center">
          <MonitorXIcon
            aria-hidden="true"
            className={cn('size-8', state.state === 'erro' ? 'text-destructive' : 'text-muted-foreground')}
          />
          <p role={state.state === 'erro' ? 'alert' : 'status'} className="text-sm">
            {message}
          </p>
          {onRetry && (
            <Button variant="outline" onClick={onRetry}>
              <RotateCwIcon aria-hidden="true" />
              {t.retry}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
