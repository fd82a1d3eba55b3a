import { COMPANY_KINDS, COMPANY_KIND_LABELS, COMPANY_STATUSES, UFS } from '@farol/data/companies';
import type { CompanyFormOptions } from '@farol/data';
import {
  Checkbox,
  Field,
  FieldLabel,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@farol/ui';
import { SearchIcon } from 'lucide-react';
import { memo, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { CompanyListUrlParams, UpdateCompanyListOptions } from '../shared/use-company-list-params';

/** How long the search box waits after the last key before the list follows. */
export const COMPANY_SEARCH_DEBOUNCE_MS = 300;

/** Radix Select has no empty value: "any" is this word. */
const ANY = 'todos';

const STATUS_FILTER_LABELS = { ativo: 'Ativas', inativo: 'Inativas' } as const;

/**
 * The search box: typed text goes to the URL (`?q=`) 300 ms after the last key, or at once on Enter, and
 * follows the URL when it changes elsewhere ("Limpar filtros"). The server ignores accents and case.
 */
function CompanySearchBox({
  value,
  onSearch,
}: {
  value: string;
  onSearch: (q: string, options?: UpdateCompanyListOptions) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  // What this box last sent: the URL echoing it back must not overwrite keys typed since.
  const sent = useRef(value);
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setDraft(value);
    }
  }, [value]);
  useEffect(() => {
    if (draft.trim() === sent.current.trim()) return;
    const timer = window.setTimeout(() => {
      sent.current = draft.trim();
      search.current(draft.trim(), { replace: true });
    }, COMPANY_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft]);

  return (
    <form
      role="search"
      className="relative w-full min-w-0 lg:w-80"
      onSubmit={(event) => {
        event.preventDefault();
        if (draft.trim() === sent.current.trim()) return;
        sent.current = draft.trim();
        onSearch(draft.trim());
      }}
    >
      <label htmlFor={id} className="sr-only">
        Buscar empresas
      </label>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        value={draft}
        maxLength={100}
        onChange={(event) => setDraft(event.target.value)}
        placeholder="Nome, razão social, CNPJ ou domínio"
        className="pl-9"
      />
    </form>
  );
}

function SelectFilter({
  label,
  value,
  onChange,
  children,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Field className={className}>
      <FieldLabel className="text-xs text-muted-foreground">{label}</FieldLabel>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>{children}</SelectContent>
      </Select>
    </Field>
  );
}

export interface CompanyListFiltersProps {
  params: CompanyListUrlParams;
  update: (changes: Partial<CompanyListUrlParams>, options?: UpdateCompanyListOptions) => void;
  /** The account managers to filter by. */
  options?: CompanyFormOptions;
}

/** Search, tipo, status, UF, responsável ("Minhas empresas" too) or the archived ones only, all in the URL. */
export const CompanyListFilters = memo(function CompanyListFilters({
  params,
  update,
  options,
}: CompanyListFiltersProps) {
  const managers = options?.managers ?? [];
  const manager = params.manager_id;
  // A manager the options do not (yet) list still shows as chosen, by number.
  const managerChoices =
    typeof manager === 'number' && !managers.some((person) => person.id === manager)
      ? [...managers, { id: manager, name: `Responsável nº ${manager}` }]
      : managers;
  return (
    <div className="flex flex-col gap-3 xl:flex-row xl:items-end xl:justify-between">
      <div className="flex min-w-0 items-end sm:max-w-md xl:flex-1">
        <CompanySearchBox value={params.q ?? ''} onSearch={(q, opts) => update({ q }, opts)} />
      </div>
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <SelectFilter
          label="Tipo"
          className="sm:w-36"
          value={params.kind ?? ANY}
          onChange={(value) => update({ kind: value === ANY ? undefined : (value as typeof params.kind) })}
        >
          <SelectItem value={ANY}>Todos</SelectItem>
          {COMPANY_KINDS.map((kind) => (
            <SelectItem key={kind} value={kind}>
              {COMPANY_KIND_LABELS[kind]}
            </SelectItem>
          ))}
        </SelectFilter>
        <SelectFilter
          label="Status"
          className="sm:w-32"
          value={params.status ?? ANY}
          onChange={(value) =>
            update({ status: value === ANY ? undefined : (value as typeof params.status) })
          }
        >
          <SelectItem value={ANY}>Todas</SelectItem>
          {COMPANY_STATUSES.map((status) => (
            <SelectItem key={status} value={status}>
              {STATUS_FILTER_LABELS[status]}
            </SelectItem>
          ))}
        </SelectFilter>
        <SelectFilter
          label="UF"
          className="sm:w-28"
          value={params.uf ?? ANY}
          onChange={(value) => update({ uf: value === ANY ? undefined : (value as typeof params.uf) })}
        >
          <SelectItem value={ANY}>Todas</SelectItem>
          {UFS.map(([code]) => (
            <SelectItem key={code} value={code}>
              {code}
            </SelectItem>
          ))}
        </SelectFilter>
        <SelectFilter
          label="Responsável"
          className="sm:w-44"
          value={manager === undefined ? ANY : String(manager)}
          onChange={(value) =>
            update({ manager_id: value === ANY ? undefined : value === 'me' ? 'me' : Number(value) })
          }
        >
          <SelectItem value={ANY}>Todos</SelectItem>
          <SelectItem value="me">Minhas empresas</SelectItem>
          {managerChoices.map((person) => (
            <SelectItem key={person.id} value={String(person.id)}>
              {person.name}
            </SelectItem>
          ))}
        </SelectFilter>
        <Field orientation="horizontal" className="col-span-2 h-9">
          <Checkbox
            checked={params.archived ?? false}
            onCheckedChange={(checked) => update({ archived: checked === true || undefined })}
          />
          <FieldLabel className="whitespace-nowrap">Somente arquivadas</FieldLabel>
        </Field>
      </div>
    </div>
  );
});
