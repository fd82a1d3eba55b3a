import { type TicketDetail, type TicketPriority, type TicketStatus, useSession } from '@farol/data';
import {
  TICKET_CATEGORIES,
  TICKET_TRANSITIONS,
  type TicketChanges,
  useTicketChanges,
  useTicketOptions,
} from '@farol/data/tickets';
import { Button, toast } from '@farol/ui';
import { UserCheckIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from '../shared/ticket-labels';
import { FIELD_CONTROL_CLASS } from '../shared/ticket-field';
import { TicketPriorityOptions, TicketStatusOptions } from '../shared/ticket-select-options';
import { failureMessage } from '../../../lib/form-errors';

/** The current status first, then only the statuses the server accepts from it. */
export const statusChoices = (current: TicketStatus): TicketStatus[] => [
  current,
  ...TICKET_TRANSITIONS[current],
];

const UNASSIGNED = '';
const NO_BRANCH = '';

/**
 * Staff controls: status (allowed next statuses only), priority, assignee ('Atribuir a mim' included), the
 * filial (one of the ticket's company's branches) and category. Each change shows at once and is rolled back, with the server's message, when refused.
 */
export function TicketControls({ ticket }: { ticket: TicketDetail }) {
  const id = useId();
  const { user } = useSession();
  const options = useTicketOptions();
  const changes = useTicketChanges(ticket.id);
  const [failure, setFailure] = useState<string | null>(null);
  const apply = (change: TicketChanges, done: string) => {
    setFailure(null);
    changes.mutate(change, {
      onSuccess: () => toast.success(done, { id: `ticket-${ticket.id}-saved` }),
      onError: (error) => setFailure(failureMessage(error, 'Não foi possível salvar a alteração.')),
    });
  };

  const assignees = options.data?.assignees ?? [];
  // The current assignee stays listed even if the options do not (yet) include them.
  const people =
    ticket.assignee && !assignees.some((person) => person.id === ticket.assignee?.id)
      ? [ticket.assignee, ...assignees]
      : assignees;
  const companyBranches =
    options.data?.companies.find((company) => company.id === ticket.company_id)?.branches ?? [];
  // The current branch stays listed even if the options do not (yet) include it.
  const branches =
    ticket.branch_id !== null && !companyBranches.some((branch) => branch.id === ticket.branch_id)
      ? [{ id: ticket.branch_id, name: `Filial nº ${ticket.branch_id}` }, ...companyBranches]
      : companyBranches;
  const meId = user && Number.isSafeInteger(Number(user.id)) ? Number(user.id) : null;
  const assignedToMe = meId !== null && ticket.assignee?.id === meId;

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4 rounded-lg border bg-card p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="font-semibold">
          Atendimento
        </h2>
        <p aria-live="polite" className="text-xs text-muted-foreground">
          {changes.isPending ? 'Salvando…' : ''}
        </p>
      </div>
      {failure ? (
        <p role="alert" className="rounded-md border border-destructive px-3 py-2 text-sm text-destructive">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-status`} className="text-sm font-medium">
          Status
        </label>
        <select
          id={`${id}-status`}
          value={ticket.status}
          onChange={(event) => {
            const status = event.target.value as TicketStatus;
            apply({ status }, `Status: ${TICKET_STATUS_LABELS[status]}.`);
          }}
          className={`${FIELD_CONTROL_CLASS} h-10`}
        >
          <TicketStatusOptions statuses={statusChoices(ticket.status)} />
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-priority`} className="text-sm font-medium">
          Prioridade
        </label>
        <select
          id={`${id}-priority`}
          value={ticket.priority}
          onChange={(event) => {
            const priority = event.target.value as TicketPriority;
            apply({ priority }, `Prioridade: ${TICKET_PRIORITY_LABELS[priority]}.`);
          }}
          className={`${FIELD_CONTROL_CLASS} h-10`}
        >
          <TicketPriorityOptions />
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-assignee`} className="text-sm font-medium">
          Responsável
        </label>
        <select
          id={`${id}-assignee`}
          value={ticket.assignee ? String(ticket.assignee.id) : UNASSIGNED}
          onChange={(event) => {
            const value = event.target.value;
            const person = people.find((item) => String(item.id) === value);
            apply(
              { assignee_id: value === UNASSIGNED ? null : Number(value) },
              person ? `Responsável: ${person.name}.` : 'Sem responsável.',
            );
          }}
          disabled={options.isPending && !ticket.assignee}
          className={`${FIELD_CONTROL_CLASS} h-10`}
        >
          <option value={UNASSIGNED}>Sem responsável</option>
          {people.map((person) => (
            <option key={person.id} value={String(person.id)}>
              {person.name}
            </option>
          ))}
        </select>
        {meId !== null && !assignedToMe ? (
          <Button
            size="sm"
            variant="outline"
            className="w-fit"
            onClick={() => apply({ assignee_id: meId }, 'Chamado atribuído a você.')}
          >
            <UserCheckIcon aria-hidden="true" />
            Atribuir a mim
          </Button>
        ) : null}
        {options.isError ? (
          <p className="text-xs text-destructive">Não foi possível carregar a lista de responsáveis.</p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-branch`} className="text-sm font-medium">
          Filial
        </label>
        <select
          id={`${id}-branch`}
          value={ticket.branch_id === null ? NO_BRANCH : String(ticket.branch_id)}
          onChange={(event) => {
            const value = event.target.value;
            const branch = branches.find((item) => String(item.id) === value);
            apply(
              { branch_id: value === NO_BRANCH ? null : Number(value) },
              branch ? `Filial: ${branch.name}.` : 'Filial removida.',
            );
          }}
          disabled={branches.length === 0}
          className={`${FIELD_CONTROL_CLASS} h-10`}
        >
          <option value={NO_BRANCH}>
            {options.isPending && ticket.branch_id === null
              ? 'Carregando filiais…'
              : branches.length === 0
                ? 'A empresa não tem filiais'
                : 'Nenhuma'}
          </option>
          {branches.map((branch) => (
            <option key={branch.id} value={String(branch.id)}>
              {branch.name}
            </option>
          ))}
        </select>
      </div>
      <CategoryControl
        key={ticket.category ?? ''}
        category={ticket.category}
        suggestions={options.data?.categories}
        onSave={(category) =>
          apply({ category }, category ? `Categoria: ${category}.` : 'Categoria removida.')
        }
      />
    </section>
  );
}

/** Free text with suggestions, saved on 'Salvar' or Enter; blank clears it. */
function CategoryControl({
  category,
  suggestions,
  onSave,
}: {
  category: string | null;
  suggestions: readonly string[] | undefined;
  onSave: (category: string | null) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(category ?? '');
  const next = value.trim() || null;
  const dirty = next !== category;
  const list = [...new Set([...(suggestions ?? []), ...TICKET_CATEGORIES])];

  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (dirty) onSave(next);
      }}
    >
      <label htmlFor={`${id}-category`} className="text-sm font-medium">
        Categoria
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-category`}
          list={`${id}-suggestions`}
          value={value}
          maxLength={100}
          autoComplete="off"
          placeholder="Sem categoria"
          onChange={(event) => setValue(event.target.value)}
          className={`${FIELD_CONTROL_CLASS} h-9 min-w-0 flex-1`}
        />
        <datalist id={`${id}-suggestions`}>
          {list.map((item) => (
            <option key={item} value={item} />
          ))}
        </datalist>
        <Button type="submit" size="sm" variant="secondary" className="h-9" disabled={!dirty}>
          Salvar
        </Button>
      </div>
    </form>
  );
}
