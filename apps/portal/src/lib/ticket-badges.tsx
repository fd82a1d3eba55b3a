import type { TicketPriority, TicketStatus } from '@farol/data';
import { Badge, cn } from '@farol/ui';

// The chamados' labels and badges for screens outside the tickets feature (the company page's Chamados tab):
// features never import each other, so what several of them show lives here.

export const TICKET_STATUS_TEXT: Record<TicketStatus, string> = {
  aberto: 'Aberto',
  'em andamento': 'Em andamento',
  'aguardando cliente': 'Aguardando cliente',
  resolvido: 'Resolvido',
  fechado: 'Fechado',
};

export const TICKET_PRIORITY_TEXT: Record<TicketPriority, string> = {
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

const PRIORITY_VARIANT: Record<TicketPriority, 'outline' | 'secondary' | 'default' | 'destructive'> = {
  baixa: 'outline',
  média: 'secondary',
  alta: 'default',
  urgente: 'destructive',
};

export function TicketStatusTag({ status, className }: { status: TicketStatus; className?: string }) {
  return (
    <Badge variant="outline" className={cn('gap-1.5 font-medium', className)}>
      <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', STATUS_DOT[status])} />
      {TICKET_STATUS_TEXT[status]}
    </Badge>
  );
}

export function TicketPriorityTag({ priority, className }: { priority: TicketPriority; className?: string }) {
  return (
    <Badge variant={PRIORITY_VARIANT[priority]} className={className}>
      {TICKET_PRIORITY_TEXT[priority]}
    </Badge>
  );
}
