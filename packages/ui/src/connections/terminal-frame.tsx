import { cva } from 'class-variance-authority';
import { CircleIcon, EyeIcon, Maximize2Icon, Minimize2Icon, SearchIcon, UnplugIcon } from 'lucide-react';
import type * as React from 'react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import { Button } from '../primitives/button';
import { ProtocolBadge } from './connection-status';
import { formatBytes, formatClock } from './format';
import { useConnectionsMessages } from './messages';
import type { ConnectionProtocolView, SessionStateView } from './types';

export const sessionStateVariants = /* @__PURE__ */ cva(
  'inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
  {
    variants: {
      state: {
        conectando: 'border-warning/50 text-warning',
        conectado: 'border-success/50 text-success',
        encerrado: 'border-border text-muted-foreground',
        erro: 'border-destructive/60 text-destructive',
      },
    },
  },
);

export type TerminalFrameProps = Omit<React.ComponentProps<'section'>, 'title'> & {
  /** The connection's name ("srv-db01"). */
  name: string;
  host: string;
  port?: number;
  protocol: ConnectionProtocolView;
  state: SessionStateView;
  /** Seconds since the session started; or give `startedAt` and the frame counts by itself. */
  elapsedSeconds?: number;
  startedAt?: Date | string | number;
  bytesIn?: number;
  bytesOut?: number;
  /** The session is being recorded: "Gravando" shows in the header. */
  recording?: boolean;
  /** Live oversight: the person is watching someone else's session. */
  watching?: boolean;
  /** A message under the header while the state is 'erro'. */
  error?: string;
  onSearch?: () => void;
  /** Called when the frame enters or leaves full screen (the frame asks the browser itself). */
  onFullscreenChange?: (fullscreen: boolean) => void;
  onDisconnect?: () => void;
  /** The terminal, viewer or ended panel. */
  children?: React.ReactNode;
};

function useElapsed(
  elapsedSeconds: number | undefined,
  startedAt: Date | string | number | undefined,
  running: boolean,
) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (elapsedSeconds !== undefined || startedAt === undefined || !running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [elapsedSeconds, startedAt, running]);
  if (elapsedSeconds !== undefined) return elapsedSeconds;
  if (startedAt === undefined) return undefined;
  return Math.max(0, (now - new Date(startedAt).getTime()) / 1000);
}

/**
 * A session's frame: name, host, protocol, state, time, bytes, "Gravando", and Buscar / Tela cheia /
 * Desconectar, around the terminal or viewer it holds.
 */
export function TerminalFrame({
  name,
  host,
  port,
  protocol,
  state,
  elapsedSeconds,
  startedAt,
  bytesIn,
  bytesOut,
  recording = false,
  watching = false,
  error,
  onSearch,
  onFullscreenChange,
  onDisconnect,
  className,
  children,
  ...props
}: TerminalFrameProps) {
  const messages = useConnectionsMessages();
  const t = messages.frame;
  const rootRef = useRef<HTMLElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const elapsed = useElapsed(elapsedSeconds, startedAt, state === 'conectado');
  const live = state === 'conectando' || state === 'conectado';

  useEffect(() => {
    const doc = rootRef.current?.ownerDocument;
    if (!doc) return;
    const sync = () => {
      const active = doc.fullscreenElement === rootRef.current;
      setFullscreen(active);
      onFullscreenChange?.(active);
    };
    doc.addEventListener('fullscreenchange', sync);
    return () => doc.removeEventListener('fullscreenchange', sync);
  }, [onFullscreenChange]);

  const toggleFullscreen = () => {
    const root = rootRef.current;
    if (!root) return;
    if (root.ownerDocument.fullscreenElement === root)
      void root.ownerDocument.exitFullscreen().catch(() => {});
    else void root.requestFullscreen?.().catch(() => {});
  };

  return (
    <section
      ref={rootRef}
      data-slot="terminal-frame"
      data-state={state}
      aria-label={t.region(name)}
      className={cn(
        'flex min-h-0 flex-col overflow-hidden rounded-lg border border-border bg-card',
        className,
      )}
      {...props}
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-border px-3 py-2">
        <div className="flex min-w-0 flex-1 items-center gap-2">
          <ProtocolBadge protocol={protocol} />
          <div className="min-w-0">
            <h2 className="truncate text-sm font-semibold text-card-foreground" title={name}>
              {name}
            </h2>
            <p
              className="truncate font-mono text-xs text-muted-foreground"
              title={port ? `${host}:${port}` : host}
            >
              {port ? `${host}:${port}` : host}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span data-slot="session-state" className={sessionStateVariants({ state })} role="status">
            {state === 'conectando' ? (
              <CircleIcon aria-hidden="true" className="size-2 animate-pulse fill-current" />
            ) : (
              <CircleIcon aria-hidden="true" className="size-2 fill-current" />
            )}
            {messages.state[state]}
          </span>
          {recording && live && (
            <span
              data-slot="recording-indicator"
              title={t.recordingHint}
              className="inline-flex items-center gap-1 font-medium text-destructive"
            >
              <CircleIcon aria-hidden="true" className="size-2.5 animate-pulse fill-current" />
              {t.recording}
              <span className="sr-only">: {t.recordingHint}</span>
            </span>
          )}
          {watching && (
            <span className="inline-flex items-center gap-1">
              <EyeIcon aria-hidden="true" className="size-3.5" />
              {t.watching}
            </span>
          )}
          {elapsed !== undefined && (
            <span className="tabular-nums">
              <span className="sr-only">{t.elapsed}: </span>
              <time>{formatClock(elapsed)}</time>
            </span>
          )}
          {(bytesIn !== undefined || bytesOut !== undefined) && (
            <span className="hidden gap-2 tabular-nums sm:inline-flex">
              <span>
                <span aria-hidden="true">↓ </span>
                <span className="sr-only">{t.bytesIn}: </span>
                <span>{formatBytes(bytesIn ?? 0)}</span>
              </span>
              <span>
                <span aria-hidden="true">↑ </span>
                <span className="sr-only">{t.bytesOut}: </span>
                <span>{formatBytes(bytesOut ?? 0)}</span>
              </span>
            </span>
          )}
        </div>
        <div className="flex items-center gap-1">
          {onSearch && (
            <Button variant="ghost" size="sm" onClick={onSearch} disabled={state === 'conectando'}>
              <SearchIcon aria-hidden="true" />
              <span className="max-sm:sr-only">{t.search}</span>
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={toggleFullscreen}>
            {fullscreen ? <Minimize2Icon aria-hidden="true" /> : <Maximize2Icon aria-hidden="true" />}
            <span className="max-sm:sr-only">{fullscreen ? t.exitFullscreen : t.fullscreen}</span>
          </Button>
          {onDisconnect && live && (
            <Button variant="destructive" size="sm" onClick={onDisconnect}>
              <UnplugIcon aria-hidden="true" />
              <span className="max-sm:sr-only">{watching ? t.endSession : t.disconnect}</span>
            </Button>
          )}
        </div>
      </header>
      {state === 'erro' && error && (
        <p
          role="alert"
          className="border-b border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          {error}
        </p>
      )}
      <div data-slot="terminal-frame-body" className="flex min-h-0 flex-1 flex-col">
        {children}
      </div>
    </section>
  );
}
