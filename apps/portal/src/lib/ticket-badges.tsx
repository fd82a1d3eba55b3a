import type { TicketPriority, TicketStatus } from '@farol/data';
import { Badge, cn } from '@farol/ui';

// The chamados' status and priority words and badges: the tickets feature and every screen that lists
// chamados (the company page) show them alike, and features never import each other.

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  aberto: 'Aberto',
  'em andamento': 'Em andamento',
  'aguardando cliente': 'Aguardando cliente',
  resolvido: 'Resolvido',
  fechado: 'Fechado',
};

export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  baixa: 'Baixa',
  média: 'Média',
  alta: 'Alta',
  urgente: 'Urgente',
};

// The dot carries the colour (decorative); the text keeps the theme's foreground so contrast holds in every theme.
const STATUS_DOT: Record<TicketStatus, string> = {
  aberto: 'bg-sky-400',
  'em andamento': 'bg-amber-400',
  'aguardando cliente': 'bg-violet-400',
  resolvido: 'bg-emerald-400',
  fechado: 'bg-zinc-400',
};

const priorityVariant: Record<TicketPriority, 'outline' | 'secondary' | 'default' | 'destructive'> = {
  baixa: 'outline',
  média: 'secondary',
  alta: 'default',
  urgente: 'destructive',
};

export function TicketStatusBadge({ status, className }: { status: TicketStatus; className?: string }) {
  return (
    <Badge data-slot="ticket-status" variant="outline" className={cn('gap-1.5 font-medium', className)}>
      <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', STATUS_DOT[status])} />
      {TICKET_STATUS_LABELS[status]}
    </Badge>
  );
}

export function TicketPriorityBadge({
  priority,
  className,
}: {
  priority: TicketPriority;
  className?: string;
}) {
  return (
    <Badge data-slot="ticket-priority" variant={priorityVariant[priority]} className={className}>
      {TICKET_PRIORITY_LABELS[priority]}
    </Badge>
  );
}
