import { createTicketSchema } from '@farol/data/contract';
import type { TicketPriority } from '@farol/data';
import type { NewTicket } from '@farol/data/tickets';
import { fieldErrorsFromIssues, type FieldErrors } from '../../../lib/form-errors';

/** The form's fields in screen order: the first one with an error gets the focus. */
export const NEW_TICKET_FIELDS = [
  'company_id',
  'branch_id',
  'subject',
  'description',
  'priority',
  'category',
  'files',
] as const;
export type NewTicketField = (typeof NEW_TICKET_FIELDS)[number];

export const SELECT_COMPANY_MESSAGE = 'Selecione a empresa';

export interface NewTicketValues {
  subject: string;
  description: string;
  priority: TicketPriority;
  category: string;
  companyId: string;
  branchId: string;
  files: File[];
}

export const EMPTY_NEW_TICKET: NewTicketValues = {
  subject: '',
  description: '',
  priority: 'média',
  category: '',
  companyId: '',
  branchId: '',
  files: [],
};

/**
 * The create body the form's values make, or the errors to show: the contract's createTicketSchema (one
 * source of the rules and their Portuguese messages) and, for staff, a company.
 */
export function validateNewTicket(
  values: NewTicketValues,
  area: 'staff' | 'client',
): { ticket: NewTicket; errors?: undefined } | { ticket?: undefined; errors: FieldErrors<NewTicketField> } {
  const body = {
    subject: values.subject,
    description: values.description,
    priority: values.priority,
    ...(values.category.trim() ? { category: values.category } : {}),
    ...(area === 'staff' && values.companyId ? { company_id: Number(values.companyId) } : {}),
    ...(area === 'staff' && values.branchId ? { branch_id: Number(values.branchId) } : {}),
  };
  const result = createTicketSchema.safeParse(body);
  const errors: FieldErrors<NewTicketField> = result.success
    ? {}
    : fieldErrorsFromIssues(result.error.issues, NEW_TICKET_FIELDS);
  if (area === 'staff' && !values.companyId) errors.company_id = SELECT_COMPANY_MESSAGE;
  if (!result.success || Object.keys(errors).length > 0) return { errors };
  const { data } = result;
  return {
    ticket: {
      subject: data.subject,
      description: data.description,
      priority: data.priority,
      ...(data.category ? { category: data.category } : {}),
      ...(data.company_id ? { company_id: data.company_id } : {}),
      ...(data.branch_id ? { branch_id: data.branch_id } : {}),
      files: values.files,
    },
  };
}
