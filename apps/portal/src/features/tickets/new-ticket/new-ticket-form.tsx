import type { Ticket, TicketPriority } from '@farol/data';
import { TICKET_CATEGORIES, useCreateTicket, useTicketOptions } from '@farol/data/tickets';
import { Button } from '@farol/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { TicketAttachmentInput } from '../shared/ticket-attachment-input';
import { FIELD_CONTROL_CLASS, TicketField, describedBy } from '../shared/ticket-field';
import { failureMessage, serverFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import {
  EMPTY_NEW_TICKET,
  NEW_TICKET_FIELDS as FIELDS,
  validateNewTicket,
  type NewTicketField as Field,
  type NewTicketValues as Values,
} from './new-ticket-validation';
import { TicketPriorityOptions } from '../shared/ticket-select-options';
import { FormFooter } from '../../../lib/form-footer';

const VALUE_FIELD: Record<keyof Values, Field> = {
  subject: 'subject',
  description: 'description',
  priority: 'priority',
  category: 'category',
  companyId: 'company_id',
  branchId: 'branch_id',
  files: 'files',
};

export interface NewTicketFormProps {
  area: 'staff' | 'client';
  onCreated: (ticket: Ticket) => void;
  onCancel?: () => void;
}

/**
 * Assunto, descrição, prioridade, categoria and files; staff also pick the company (and optionally the
 * branch) the chamado is for. Errors show under their fields, the first invalid field gets the focus, and the
 * server's 400 details land on the same fields.
 */
export function NewTicketForm({ area, onCreated, onCancel }: NewTicketFormProps) {
  const id = useId();
  const create = useCreateTicket();
  const [values, setValues] = useState<Values>(EMPTY_NEW_TICKET);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [focusField, setFocusField] = useState<Field | null>(null);
  const controls = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  const fieldId = (field: Field) => `${id}-${field}`;

  // The dialog opens on its close button while this chunk loads; start where the person types instead.
  useEffect(() => {
    const first = [controls.current.company_id, controls.current.subject].find(
      (element) => element && !(element as HTMLInputElement).disabled,
    );
    first?.focus();
  }, []);

  // After the errors render, so the control's aria-describedby already names its error when focus lands.
  useEffect(() => {
    if (!focusField) return;
    controls.current[focusField]?.focus();
    setFocusField(null);
  }, [focusField]);

  const showErrors = (next: FieldErrors<Field>) => {
    setErrors(next);
    const first = FIELDS.find((field) => next[field]);
    if (first) setFocusField(first);
  };

  /** A changed field loses its error: the person is fixing it. */
  const clearError = (field: Field) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    clearError(VALUE_FIELD[key]);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    setFailure(null);
    const checked = validateNewTicket(values, area);
    if (checked.errors) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.ticket, {
      onSuccess: (ticket) => onCreated(ticket),
      onError: (error) => {
        const server = serverFieldErrors(error, FIELDS);
        showErrors(server.fields);
        const fieldCount = Object.keys(server.fields).length;
        setFailure(
          fieldCount > 0 && server.other.length === 0
            ? 'Corrija os campos destacados.'
            : [failureMessage(error, 'Não foi possível abrir o chamado.'), ...server.other].join(' '),
        );
      },
    });
  };

  const control = (field: Field): ControlProps => ({
    id: fieldId(field),
    ref: (element: HTMLElement | null) => {
      controls.current[field] = element;
    },
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(fieldId(field), { error: errors[field] }),
  });

  const pending = create.isPending;
  const categoryList = `${id}-categories`;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Novo chamado">
      {area === 'staff' ? (
        <CompanyFields
          companyId={values.companyId}
          branchId={values.branchId}
          onCompanyChange={(companyId) => {
            setValues((current) => ({ ...current, companyId, branchId: '' }));
            clearError('company_id');
            clearError('branch_id');
          }}
          onBranchChange={(branchId) => set('branchId', branchId)}
          errors={errors}
          companyControl={control('company_id')}
          branchControl={control('branch_id')}
          disabled={pending}
        />
      ) : null}
      <TicketField id={fieldId('subject')} label="Assunto" required error={errors.subject}>
        <input
          {...control('subject')}
          name="subject"
          required
          maxLength={200}
          autoComplete="off"
          value={values.subject}
          onChange={(event) => set('subject', event.target.value)}
          disabled={pending}
          placeholder="Resumo do problema"
          className={`${FIELD_CONTROL_CLASS} h-10`}
        />
      </TicketField>
      <TicketField id={fieldId('description')} label="Descrição" required error={errors.description}>
        <textarea
          {...control('description')}
          name="description"
          required
          rows={5}
          maxLength={10_000}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
          disabled={pending}
          placeholder="O que aconteceu, desde quando, quem é afetado…"
          className={`${FIELD_CONTROL_CLASS} min-h-28 resize-y py-2`}
        />
      </TicketField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TicketField id={fieldId('priority')} label="Prioridade" error={errors.priority}>
          <select
            {...control('priority')}
            name="priority"
            value={values.priority}
            onChange={(event) => set('priority', event.target.value as TicketPriority)}
            disabled={pending}
            className={`${FIELD_CONTROL_CLASS} h-10`}
          >
            <TicketPriorityOptions />
          </select>
        </TicketField>
        <TicketField id={fieldId('category')} label="Categoria" error={errors.category}>
          <input
            {...control('category')}
            name="category"
            list={categoryList}
            maxLength={100}
            autoComplete="off"
            value={values.category}
            onChange={(event) => set('category', event.target.value)}
            disabled={pending}
            placeholder="Ex.: Rede, Impressora"
            className={`${FIELD_CONTROL_CLASS} h-10`}
          />
          <datalist id={categoryList}>
            {TICKET_CATEGORIES.map((category) => (
              <option key={category} value={category} />
            ))}
          </datalist>
        </TicketField>
      </div>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Anexos</legend>
        <TicketAttachmentInput
          ref={(element) => {
            controls.current.files = element;
          }}
          files={values.files}
          onFilesChange={(files) => set('files', files)}
          error={errors.files}
          disabled={pending}
        />
      </fieldset>
      <FormFooter
        failure={failure}
        pending={pending}
        onCancel={onCancel}
        submitLabel="Abrir chamado"
        pendingLabel="Abrindo chamado…"
      />
    </form>
  );
}

interface ControlProps {
  id: string;
  ref: (element: HTMLElement | null) => void;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

interface CompanyFieldsProps {
  companyId: string;
  branchId: string;
  onCompanyChange: (companyId: string) => void;
  onBranchChange: (branchId: string) => void;
  errors: FieldErrors<Field>;
  companyControl: ControlProps;
  branchControl: ControlProps;
  disabled: boolean;
}

/** Staff only: the company the chamado is for and, optionally, one of its branches (GET /api/tickets/options). */
function CompanyFields({
  companyId,
  branchId,
  onCompanyChange,
  onBranchChange,
  errors,
  companyControl,
  branchControl,
  disabled,
}: CompanyFieldsProps) {
  const options = useTicketOptions();
  const companies = options.data?.companies ?? [];
  const branches = companies.find((company) => String(company.id) === companyId)?.branches ?? [];
  const { ref: companyRef, ...companyAttributes } = companyControl;
  const { ref: branchRef, ...branchAttributes } = branchControl;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TicketField id={companyControl.id} label="Empresa" required error={errors.company_id}>
        <select
          {...companyAttributes}
          ref={companyRef}
          name="company_id"
          required
          value={companyId}
          onChange={(event) => onCompanyChange(event.target.value)}
          disabled={disabled || options.isPending}
          className={`${FIELD_CONTROL_CLASS} h-10`}
        >
          <option value="">{options.isPending ? 'Carregando empresas…' : 'Selecione a empresa'}</option>
          {companies.map((company) => (
            <option key={company.id} value={String(company.id)}>
              {company.name}
            </option>
          ))}
        </select>
        {options.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
            Não foi possível carregar as empresas.
            <Button size="sm" variant="outline" onClick={() => void options.refetch()}>
              Tentar novamente
            </Button>
          </p>
        ) : null}
      </TicketField>
      <TicketField id={branchControl.id} label="Filial" error={errors.branch_id}>
        <select
          {...branchAttributes}
          ref={branchRef}
          name="branch_id"
          value={branchId}
          onChange={(event) => onBranchChange(event.target.value)}
          disabled={disabled || branches.length === 0}
          className={`${FIELD_CONTROL_CLASS} h-10`}
        >
          <option value="">
            {companyId && branches.length === 0 ? 'Sem filiais' : 'Nenhuma (opcional)'}
          </option>
          {branches.map((branch) => (
            <option key={branch.id} value={String(branch.id)}>
              {branch.name}
            </option>
          ))}
        </select>
      </TicketField>
    </div>
  );
}
