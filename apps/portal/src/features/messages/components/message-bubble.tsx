import { Button, cn } from '@farol/ui';
import { AlertCircleIcon, CheckIcon, ClockIcon } from 'lucide-react';

const timeFormat = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });

function timeLabel(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}

export interface MessageBubbleProps {
  text: string;
  senderName: string;
  createdAt: string;
  mine: boolean;
  /** Delivery of one's own message: stored, waiting for the acknowledgement, or refused. */
  delivery?: 'sent' | 'pending' | 'failed';
  error?: string;
  onRetry?: () => void;
  onDiscard?: () => void;
}

export function MessageBubble({
  text,
  senderName,
  createdAt,
  mine,
  delivery = 'sent',
  error,
  onRetry,
  onDiscard,
}: MessageBubbleProps) {
  return (
    <li
      className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}
      data-delivery={mine ? delivery : undefined}
    >
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-sm md:max-w-[70%]',
          // Only a stored message gets the solid colour; pending and failed ones are outlined (full contrast).
          !mine && 'rounded-bl-sm bg-card text-card-foreground',
          mine && delivery === 'sent' && 'rounded-br-sm bg-primary text-primary-foreground',
          mine &&
            delivery === 'pending' &&
            'rounded-br-sm border border-dashed border-primary text-foreground',
          mine && delivery === 'failed' && 'rounded-br-sm border border-destructive text-foreground',
        )}
      >
        <span className={mine ? 'sr-only' : 'mb-0.5 block text-xs font-semibold text-muted-foreground'}>
          {mine ? 'Você' : senderName}
          <span className="sr-only">: </span>
        </span>
        <p className="break-words whitespace-pre-wrap">{text}</p>
        <span
          className={cn(
            'mt-1 flex items-center justify-end gap-1 text-xs',
            mine && delivery === 'sent' ? 'text-primary-foreground/80' : 'text-muted-foreground',
          )}
        >
          {createdAt ? <time dateTime={createdAt}>{timeLabel(createdAt)}</time> : null}
          {mine && delivery === 'sent' ? (
            <>
              <CheckIcon aria-hidden="true" className="size-3" />
              <span className="sr-only">enviada</span>
            </>
          ) : null}
          {delivery === 'pending' ? (
            <>
              <ClockIcon aria-hidden="true" className="size-3" />
              <span>Enviando…</span>
            </>
          ) : null}
        </span>
      </div>
      {delivery === 'failed' ? (
        <div role="alert" className="flex flex-wrap items-center justify-end gap-2 text-xs text-destructive">
          <AlertCircleIcon aria-hidden="true" className="size-4" />
          <span>Não enviada{error ? `: ${error}` : ''}</span>
          {onRetry ? (
            <Button size="sm" variant="outline" onClick={onRetry}>
              Tentar novamente
            </Button>
          ) : null}
          {onDiscard ? (
            <Button size="sm" variant="ghost" onClick={onDiscard}>
              Descartar
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
