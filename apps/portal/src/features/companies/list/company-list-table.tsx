import type { Company, CompanySort } from '@farol/data';
import { COMPANY_KIND_LABELS, formatCnpj } from '@farol/data/companies';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableLoadingRows,
  TableRow,
  TableSortButton,
  cn,
} from '@farol/ui';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { CompanyStatusBadge } from '../shared/company-badges';
import { companyPath, formatDate } from '../shared/company-format';
import { nextCompanySort, type CompanyListSortState } from '../shared/use-company-list-params';

/** What the table and the phone's cards take: one page of companies and its order. */
export interface CompanyListViewProps {
  /** Undefined while the first page loads (placeholders keep the layout still). */
  companies: readonly Company[] | undefined;
  sort: CompanyListSortState;
  onSort: (next: CompanyListSortState) => void;
  /** Another page or filter is loading while the previous one stays on screen. */
  busy?: boolean;
}

const COLUMN_COUNT = 7;

function SortableHead({
  label,
  column,
  sort,
  onSort,
  className,
}: {
  label: string;
  column: CompanySort;
  sort: CompanyListSortState;
  onSort: (next: CompanyListSortState) => void;
  className?: string;
}) {
  const direction = sort.sort === column ? sort.order : false;
  return (
    <TableHead sort={direction} className={className}>
      <TableSortButton direction={direction} onClick={() => onSort(nextCompanySort(sort, column))}>
        {label}
      </TableSortButton>
    </TableHead>
  );
}

/**
 * One company. Its name's link stretches over the whole row (its ::after), so a click anywhere opens the
 * company and middle-click or Ctrl+click still open it in a new tab, as links do.
 */
const CompanyRow = memo(function CompanyRow({ company }: { company: Company }) {
  return (
    <TableRow data-company-id={company.id} className="relative cursor-pointer">
      <TableCell className="max-w-[22rem] min-w-[12rem]">
        <Link
          to={companyPath(company.id)}
          className="line-clamp-2 font-medium break-words underline-offset-4 outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
        >
          {company.name}
        </Link>
        {company.legal_name !== company.name ? (
          <span className="line-clamp-1 text-xs break-words text-muted-foreground">{company.legal_name}</span>
        ) : null}
      </TableCell>
      <TableCell className="font-mono text-xs whitespace-nowrap tabular-nums">
        {company.cnpj ? formatCnpj(company.cnpj) : <span className="text-muted-foreground">—</span>}
      </TableCell>
      <TableCell className="whitespace-nowrap">{COMPANY_KIND_LABELS[company.kind]}</TableCell>
      <TableCell className="whitespace-nowrap">
        <CompanyStatusBadge company={company} />
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {company.account_manager?.name ?? <span className="text-muted-foreground">Sem responsável</span>}
      </TableCell>
      <TableCell className={cn('text-right tabular-nums', company.open_tickets > 0 && 'font-semibold')}>
        {company.open_tickets.toLocaleString('pt-BR')}
      </TableCell>
      <TableCell className="whitespace-nowrap text-muted-foreground tabular-nums">
        <time dateTime={company.created_at}>{formatDate(company.created_at)}</time>
      </TableCell>
    </TableRow>
  );
});

/** The companies as a table whose headers sort through the server (nome, chamados abertos, criada em). */
export function CompanyListTable({ companies, sort, onSort, busy = false }: CompanyListViewProps) {
  return (
    <Table
      label="Lista de empresas"
      aria-busy={companies === undefined || busy}
      className={cn(busy && 'opacity-70 transition-opacity')}
    >
      <TableCaption className="sr-only">Empresas</TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <SortableHead label="Empresa" column="name" sort={sort} onSort={onSort} />
          <TableHead>CNPJ</TableHead>
          <TableHead>Tipo</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Responsável</TableHead>
          <SortableHead
            label="Chamados abertos"
            column="open_tickets"
            sort={sort}
            onSort={onSort}
            className="text-right"
          />
          <SortableHead label="Criada em" column="created_at" sort={sort} onSort={onSort} />
        </TableRow>
      </TableHeader>
      <TableBody>
        {companies === undefined ? (
          <TableLoadingRows columns={COLUMN_COUNT} rows={8} label="Carregando empresas…" />
        ) : (
          companies.map((company) => <CompanyRow key={company.id} company={company} />)
        )}
      </TableBody>
    </Table>
  );
}
