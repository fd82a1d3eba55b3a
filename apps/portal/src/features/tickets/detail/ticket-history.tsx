import type { TicketHistoryEntry } from '@farol/data';
import { useId } from 'react';
import { ticketHistoryText } from './ticket-history-text';
import { TicketTime } from '../shared/ticket-time';

/** Every change to the chamado, newest first: what changed (from → to), who and when. */
export function TicketHistory({ entries }: { entries: readonly TicketHistoryEntry[] }) {
  const id = useId();
  const newestFirst = [...entries].reverse();
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <h2 id={`${id}-heading`} className="font-semibold">
        Histórico
      </h2>
      {newestFirst.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma alteração registrada.</p>
      ) : (
        <ol aria-label="Alterações do chamado" className="flex flex-col gap-3 border-l pl-4">
          {newestFirst.map((entry, index) => (
            <li key={`${entry.at}-${entry.field}-${index}`} className="relative flex flex-col gap-0.5">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-muted-foreground"
              />
              <span className="text-sm">{ticketHistoryText(entry)}</span>
              <span className="text-xs text-muted-foreground">
                {entry.who?.name ?? 'Sistema'}
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, </span>
                <TicketTime iso={entry.at} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
