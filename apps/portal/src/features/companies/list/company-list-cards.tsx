import type { Company } from '@farol/data';
import { formatCnpj } from '@farol/data/companies';
import {
  Field,
  FieldLabel,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
  cn,
} from '@farol/ui';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { CompanyKindBadge, CompanyStatusBadge } from '../shared/company-badges';
import { companyPath } from '../shared/company-format';
import type { CompanyListViewProps } from './company-list-table';

const SORT_CHOICES = [
  { value: 'name:asc', label: 'Nome (A–Z)' },
  { value: 'name:desc', label: 'Nome (Z–A)' },
  { value: 'open_tickets:desc', label: 'Mais chamados abertos' },
  { value: 'created_at:desc', label: 'Cadastradas por último' },
  { value: 'created_at:asc', label: 'Cadastradas primeiro' },
] as const;

const openTicketsLabel = (count: number) =>
  count === 0 ? 'Nenhum chamado aberto' : `${count} ${count === 1 ? 'chamado aberto' : 'chamados abertos'}`;

const CompanyCard = memo(function CompanyCard({ company }: { company: Company }) {
  return (
    // The name's link covers the card: a tap anywhere opens the company.
    <li
      data-company-id={company.id}
      className="relative flex flex-col gap-1.5 rounded-xl border bg-card p-3 hover:border-primary"
    >
      <Link
        to={companyPath(company.id)}
        className="font-medium break-words outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:after:ring-2 focus-visible:after:ring-ring"
      >
        {company.name}
      </Link>
      {company.legal_name !== company.name ? (
        <p className="text-sm break-words text-muted-foreground">{company.legal_name}</p>
      ) : null}
      {company.cnpj ? (
        <p className="font-mono text-xs text-muted-foreground tabular-nums">{formatCnpj(company.cnpj)}</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-1.5">
        <CompanyKindBadge kind={company.kind} />
        <CompanyStatusBadge company={company} />
      </div>
      <p className="flex flex-wrap justify-between gap-x-3 text-sm">
        <span className={cn(company.open_tickets > 0 && 'font-medium')}>
          {openTicketsLabel(company.open_tickets)}
        </span>
        <span className="text-muted-foreground">{company.account_manager?.name ?? 'Sem responsável'}</span>
      </p>
    </li>
  );
});

/**
 * The companies on a phone (below 768 px): one card each — name, razão social, CNPJ, tipo, status, open
 * chamados, responsável — the whole card a link, and the order chosen from a list instead of column headers.
 */
export function CompanyListCards({ companies, sort, onSort, busy = false }: CompanyListViewProps) {
  const current = `${sort.sort}:${sort.order}`;
  const choices = SORT_CHOICES.some((choice) => choice.value === current)
    ? SORT_CHOICES
    : [{ value: current, label: 'Ordem atual' }, ...SORT_CHOICES];
  return (
    <div className="flex flex-col gap-3">
      <Field orientation="horizontal" className="justify-end">
        <FieldLabel className="text-muted-foreground">Ordenar</FieldLabel>
        <Select
          value={current}
          onValueChange={(value) => {
            const [column, order] = value.split(':') as [typeof sort.sort, typeof sort.order];
            onSort({ sort: column, order });
          }}
        >
          <SelectTrigger className="w-56">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {choices.map((choice) => (
              <SelectItem key={choice.value} value={choice.value}>
                {choice.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      {companies === undefined ? (
        <p role="status" className="sr-only">
          Carregando empresas…
        </p>
      ) : null}
      <ul
        aria-label="Empresas"
        aria-busy={companies === undefined || busy}
        className={cn('flex flex-col gap-2', busy && 'opacity-70 transition-opacity')}
      >
        {companies === undefined
          ? Array.from({ length: 6 }, (_, index) => (
              <li key={index} aria-hidden="true">
                <Skeleton className="h-28 rounded-xl" />
              </li>
            ))
          : companies.map((company) => <CompanyCard key={company.id} company={company} />)}
      </ul>
    </div>
  );
}
