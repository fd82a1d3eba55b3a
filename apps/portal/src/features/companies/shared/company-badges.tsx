import type { Company } from '@farol/data';
import { COMPANY_KIND_LABELS, COMPANY_STATUS_LABELS } from '@farol/data/companies';
import { Badge, cn } from '@farol/ui';
import { ArchiveIcon } from 'lucide-react';

// The dot carries the colour (decorative); the text keeps the theme's foreground so contrast holds in every theme.
const STATUS_DOT: Record<Company['status'], string> = {
  ativo: 'bg-emerald-400',
  inativo: 'bg-zinc-400',
};

/** Ativa / Inativa, or Arquivada for an archived company (an icon and the word, never colour alone). */
export function CompanyStatusBadge({
  company,
  className,
}: {
  company: Pick<Company, 'status' | 'archived_at'>;
  className?: string;
}) {
  if (company.archived_at) {
    return (
      <Badge variant="outline" className={cn('gap-1 font-medium', className)}>
        <ArchiveIcon aria-hidden="true" className="size-3" />
        Arquivada
      </Badge>
    );
  }
  return (
    <Badge variant="outline" className={cn('gap-1.5 font-medium', className)}>
      <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', STATUS_DOT[company.status])} />
      {COMPANY_STATUS_LABELS[company.status]}
    </Badge>
  );
}

export function CompanyKindBadge({ kind, className }: { kind: Company['kind']; className?: string }) {
  return (
    <Badge variant="secondary" className={className}>
      {COMPANY_KIND_LABELS[kind]}
    </Badge>
  );
}
