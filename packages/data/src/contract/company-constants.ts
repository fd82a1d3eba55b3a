/**
 * The companies module's constants without zod, for apps (`@farol/data/companies`) and the server alike.
 */

/** What a company is to the MSP. */
export const COMPANY_KINDS = ['cliente', 'prospect', 'fornecedor', 'parceiro', 'interna'] as const;
export type CompanyKind = (typeof COMPANY_KINDS)[number];

export const COMPANY_KIND_LABELS: Record<CompanyKind, string> = {
  cliente: 'Cliente',
  prospect: 'Prospect',
  fornecedor: 'Fornecedor',
  parceiro: 'Parceiro',
  interna: 'Interna',
};

export const COMPANY_STATUSES = ['ativo', 'inativo'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const COMPANY_STATUS_LABELS: Record<CompanyStatus, string> = { ativo: 'Ativa', inativo: 'Inativa' };

/** Orders GET /api/companies takes. */
export const COMPANY_SORTS = ['name', 'created_at', 'updated_at', 'open_tickets'] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];

export const COMPANY_PAGE_SIZE = 25;
export const COMPANY_PAGE_SIZE_MAX = 100;

/** The flags a contact carries (principal, financeiro, técnico, VIP). */
export const CONTACT_FLAGS = ['primary', 'billing', 'technical', 'vip'] as const;
export type ContactFlag = (typeof CONTACT_FLAGS)[number];

export const CONTACT_FLAG_LABELS: Record<ContactFlag, string> = {
  primary: 'Principal',
  billing: 'Financeiro',
  technical: 'Técnico',
  vip: 'VIP',
};

/** CSV imports: the most rows one file may carry. */
export const COMPANY_IMPORT_MAX_ROWS = 5_000;

/**
 * The columns of the companies CSV (import and export), in order. Import reads them by header name; only
 * `razao_social` and `nome` are required.
 */
export const COMPANY_CSV_COLUMNS = [
  'nome',
  'razao_social',
  'cnpj',
  'inscricao_estadual',
  'inscricao_municipal',
  'tipo',
  'segmento',
  'site',
  'dominios_email',
  'telefone',
  'status',
] as const;

/** The columns of the contacts CSV: `empresa_cnpj` or `empresa` (its name) says whose contact it is. */
export const CONTACT_CSV_COLUMNS = [
  'empresa_cnpj',
  'empresa',
  'nome',
  'cargo',
  'departamento',
  'email',
  'telefone',
  'celular',
  'whatsapp',
  'principal',
  'financeiro',
  'tecnico',
  'vip',
] as const;
