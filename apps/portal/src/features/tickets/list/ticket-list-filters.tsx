import type { TicketFormOptions, TicketPriority } from '@farol/data';
import { cn } from '@farol/ui';
import { memo, useId, type ReactNode } from 'react';
import { ListSearchBox } from '../../../lib/list-filters';
import type {
  TicketListArea,
  TicketListUrlParams,
  UpdateTicketListOptions,
} from '../shared/use-ticket-list-params';
import { TicketPriorityOptions } from '../shared/ticket-select-options';

const CONTROL =
  'h-9 rounded-md border border-input bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring';

function SelectFilter({
  label,
  value,
  onChange,
  disabled = false,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className={cn(CONTROL, 'disabled:cursor-not-allowed disabled:opacity-60')}
      >
        {children}
      </select>
    </div>
  );
}

/** A selected id the options do not (yet) list still shows as selected, by its number. */
function withSelected<T extends { id: number; name: string }>(
  items: readonly T[],
  selected: number | undefined,
  fallback: (id: number) => string,
): { id: number; name: string }[] {
  if (selected === undefined || items.some((item) => item.id === selected)) return [...items];
  return [...items, { id: selected, name: fallback(selected) }];
}

export interface TicketListFiltersProps {
  area: TicketListArea;
  params: TicketListUrlParams;
  update: (changes: Partial<TicketListUrlParams>, options?: UpdateTicketListOptions) => void;
  /** Staff only: the assignees and companies to filter by. */
  options?: TicketFormOptions;
}

/**
 * Search for everyone; priority for everyone; responsável, empresa, filial (one of the chosen company's) and
 * "Somente atrasados" for staff. Another company clears the filial.
 */
export const TicketListFilters = memo(function TicketListFilters({
  area,
  params,
  update,
  options,
}: TicketListFiltersProps) {
  const overdueId = useId();
  const assignees = withSelected(
    options?.assignees ?? [],
    typeof params.assignee_id === 'number' ? params.assignee_id : undefined,
    (id) => `Responsável nº ${id}`,
  );
  const companies = withSelected(options?.companies ?? [], params.company_id, (id) => `Empresa nº ${id}`);
  const company = options?.companies.find((item) => item.id === params.company_id);
  const branches = withSelected(company?.branches ?? [], params.branch_id, (id) => `Filial nº ${id}`);
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
      <div className="flex min-w-0 items-end sm:max-w-md lg:flex-1">
        <ListSearchBox
          label="Buscar chamados"
          placeholder="Número, assunto ou descrição"
          maxLength={200}
          value={params.q ?? ''}
          onSearch={(q, opts) => update({ q }, opts)}
        />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <SelectFilter
          label="Prioridade"
          value={params.priority ?? ''}
          onChange={(value) => update({ priority: (value || undefined) as TicketPriority | undefined })}
        >
          <option value="">Todas</option>
          <TicketPriorityOptions />
        </SelectFilter>
        {area === 'staff' ? (
          <>
            <SelectFilter
              label="Responsável"
              value={params.assignee_id === undefined ? '' : String(params.assignee_id)}
              onChange={(value) =>
                update({
                  assignee_id: value === 'me' || value === 'none' ? value : value ? Number(value) : undefined,
                })
              }
            >
              <option value="">Todos</option>
              <option value="me">Meus chamados</option>
              <option value="none">Sem responsável</option>
              {assignees.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </SelectFilter>
            <SelectFilter
              label="Empresa"
              value={params.company_id === undefined ? '' : String(params.company_id)}
              onChange={(value) =>
                update({ company_id: value ? Number(value) : undefined, branch_id: undefined })
              }
            >
              <option value="">Todas</option>
              {companies.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </SelectFilter>
            <SelectFilter
              label="Filial"
              value={params.branch_id === undefined ? '' : String(params.branch_id)}
              onChange={(value) => update({ branch_id: value ? Number(value) : undefined })}
              disabled={branches.length === 0}
            >
              <option value="">
                {params.company_id === undefined
                  ? 'Escolha a empresa'
                  : branches.length === 0
                    ? 'Sem filiais'
                    : 'Todas'}
              </option>
              {branches.map((branch) => (
                <option key={branch.id} value={branch.id}>
                  {branch.name}
                </option>
              ))}
            </SelectFilter>
            <div className="flex h-9 items-center gap-2">
              <input
                id={overdueId}
                type="checkbox"
                checked={params.overdue ?? false}
                onChange={(event) => update({ overdue: event.target.checked || undefined })}
                className="size-4 accent-primary"
              />
              <label htmlFor={overdueId} className="text-sm whitespace-nowrap">
                Somente atrasados
              </label>
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
});
