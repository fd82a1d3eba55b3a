import { COMPANY_KINDS, COMPANY_KIND_LABELS, COMPANY_STATUSES, UFS } from '@farol/data/companies';
import type { CompanyFormOptions } from '@farol/data';
import { Checkbox, Field, FieldLabel, SelectItem } from '@farol/ui';
import { memo } from 'react';
import { ANY_FILTER as ANY, FilterSelect, ListSearchBox } from '../../../lib/list-filters';
import type { CompanyListUrlParams, UpdateCompanyListOptions } from '../shared/use-company-list-params';

const STATUS_FILTER_LABELS = { ativo: 'Ativas', inativo: 'Inativas' } as const;

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
        <ListSearchBox
          label="Buscar empresas"
          placeholder="Nome, razão social, CNPJ ou domínio"
          value={params.q ?? ''}
          onSearch={(q, opts) => update({ q }, opts)}
        />
      </div>
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <FilterSelect
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
        </FilterSelect>
        <FilterSelect
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
        </FilterSelect>
        <FilterSelect
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
        </FilterSelect>
        <FilterSelect
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
        </FilterSelect>
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
