import { isApiError } from '@farol/data';
import {
  REVEAL_LOG_ACTIONS,
  REVEAL_LOG_ACTION_LABELS,
  usePasswordOptions,
  useExportRevealLog,
  useRevealLog,
  type RevealLogAction,
  type RevealLogEntry,
  type RevealLogFilterParams,
} from '@farol/data/passwords';
import {
  Badge,
  Breadcrumbs,
  Button,
  EmptyState,
  Field,
  FieldLabel,
  Input,
  PageHeader,
  Pagination,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableLoadingRows,
  TableRow,
  toast,
} from '@farol/ui';
import { DownloadIcon, EyeIcon, LockIcon, SearchXIcon, ShieldAlertIcon, XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import { renderRouterLink } from '../../../lib/router-link';
import { saveFile } from '../../../lib/save-file';
import { fieldLabel, formatDateTime, passwordPath } from '../shared/password-labels';
import { useUrlFilters } from '../shared/use-url-filters';

const ANY = 'todas';
const PAGE_SIZE = 25;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const numberParam = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
};

const filtersOf = (search: URLSearchParams): RevealLogFilterParams => {
  const action = search.get('acao');
  const from = search.get('de');
  const to = search.get('ate');
  return {
    actor_id: numberParam(search.get('pessoa')),
    item_id: numberParam(search.get('item')),
    company_id: numberParam(search.get('empresa')),
    action: (REVEAL_LOG_ACTIONS as readonly string[]).includes(action ?? '')
      ? (action as RevealLogAction)
      : undefined,
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
  };
};

/**
 * /passwords/reveals: the reveal log of everything the person manages — "quem viu o quê, quando e por quê" —
 * filtered by person, item, company, action and period through the URL, and exported as CSV (audited).
 */
export function RevealLogPage() {
  const { search, update, clear } = useUrlFilters();
  const filters = filtersOf(search);
  const page = numberParam(search.get('pagina')) ?? 1;
  const log = useRevealLog({ ...filters, page, limit: PAGE_SIZE });
  const options = usePasswordOptions();
  const exporting = useExportRevealLog();

  const exportCsv = () =>
    exporting.mutate(filters, {
      onSuccess: (blob) => {
        saveFile(blob, `revelacoes-${new Date().toISOString().slice(0, 10)}.csv`);
        toast.success('Registro exportado em CSV.');
      },
      onError: (error) => toast.error(failureMessage(error, 'Não foi possível exportar o registro.')),
    });

  const forbidden = isApiError(log.error) && log.error.status === 403;
  const data = log.data;
  const filtered = Object.values(filters).some((value) => value !== undefined);
  // The names of the person and item filtered on, from the rows (the log names them).
  const person = filters.actor_id
    ? data?.items.find((entry) => entry.actor?.id === filters.actor_id)?.actor?.name
    : undefined;
  const itemName = filters.item_id
    ? data?.items.find((entry) => entry.item.id === filters.item_id)?.item.name
    : undefined;

  let body: ReactNode;
  if (forbidden) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ShieldAlertIcon />}
        title="Você não tem permissão para ver o registro de revelações"
        description="Só quem gerencia o cofre (Senhas: gerenciar) vê quem revelou o quê."
      />
    );
  } else if (log.isError && !data) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<LockIcon />}
        title="Não foi possível carregar o registro."
        description={failureMessage(log.error, 'Tente novamente em instantes.')}
        action={
          <Button size="sm" variant="secondary" onClick={() => void log.refetch()}>
            Tentar novamente
          </Button>
        }
      />
    );
  } else if (data && data.items.length === 0) {
    body = filtered ? (
      <EmptyState
        border="dashed"
        icon={<SearchXIcon />}
        title="Nenhuma revelação encontrada"
        description="Ninguém revelou, copiou ou pediu código com esses filtros."
        action={
          <Button size="sm" variant="secondary" onClick={() => clear()}>
            Limpar filtros
          </Button>
        }
      />
    ) : (
      <EmptyState
        border="dashed"
        icon={<EyeIcon />}
        title="Ninguém revelou uma senha ainda"
        description="Cada revelação, cópia, código TOTP e quebra-vidro aparece aqui, com quem, quando e por quê."
      />
    );
  } else {
    body = (
      <>
        <Table label="Registro de revelações" aria-busy={!data || log.isPlaceholderData}>
          <TableCaption className="sr-only">Registro de revelações</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Quando</TableHead>
              <TableHead>Pessoa</TableHead>
              <TableHead>Ação</TableHead>
              <TableHead>Item</TableHead>
              <TableHead>Empresa</TableHead>
              <TableHead>Por quê</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data ? (
              data.items.map((entry) => (
                <LogRow key={entry.id} entry={entry} onPerson={(id) => update({ pessoa: String(id) })} />
              ))
            ) : (
              <TableLoadingRows columns={6} rows={6} label="Carregando o registro…" />
            )}
          </TableBody>
        </Table>
        {data && data.total > PAGE_SIZE ? (
          <Pagination
            page={page}
            total={data.total}
            pageSize={PAGE_SIZE}
            getPageHref={(target) => {
              const next = new URLSearchParams(search);
              next.set('pagina', String(target));
              return `?${next.toString()}`;
            }}
            renderLink={renderRouterLink}
          />
        ) : null}
      </>
    );
  }

  const chips = [
    filters.actor_id ? { key: 'pessoa', label: `Pessoa: ${person ?? `#${filters.actor_id}`}` } : null,
    filters.item_id ? { key: 'item', label: `Item: ${itemName ?? `#${filters.item_id}`}` } : null,
  ].filter((chip): chip is { key: string; label: string } => chip !== null);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <Breadcrumbs
        items={[{ label: 'Senhas', href: '/passwords' }, { label: 'Registro de revelações' }]}
        renderLink={renderRouterLink}
      />
      <PageHeader
        title="Registro de revelações"
        description="Quem viu o quê, quando e por quê: cada revelação, cópia, código TOTP e quebra-vidro do cofre."
        actions={
          forbidden ? null : (
            <Button
              variant="outline"
              onClick={exportCsv}
              disabled={exporting.isPending || !data || data.total === 0}
            >
              <DownloadIcon aria-hidden="true" />
              {exporting.isPending ? 'Exportando…' : 'Exportar CSV'}
            </Button>
          )
        }
      />
      {forbidden ? null : (
        <div
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
          role="search"
          aria-label="Filtrar o registro"
        >
          <Field>
            <FieldLabel>Empresa</FieldLabel>
            <Select
              value={filters.company_id ? String(filters.company_id) : ANY}
              onValueChange={(value) => update({ empresa: value === ANY ? null : value })}
            >
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>Todas as empresas</SelectItem>
                {(options.data?.companies ?? []).map((company) => (
                  <SelectItem key={company.id} value={String(company.id)}>
                    {company.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Field>
            <FieldLabel>Ação</FieldLabel>
            <Select
              value={filters.action ?? ANY}
              onValueChange={(value) => update({ acao: value === ANY ? null : value })}
            >
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>Todas as ações</SelectItem>
                {REVEAL_LOG_ACTIONS.map((action) => (
                  <SelectItem key={action} value={action}>
                    {REVEAL_LOG_ACTION_LABELS[action]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Field>
            <FieldLabel>De</FieldLabel>
            <Input
              type="date"
              value={filters.from ?? ''}
              onChange={(event) => update({ de: event.target.value })}
            />
          </Field>
          <Field>
            <FieldLabel>Até</FieldLabel>
            <Input
              type="date"
              value={filters.to ?? ''}
              onChange={(event) => update({ ate: event.target.value })}
            />
          </Field>
        </div>
      )}
      {chips.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Filtros aplicados">
          {chips.map((chip) => (
            <li key={chip.key}>
              <Badge variant="secondary" className="gap-1 pr-1">
                {chip.label}
                <button
                  type="button"
                  className="rounded-sm p-0.5 outline-none hover:bg-background/50 focus-visible:ring-2 focus-visible:ring-ring"
                  aria-label={`Remover filtro ${chip.label}`}
                  onClick={() => update({ [chip.key]: null })}
                >
                  <XIcon className="size-3" aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {data && !forbidden && data.total > 0 ? (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {data.total === 1 ? '1 registro' : `${data.total.toLocaleString('pt-BR')} registros`}
        </p>
      ) : null}
      {body}
    </div>
  );
}

function LogRow({ entry, onPerson }: { entry: RevealLogEntry; onPerson: (id: number) => void }) {
  const action = REVEAL_LOG_ACTION_LABELS[entry.action as RevealLogAction] ?? entry.action;
  return (
    <TableRow data-log-id={entry.id}>
      <TableCell className="whitespace-nowrap">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {entry.actor ? (
          <button
            type="button"
            className="font-medium underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
            onClick={() => onPerson(entry.actor!.id)}
            aria-label={`Ver só as revelações de ${entry.actor.name}`}
          >
            {entry.actor.name}
          </button>
        ) : (
          <span className="text-muted-foreground">Alguém removido</span>
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <Badge variant={entry.break_glass ? 'destructive' : 'outline'}>{action}</Badge>
        {entry.field ? (
          <span className="ml-2 text-xs text-muted-foreground">{fieldLabel(entry.field)}</span>
        ) : null}
      </TableCell>
      <TableCell className="max-w-[18rem] min-w-[10rem]">
        <Link
          to={passwordPath(entry.item.id)}
          className="line-clamp-2 break-words underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
        >
          {entry.item.name}
        </Link>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {entry.company?.name ?? <span className="text-muted-foreground">Interno</span>}
      </TableCell>
      <TableCell className="max-w-[24rem] min-w-[12rem] text-sm">
        {entry.reason ? <span className="line-clamp-3 break-words">{entry.reason}</span> : null}
        {entry.ticket_id ? (
          <Link
            to={`/support/ticket/${entry.ticket_id}`}
            className="block text-xs underline-offset-4 hover:underline"
          >
            Chamado #{entry.ticket_id}
          </Link>
        ) : null}
        {!entry.reason && !entry.ticket_id ? <span className="text-muted-foreground">—</span> : null}
      </TableCell>
    </TableRow>
  );
}
