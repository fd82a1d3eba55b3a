import type { TicketDetail } from '@farol/data';
import { useId, type ReactNode } from 'react';
import { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from '../shared/ticket-labels';
import { TicketTime } from '../shared/ticket-time';

/** The chamado's facts as a definition list (the side panel's 'Detalhes'). */
export function TicketDetailsList({
  ticket,
  area,
  branchName,
}: {
  ticket: TicketDetail;
  area: 'staff' | 'client';
  branchName?: string | null | undefined;
}) {
  const id = useId();
  const rows: [string, ReactNode][] = [
    ['Status', TICKET_STATUS_LABELS[ticket.status]],
    ['Prioridade', TICKET_PRIORITY_LABELS[ticket.priority]],
    ['Categoria', ticket.category ?? 'Sem categoria'],
    ...(area === 'staff'
      ? ([
          ['Empresa', ticket.company_name],
          ['Filial', branchName ?? '—'],
        ] as [string, ReactNode][])
      : []),
    ['Solicitante', ticket.requester.name],
    ['Responsável', ticket.assignee?.name ?? 'Sem responsável'],
    ['Aberto', <TicketTime key="created" iso={ticket.created_at} />],
    ['Atualizado', <TicketTime key="updated" iso={ticket.updated_at} />],
    ...(area === 'staff'
      ? ([['Prazo', <TicketTime key="due" iso={ticket.due_at} />]] as [string, ReactNode][])
      : []),
  ];
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <h2 id={`${id}-heading`} className="font-semibold">
        Detalhes
      </h2>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
