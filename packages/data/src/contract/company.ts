import { z } from 'zod';
import { wireId, wireInt } from './wire-int';
import {
  IE_EXEMPT,
  UF_CODES,
  emailDomainOf,
  isValidCep,
  isValidCnpj,
  normalizeCep,
  normalizeCnpj,
  normalizeEmailDomain,
  normalizeIe,
  normalizePhone,
  type Uf,
} from './brazil';
import {
  COMPANY_IMPORT_MAX_ROWS,
  COMPANY_KINDS,
  COMPANY_PAGE_SIZE,
  COMPANY_PAGE_SIZE_MAX,
  COMPANY_SORTS,
  COMPANY_STATUSES,
} from './company-constants';

export * from './brazil';
export * from './company-constants';

const personSchema = z.object({ id: z.number().int(), name: z.string() });
export type CompanyPerson = z.infer<typeof personSchema>;

export const companyKindSchema = z.enum(COMPANY_KINDS, {
  error: `tipo deve ser um de: ${COMPANY_KINDS.join(', ')}`,
});
export const companyStatusSchema = z.enum(COMPANY_STATUSES, {
  error: "status deve ser 'ativo' ou 'inativo'",
});
export const ufSchema = z.enum(UF_CODES as [Uf, ...Uf[]], { error: 'UF inválida' });

// ---------------------------------------------------------------- answers

/** A company as lists and the company page read it. `name` is how people call it (nome fantasia). */
export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Razão social. */
  legal_name: z.string(),
  /** 14 characters, upper case, without the mask (alphanumeric-ready); format with `formatCnpj`. */
  cnpj: z.string().nullable(),
  /** Inscrição estadual: digits, or 'ISENTO'. */
  state_registration: z.string().nullable(),
  municipal_registration: z.string().nullable(),
  kind: companyKindSchema,
  segment: z.string().nullable(),
  website: z.string().nullable(),
  email_domains: z.array(z.string()),
  /** E.164 (`+5511912345678`); format with `formatPhone`. */
  phone: z.string().nullable(),
  account_manager: personSchema.nullable(),
  /** The grupo econômico's parent company. */
  parent: personSchema.nullable(),
  notes: z.string().nullable(),
  /** GET it with the session, like profile pictures. */
  logo_url: z.string().nullable(),
  status: companyStatusSchema,
  archived_at: z.string().nullable(),
  /** Chamados not resolved or closed. */
  open_tickets: z.number().int().min(0),
  branch_count: z.number().int().min(0),
  contact_count: z.number().int().min(0),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const companyListSchema = z.object({ items: z.array(companySchema), total: z.number().int().min(0) });
export type CompanyList = z.infer<typeof companyListSchema>;

/** GET /api/companies/:id: the company with the figures of its page. */
export const companyDetailSchema = companySchema.extend({
  overdue_tickets: z.number().int().min(0),
  /** The last time anyone wrote on one of its chamados (null: never). */
  last_contact_at: z.string().nullable(),
  /** The companies whose parent it is (its grupo econômico). */
  children: z.array(personSchema),
  /** The CNPJ the next branch would take (same root, next order), when the company has a CNPJ. */
  suggested_branch_cnpj: z.string().nullable(),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

export const branchSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  cnpj: z.string().nullable(),
  cep: z.string().nullable(),
  /** Logradouro. */
  street: z.string().nullable(),
  number: z.string().nullable(),
  complement: z.string().nullable(),
  /** Bairro. */
  district: z.string().nullable(),
  city: z.string().nullable(),
  uf: ufSchema.nullable(),
  phone: z.string().nullable(),
  opening_hours: z.string().nullable(),
  /** Matriz. */
  head_office: z.boolean(),
  open_tickets: z.number().int().min(0),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Branch = z.infer<typeof branchSchema>;

export const branchListSchema = z.object({ items: z.array(branchSchema), total: z.number().int().min(0) });
export type BranchList = z.infer<typeof branchListSchema>;

export const companyContactSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  /** Other companies the person also answers for (a consultant, a group's shared IT). */
  other_companies: z.array(personSchema),
  branch: personSchema.nullable(),
  name: z.string(),
  /** Cargo. */
  job_title: z.string().nullable(),
  /** Departamento. */
  department: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Celular, E.164. */
  mobile: z.string().nullable(),
  whatsapp: z.boolean(),
  primary: z.boolean(),
  billing: z.boolean(),
  technical: z.boolean(),
  vip: z.boolean(),
  /** The client user this contact signs in to the portal as (the users module manages the account). */
  user_id: z.number().int().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CompanyContact = z.infer<typeof companyContactSchema>;

export const companyContactListSchema = z.object({
  items: z.array(companyContactSchema),
  total: z.number().int().min(0),
});
export type CompanyContactList = z.infer<typeof companyContactListSchema>;

/** GET /api/companies/options: what the forms offer. */
export const companyFormOptionsSchema = z.object({
  /** Staff who may be a company's account manager. */
  managers: z.array(personSchema),
  /** Every company, for the grupo econômico and a contact's other companies. */
  companies: z.array(personSchema),
});
export type CompanyFormOptions = z.infer<typeof companyFormOptionsSchema>;

/** GET /api/companies/mine: the public card a client user may read of their own company. */
export const companyCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo_url: z.string().nullable(),
  branch: z
    .object({ id: z.number().int(), name: z.string(), city: z.string().nullable(), uf: ufSchema.nullable() })
    .nullable(),
});
export type CompanyCard = z.infer<typeof companyCardSchema>;

/** GET /api/companies/cep/:cep: an address from the configured provider (off by default). */
export const cepAddressSchema = z.object({
  cep: z.string(),
  street: z.string().nullable(),
  district: z.string().nullable(),
  city: z.string().nullable(),
  uf: ufSchema.nullable(),
});
export type CepAddress = z.infer<typeof cepAddressSchema>;

/** One refused row of a CSV import: its line in the file (the header is line 1), the field and why. */
export const importRowErrorSchema = z.object({
  line: z.number().int().min(1),
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** POST …/import: valid rows are saved, invalid ones listed. */
export const importReportSchema = z.object({
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  errors: z.array(importRowErrorSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** GET /api/companies/suggest?email=: companies whose e-mail domains match the address's. */
export const companySuggestionListSchema = z.object({ items: z.array(personSchema) });
export type CompanySuggestionList = z.infer<typeof companySuggestionListSchema>;

// ---------------------------------------------------------------- requests

/** Optional text: trimmed, '' reads as null, at most `max` characters. */
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} deve ser um texto` })
    .trim()
    .max(max, `${field}: no máximo ${max} caracteres`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** Optional value with its own rule: '' reads as null; `normalize` answers null when the value is invalid. */
const optionalRule = (message: string, normalize: (value: string) => string | null) =>
  z
    .string({ error: message })
    .trim()
    .transform((value, context) => {
      if (value === '') return null;
      const normalized = normalize(value);
      if (normalized === null) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return normalized;
    })
    .nullable()
    .optional();

const requiredText = (field: string, max: number, missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, `${field}: no máximo ${max} caracteres`);

const optionalId = (field: string) =>
  z
    .number({ error: `${field} deve ser um número` })
    .int(`${field} deve ser um número inteiro`)
    .positive(`${field} deve ser positivo`)
    .max(2_147_483_647, `${field} fora do intervalo`)
    .nullable()
    .optional();

export const cnpjFieldSchema = optionalRule('CNPJ inválido', (value) =>
  isValidCnpj(value) ? normalizeCnpj(value) : null,
);
export const phoneFieldSchema = optionalRule(
  'Telefone inválido: use DDD e número, como (11) 91234-5678',
  normalizePhone,
);
export const cepFieldSchema = optionalRule('CEP inválido: use 00000-000', (value) =>
  isValidCep(value) ? normalizeCep(value) : null,
);

const websiteSchema = optionalRule('Site inválido', (value) => {
  const url = /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const parsed = new URL(url);
    return ['http:', 'https:'].includes(parsed.protocol) && parsed.hostname.includes('.')
      ? parsed.href
      : null;
  } catch {
    return null;
  }
});

const emailDomainsSchema = z
  .array(z.string({ error: 'Domínio inválido' }), { error: 'dominios deve ser uma lista' })
  .max(20, 'No máximo 20 domínios')
  .transform((values, context) => {
    const domains: string[] = [];
    values.forEach((value, index) => {
      if (value.trim() === '') return;
      const domain = normalizeEmailDomain(value);
      if (!domain) context.addIssue({ code: 'custom', message: `Domínio inválido: ${value}`, path: [index] });
      else if (!domains.includes(domain)) domains.push(domain);
    });
    return domains;
  });

const companyFields = {
  name: requiredText('Nome', 120, 'Informe o nome fantasia'),
  legal_name: requiredText('Razão social', 200, 'Informe a razão social'),
  cnpj: cnpjFieldSchema,
  state_registration: optionalRule(
    `Inscrição estadual inválida: use só os números ou ${IE_EXEMPT}`,
    normalizeIe,
  ),
  municipal_registration: optionalText('Inscrição municipal', 30),
  kind: companyKindSchema,
  segment: optionalText('Segmento', 80),
  website: websiteSchema,
  email_domains: emailDomainsSchema,
  phone: phoneFieldSchema,
  account_manager_id: optionalId('account_manager_id'),
  parent_id: optionalId('parent_id'),
  notes: optionalText('Observações', 5000),
  status: companyStatusSchema,
};

/** POST /api/companies (companies.manage). */
export const createCompanySchema = z.strictObject({
  ...companyFields,
  kind: companyFields.kind.default('cliente'),
  email_domains: companyFields.email_domains.default([]),
  status: companyFields.status.default('ativo'),
});
export type CreateCompany = z.input<typeof createCompanySchema>;

/** PATCH /api/companies/:id (companies.manage): the fields that change. */
export const updateCompanySchema = z
  .strictObject(companyFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nada para alterar' });
export type UpdateCompany = z.input<typeof updateCompanySchema>;

const branchFields = {
  name: requiredText('Nome', 120, 'Informe o nome da filial'),
  cnpj: cnpjFieldSchema,
  cep: cepFieldSchema,
  street: optionalText('Logradouro', 200),
  number: optionalText('Número', 20),
  complement: optionalText('Complemento', 120),
  district: optionalText('Bairro', 120),
  city: optionalText('Cidade', 120),
  uf: ufSchema.nullable().optional(),
  phone: phoneFieldSchema,
  opening_hours: optionalText('Horário de atendimento', 200),
  head_office: z.boolean({ error: 'matriz deve ser verdadeiro ou falso' }),
};

/** POST /api/companies/:id/branches. A CNPJ must share the company's root (checked by the server). */
export const createBranchSchema = z.strictObject({
  ...branchFields,
  head_office: branchFields.head_office.default(false),
});
export type CreateBranch = z.input<typeof createBranchSchema>;

export const updateBranchSchema = z
  .strictObject(branchFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nada para alterar' });
export type UpdateBranch = z.input<typeof updateBranchSchema>;

const flag = (field: string) => z.boolean({ error: `${field} deve ser verdadeiro ou falso` });

const companyContactFields = {
  name: requiredText('Nome', 120, 'Informe o nome do contato'),
  job_title: optionalText('Cargo', 120),
  department: optionalText('Departamento', 120),
  email: optionalRule('E-mail inválido', (value) =>
    /^[^\s@]+@[^\s@]+$/.test(value) && emailDomainOf(value) ? value.toLowerCase() : null,
  ),
  phone: phoneFieldSchema,
  mobile: phoneFieldSchema,
  whatsapp: flag('whatsapp'),
  primary: flag('principal'),
  billing: flag('financeiro'),
  technical: flag('técnico'),
  vip: flag('vip'),
  branch_id: optionalId('branch_id'),
  other_company_ids: z.array(z.number().int().positive(), { error: 'Outras empresas inválidas' }).max(20),
  user_id: optionalId('user_id'),
  notes: optionalText('Observações', 5000),
};

/** POST /api/companies/:id/contacts. */
export const createCompanyContactSchema = z.strictObject({
  ...companyContactFields,
  whatsapp: companyContactFields.whatsapp.default(false),
  primary: companyContactFields.primary.default(false),
  billing: companyContactFields.billing.default(false),
  technical: companyContactFields.technical.default(false),
  vip: companyContactFields.vip.default(false),
  other_company_ids: companyContactFields.other_company_ids.default([]),
});
export type CreateCompanyContact = z.input<typeof createCompanyContactSchema>;

export const updateCompanyContactSchema = z
  .strictObject(companyContactFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nada para alterar' });
export type UpdateCompanyContact = z.input<typeof updateCompanyContactSchema>;

const positiveQueryId = wireId;

/** GET /api/companies: text search ignores accents and case (name, razão social, CNPJ, domains). */
export const companyListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Busca: no máximo 100 caracteres').optional(),
  kind: companyKindSchema.optional(),
  status: companyStatusSchema.optional(),
  /** Companies with a branch in this UF. */
  uf: ufSchema.optional(),
  manager_id: z
    .union([z.literal('me'), positiveQueryId('manager_id')], {
      error: "manager_id deve ser um número ou 'me'",
    })
    .optional(),
  /** Archived companies are left out unless asked for. */
  archived: z
    .enum(['true', 'false'], { error: "archived deve ser 'true' ou 'false'" })
    .transform((value) => value === 'true')
    .optional(),
  sort: z.enum(COMPANY_SORTS, { error: `sort deve ser um de: ${COMPANY_SORTS.join(', ')}` }).optional(),
  order: z.enum(['asc', 'desc'], { error: "order deve ser 'asc' ou 'desc'" }).optional(),
  page: positiveQueryId('page').optional(),
  limit: wireInt('limit', (n) =>
    n
      .min(1, 'limit deve ser pelo menos 1')
      .max(COMPANY_PAGE_SIZE_MAX, `limit deve ser no máximo ${COMPANY_PAGE_SIZE_MAX}`),
  ).optional(),
});
export type CompanyListQuery = z.input<typeof companyListQuerySchema>;
export { COMPANY_PAGE_SIZE };

/** POST /api/companies/import and /api/companies/contacts/import: the CSV file's text (UTF-8, `,` or `;`). */
export const csvImportSchema = z.strictObject({
  csv: z
    .string({ error: 'Envie o conteúdo do arquivo CSV' })
    .min(1, 'O arquivo está vazio')
    .max(5 * 1024 * 1024, 'Arquivo maior que 5MB'),
});
export type CsvImport = z.input<typeof csvImportSchema>;
export { COMPANY_IMPORT_MAX_ROWS };
