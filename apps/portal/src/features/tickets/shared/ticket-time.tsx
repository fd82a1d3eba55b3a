import { cn, formatRelativeTime } from '@farol/ui';

const absoluteFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** '21/11/2026, 14:03' ('' for an unreadable date). */
export function absoluteTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : absoluteFormat.format(date);
}

/** 'agora', 'há 5 min', 'há 3 h', 'há 2 d' — or 'em 3 h' for a time still ahead (a due time). */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (time - now >= 60_000) return `em ${formatRelativeTime(now, time)}`;
  const text = formatRelativeTime(time, now);
  return text === 'agora' ? text : `há ${text}`;
}

/** A moment shown both ways: 'há 5 min · 21/11/2026, 14:03'. */
export function TicketTime({ iso, className }: { iso: string; className?: string }) {
  const absolute = absoluteTime(iso);
  if (!absolute) return null;
  return (
    <time dateTime={iso} title={absolute} className={cn('text-xs text-muted-foreground', className)}>
      {relativeTime(iso)}
      <span aria-hidden="true"> · </span>
      <span className="sr-only">, </span>
      {absolute}
    </time>
  );
}
