import { cva } from 'class-variance-authority';
import { CircleSlashIcon, RotateCwIcon, WifiOffIcon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../lib/cn';
import { Button } from '../primitives/button';
import { formatDuration } from './format';
import { useConnectionsMessages } from './messages';
import type { SessionEndReasonView } from './types';

export const sessionEndedVariants = /* @__PURE__ */ cva(
  'mx-auto flex w-full max-w-md flex-col items-center gap-3 rounded-lg border p-6 text-center',
  {
    variants: {
      tone: {
        neutral: 'border-border bg-card',
        warning: 'border-warning/50 bg-warning/10',
        error: 'border-destructive/50 bg-destructive/10',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

const TONES: Record<SessionEndReasonView, 'neutral' | 'warning' | 'error'> = {
  usuario: 'neutral',
  administrador: 'warning',
  inatividade: 'warning',
  duracao_maxima: 'warning',
  desconectado: 'error',
  erro: 'error',
  ticket_expirado: 'warning',
  servidor: 'error',
};

export type SessionEndedProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  reason: SessionEndReasonView;
  /** Who ended it, when an administrator did ("Carla Souza encerrou esta sessão."). */
  endedBy?: string;
  /** The session's length in seconds. */
  durationSeconds?: number;
  /** The server's own words (the terminal's `message_pt`), shown under the reason when they add something. */
  detail?: string;
  /** Shown when given: opens a new session (a new ticket). */
  onReconnect?: () => void;
};

/** The panel a finished session leaves: why it ended, how long it lasted, "Reconectar". */
export function SessionEnded({
  reason,
  endedBy,
  durationSeconds,
  detail,
  onReconnect,
  className,
  ...props
}: SessionEndedProps) {
  const t = useConnectionsMessages().ended;
  const tone = TONES[reason];
  const Icon = tone === 'error' ? WifiOffIcon : CircleSlashIcon;
  const text = reason === 'administrador' && endedBy ? t.byAdmin(endedBy) : t.reasons[reason];
  return (
    <div
      data-slot="session-ended"
      data-reason={reason}
      role="status"
      className={cn(sessionEndedVariants({ tone }), className)}
      {...props}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'size-8',
          tone === 'error'
            ? 'text-destructive'
            : tone === 'warning'
              ? 'text-warning'
              : 'text-muted-foreground',
        )}
      />
      <h2 className="text-base font-semibold">{t.title}</h2>
      <p className="text-sm">{text}</p>
      {detail && detail !== text && <p className="text-sm text-muted-foreground">{detail}</p>}
      {durationSeconds !== undefined && (
        <p className="text-xs text-muted-foreground">{t.duration(formatDuration(durationSeconds))}</p>
      )}
      {onReconnect && (
        <Button onClick={onReconnect} className="mt-1">
          <RotateCwIcon aria-hidden="true" />
          {t.reconnect}
        </Button>
      )}
    </div>
  );
}
