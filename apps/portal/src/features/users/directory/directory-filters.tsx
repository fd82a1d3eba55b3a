import type { UserDirectoryOptions } from '@farol/data';
import { USER_PRESENCE_LABELS, USER_PRESENCE_STATUSES } from '@farol/data/users';
import { SelectItem } from '@farol/ui';
import { memo } from 'react';
import { ANY_FILTER as ANY, FilterSelect, ListSearchBox } from '../../../lib/list-filters';
import { roleName } from '../shared/person-format';
import type { DirectoryUrlParams, UpdateDirectoryOptions } from '../shared/use-directory-params';

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
        <ListSearchBox
          label="Buscar usuários"
          placeholder="Nome, e-mail ou telefone"
          value={params.q ?? ''}
          onSearch={(q, opts) => update({ q }, opts)}
        />
      </div>
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <FilterSelect
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
        </FilterSelect>
        <FilterSelect
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
        </FilterSelect>
        <FilterSelect
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
        </FilterSelect>
      </div>
    </div>
  );
});
