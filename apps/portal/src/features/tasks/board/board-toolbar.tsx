import type { TaskBoardView } from '@farol/data';
import {
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_SWIMLANES,
  TASK_SWIMLANE_LABELS,
  hasBoardFilters,
  type TaskBoardFilters,
  type TaskSwimlane,
} from '@farol/data/tasks';
import {
  Button,
  Field,
  FieldLabel,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  cn,
} from '@farol/ui';
import { CalendarDaysIcon, KanbanSquareIcon, ListIcon, SearchIcon } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { BoardUrlChange, BoardViewMode } from '../shared/use-board-params';

const ALL = 'todos';

const DUE_LABELS = {
  atrasadas: 'Atrasadas',
  hoje: 'Para hoje',
  semana: 'Esta semana',
  sem_data: 'Sem prazo',
} as const;

function SelectFilter({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field className="min-w-36 flex-1 sm:flex-none">
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

function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  // The board filters on its own data: the URL follows the typing (replacing the entry), no request waits.
  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => onSearch(draft.trim()), 200);
    return () => clearTimeout(timer);
  }, [draft, value, onSearch]);
  return (
    <form
      role="search"
      className="relative w-full min-w-0 sm:w-64"
      onSubmit={(event) => event.preventDefault()}
    >
      <label htmlFor={id} className="sr-only">
        Buscar tarefas
      </label>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        value={draft}
        maxLength={200}
        onChange={(event) => setDraft(event.target.value)}
        placeholder="Título ou #número"
        className="pl-9"
      />
    </form>
  );
}

const VIEWS: { id: BoardViewMode; label: string; icon: typeof ListIcon }[] = [
  { id: 'quadro', label: 'Quadro', icon: KanbanSquareIcon },
  { id: 'lista', label: 'Lista', icon: ListIcon },
  { id: 'calendario', label: 'Calendário', icon: CalendarDaysIcon },
];

export interface BoardToolbarProps {
  view: TaskBoardView;
  filters: TaskBoardFilters;
  mode: BoardViewMode;
  lanes: TaskSwimlane;
  update: (change: BoardUrlChange, options?: { replace?: boolean }) => void;
  clearFilters: () => void;
}

/** The board's filters (kept in the URL), its swimlanes and the Quadro / Lista / Calendário switch. */
export function BoardToolbar({ view, filters, mode, lanes, update, clearFilters }: BoardToolbarProps) {
  const assignee =
    filters.assignee === undefined ? ALL : filters.assignee === 'none' ? 'nenhum' : String(filters.assignee);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          value={filters.q ?? ''}
          onSearch={(q) => update({ filters: { q: q || undefined } }, { replace: true })}
        />
        <SelectFilter
          label="Responsável"
          value={assignee}
          onChange={(value) =>
            update({
              filters: {
                assignee:
                  value === ALL
                    ? undefined
                    : value === 'nenhum'
                      ? 'none'
                      : value === 'me'
                        ? 'me'
                        : Number(value),
              },
            })
          }
        >
          <SelectItem value={ALL}>Todos</SelectItem>
          <SelectItem value="me">Minhas tarefas</SelectItem>
          <SelectItem value="nenhum">Sem responsável</SelectItem>
          {view.members.map((person) => (
            <SelectItem key={person.id} value={String(person.id)}>
              {person.name}
            </SelectItem>
          ))}
        </SelectFilter>
        <SelectFilter
          label="Etiqueta"
          value={filters.label ? String(filters.label) : ALL}
          onChange={(value) => update({ filters: { label: value === ALL ? undefined : Number(value) } })}
        >
          <SelectItem value={ALL}>Todas</SelectItem>
          {view.labels.map((label) => (
            <SelectItem key={label.id} value={String(label.id)}>
              {label.name}
            </SelectItem>
          ))}
        </SelectFilter>
        <SelectFilter
          label="Prioridade"
          value={filters.priority ?? ALL}
          onChange={(value) =>
            update({
              filters: { priority: value === ALL ? undefined : (value as TaskBoardFilters['priority']) },
            })
          }
        >
          <SelectItem value={ALL}>Todas</SelectItem>
          {TASK_PRIORITIES.map((priority) => (
            <SelectItem key={priority} value={priority}>
              {TASK_PRIORITY_LABELS[priority]}
            </SelectItem>
          ))}
        </SelectFilter>
        <SelectFilter
          label="Prazo"
          value={filters.due ?? ALL}
          onChange={(value) =>
            update({ filters: { due: value === ALL ? undefined : (value as TaskBoardFilters['due']) } })
          }
        >
          <SelectItem value={ALL}>Qualquer</SelectItem>
          {Object.entries(DUE_LABELS).map(([key, label]) => (
            <SelectItem key={key} value={key}>
              {label}
            </SelectItem>
          ))}
        </SelectFilter>
        {hasBoardFilters(filters) ? (
          <Button variant="ghost" size="sm" onClick={clearFilters}>
            Limpar filtros
          </Button>
        ) : null}
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div role="group" aria-label="Visualização" className="inline-flex rounded-md border bg-card p-0.5">
          {VIEWS.map(({ id, label, icon: Icon }) => (
            <button
              key={id}
              type="button"
              aria-pressed={mode === id}
              onClick={() => update({ view: id })}
              className={cn(
                'inline-flex items-center gap-1.5 rounded px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
                mode === id
                  ? 'bg-primary text-primary-foreground'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </button>
          ))}
        </div>
        {mode === 'quadro' ? (
          <SelectFilter
            label="Raias"
            value={lanes}
            onChange={(value) => update({ lanes: value as TaskSwimlane })}
          >
            {TASK_SWIMLANES.map((key) => (
              <SelectItem key={key} value={key}>
                {TASK_SWIMLANE_LABELS[key]}
              </SelectItem>
            ))}
          </SelectFilter>
        ) : null}
      </div>
    </div>
  );
}
