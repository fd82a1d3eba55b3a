import type { AuditEvent } from '@farol/data';
import {
  COMPANY_KIND_LABELS,
  COMPANY_STATUS_LABELS,
  formatCep,
  formatCnpj,
  formatPhone,
  type CompanyKind,
  type CompanyStatus,
} from '@farol/data/companies';

/** What happened, as a sentence after the person's name ("alterou a empresa"). */
const ACTIONS: Record<string, (subject: string | null) => string> = {
  created: () => 'cadastrou a empresa',
  updated: () => 'alterou a empresa',
  deleted: () => 'excluiu a empresa',
  archived: () => 'arquivou a empresa',
  unarchived: () => 'reativou a empresa',
  logo_updated: () => 'trocou o logotipo',
  logo_removed: () => 'removeu o logotipo',
  imported: () => 'importou a empresa por CSV',
  branch_created: (name) => (name ? `cadastrou a filial ${name}` : 'cadastrou uma filial'),
  branch_updated: (name) => (name ? `alterou a filial ${name}` : 'alterou uma filial'),
  branch_deleted: (name) => (name ? `excluiu a filial ${name}` : 'excluiu uma filial'),
  contact_created: (name) => (name ? `cadastrou o contato ${name}` : 'cadastrou um contato'),
  contact_updated: (name) => (name ? `alterou o contato ${name}` : 'alterou um contato'),
  contact_deleted: (name) => (name ? `excluiu o contato ${name}` : 'excluiu um contato'),
  contact_imported: (name) => (name ? `importou o contato ${name} por CSV` : 'importou um contato por CSV'),
};

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** The sentence for an event: "alterou a filial Filial Campinas"; an unknown action reads as its name. */
export function activitySentence(event: Pick<AuditEvent, 'action' | 'details'>): string {
  const { details } = event;
  // The server names the branch or contact `name`; older entries used `branch` / `contact`.
  const subject = text(details.name) ?? text(details.branch) ?? text(details.contact);
  const describe = ACTIONS[event.action];
  return describe ? describe(subject) : `registrou “${event.action}”`;
}

/** Field names of companies, branches and contacts as people read them. */
export const FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  legal_name: 'Razão social',
  cnpj: 'CNPJ',
  state_registration: 'Inscrição estadual',
  municipal_registration: 'Inscrição municipal',
  kind: 'Tipo',
  segment: 'Segmento',
  website: 'Site',
  email_domains: 'Domínios de e-mail',
  phone: 'Telefone',
  mobile: 'Celular',
  account_manager_id: 'Responsável',
  parent_id: 'Grupo econômico',
  notes: 'Observações',
  status: 'Status',
  archived_at: 'Arquivada em',
  cep: 'CEP',
  street: 'Logradouro',
  number: 'Número',
  complement: 'Complemento',
  district: 'Bairro',
  city: 'Cidade',
  uf: 'UF',
  opening_hours: 'Horário de atendimento',
  head_office: 'Matriz',
  job_title: 'Cargo',
  department: 'Departamento',
  email: 'E-mail',
  whatsapp: 'WhatsApp',
  primary: 'Principal',
  billing: 'Financeiro',
  technical: 'Técnico',
  vip: 'VIP',
  branch_id: 'Filial',
  other_company_ids: 'Outras empresas',
  user_id: 'Usuário do portal',
};

/** Names for the ids a change may carry (account managers, companies, branches). */
export interface ActivityNames {
  people?: ReadonlyMap<number, string>;
  companies?: ReadonlyMap<number, string>;
}

/** A value before or after a change, as people read it ('—' for nothing). */
export function activityValue(field: string, value: unknown, names: ActivityNames = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return value
      .map((item) => activityValue(field === 'other_company_ids' ? 'parent_id' : field, item, names))
      .join(', ');
  }
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') {
    if (field === 'account_manager_id') return names.people?.get(value) ?? `nº ${value}`;
    if (field === 'parent_id') return names.companies?.get(value) ?? `empresa nº ${value}`;
    return value.toLocaleString('pt-BR');
  }
  if (typeof value !== 'string') return JSON.stringify(value);
  switch (field) {
    case 'cnpj':
      return formatCnpj(value);
    case 'phone':
    case 'mobile':
      return formatPhone(value);
    case 'cep':
      return formatCep(value);
    case 'kind':
      return COMPANY_KIND_LABELS[value as CompanyKind] ?? value;
    case 'status':
      return COMPANY_STATUS_LABELS[value as CompanyStatus] ?? value;
    default:
      return value;
  }
}

export interface ActivityChange {
  field: string;
  label: string;
  from: string;
  to: string;
}

/** The fields an event changed, before → after (`details.changes` as {field: {from, to}}). */
export function activityChanges(
  event: Pick<AuditEvent, 'details'>,
  names: ActivityNames = {},
): ActivityChange[] {
  const changes = event.details.changes;
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return [];
  return Object.entries(changes as Record<string, unknown>).flatMap(([field, change]) => {
    if (!change || typeof change !== 'object' || !('to' in change)) return [];
    const { from, to } = change as { from?: unknown; to: unknown };
    return [
      {
        field,
        label: FIELD_LABELS[field] ?? field,
        from: activityValue(field, from, names),
        to: activityValue(field, to, names),
      },
    ];
  });
}

/** Fields an event names without their values (a list of field names): labels only. */
export function activityChangedFields(event: Pick<AuditEvent, 'details'>): string[] {
  const changes = event.details.changes;
  return Array.isArray(changes)
    ? changes
        .filter((field): field is string => typeof field === 'string')
        .map((field) => FIELD_LABELS[field] ?? field)
    : [];
}
