import type { UserDirectoryOptions } from '@farol/data';
import { USER_PRESENCE_LABELS, USER_PRESENCE_STATUSES } from '@farol/data/users';
import {
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
import { roleName } from '../shared/person-format';
import type { DirectoryUrlParams, UpdateDirectoryOptions } from '../shared/use-directory-params';

/** How long the search box waits after the last key before the list follows. */
export const DIRECTORY_SEARCH_DEBOUNCE_MS = 300;

/** Radix Select has no empty value: "any" is this word. */
const ANY = 'todos';

/**
 * The search box: typed text goes to the URL (`?q=`) 300 ms after the last key, or at once on Enter, and follows
 * the URL when it changes elsewhere ("Limpar filtros"). The server ignores accents and case.
 */
function DirectorySearchBox({
  value,
  onSearch,
}: {
  value: string;
  onSearch: (q: string, options?: UpdateDirectoryOptions) => void;
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
    }, DIRECTORY_SEARCH_DEBOUNCE_MS);
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
        Buscar usuários
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
        placeholder="Nome, e-mail ou telefone"
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

export interface DirectoryFiltersProps {
  params: DirectoryUrlParams;
  update: (changes: Partial<DirectoryUrlParams>, options?: UpdateDirectoryOptions) => void;
  options?: UserDirectoryOptions;
}

/** Search, empresa (or the team: "Equipe interna"), função and status, all in the URL. */
export const DirectoryFilters = memo(function DirectoryFilters({
  params,
  update,
  options,
}: DirectoryFiltersProps) {
  const companies = options?.companies ?? [];
  const company = params.company_id;
  // A company or role the options do not (yet) list still shows as chosen.
  const companyChoices =
    typeof company === 'number' && !companies.some((item) => item.id === company)
      ? [...companies, { id: company, name: `Empresa nº ${company}` }]
      : companies;
  const roles = options?.roles ?? [];
  const roleChoices = params.role && !roles.includes(params.role) ? [...roles, params.role] : roles;
  return (
    <div className="flex flex-col gap-3 xl:flex-row xl:items-end xl:justify-between">
      <div className="flex min-w-0 items-end sm:max-w-md xl:flex-1">
        <DirectorySearchBox value={params.q ?? ''} onSearch={(q, opts) => update({ q }, opts)} />
      </div>
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <SelectFilter
          label="Empresa"
          className="col-span-2 sm:w-56"
          value={company === undefined ? ANY : String(company)}
          onChange={(value) =>
            update({ company_id: value === ANY ? undefined : value === 'none' ? 'none' : Number(value) })
          }
        >
          <SelectItem value={ANY}>Todas</SelectItem>
          <SelectItem value="none">Equipe interna</SelectItem>
          {companyChoices.map((item) => (
            <SelectItem key={item.id} value={String(item.id)}>
              {item.name}
            </SelectItem>
          ))}
        </SelectFilter>
        <SelectFilter
          label="Função"
          className="sm:w-40"
          value={params.role ?? ANY}
          onChange={(value) => update({ role: value === ANY ? undefined : value })}
        >
          <SelectItem value={ANY}>Todas</SelectItem>
          {roleChoices.map((role) => (
            <SelectItem key={role} value={role}>
              {roleName(role)}
            </SelectItem>
          ))}
        </SelectFilter>
        <SelectFilter
          label="Status"
          className="sm:w-36"
          value={params.status ?? ANY}
          onChange={(value) =>
            update({ status: value === ANY ? undefined : (value as DirectoryUrlParams['status']) })
          }
        >
          <SelectItem value={ANY}>Todos</SelectItem>
          {USER_PRESENCE_STATUSES.map((status) => (
            <SelectItem key={status} value={status}>
              {USER_PRESENCE_LABELS[status]}
            </SelectItem>
          ))}
        </SelectFilter>
      </div>
    </div>
  );
});
