import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { z } from 'zod';
import { hasPermission, isAdmin, isClient, PERMISSIONS } from '../../access/permissions';
import {
  COMPANY_IMPORT_MAX_ROWS,
  COMPANY_COLUMN_FIELDS,
  COMPANY_PAGE_SIZE,
  CONTACT_COLUMN_FIELDS,
  CsvError,
  PROFILE_PICTURE_MAX_BYTES,
  cellsByColumn,
  cnpjRoot,
  columnOfField,
  companyCsvRows,
  companyInput,
  companyListQuerySchema,
  contactInput,
  createBranchSchema,
  createCompanyContactSchema,
  createCompanySchema,
  csvFileText,
  csvImportSchema,
  emailDomainOf,
  formatCnpj,
  isValidCep,
  isValidCnpj,
  nextBranchCnpj,
  normalizeCnpj,
  parseCsv,
  updateBranchSchema,
  updateCompanyContactSchema,
  updateCompanySchema,
  type AuditEvent,
  type Branch,
  type Company,
  type CompanyContact,
  type CompanyDetail,
  type CsvTable,
  type ImportReport,
  type ImportRowError,
} from '../../contract';
import type { UserWire } from '../../contract/user';
import {
  api,
  errorResponse,
  forbidden,
  jsonBody,
  notFound,
  parseOr400,
  serverError,
  unauthorized,
  userFromRequest,
  validationFailed,
} from '../../mocks/http';
import { fixtures } from '../../mocks/fixtures';
import { createMockStore, type MockStore } from '../../mocks/store';
import { companyFixtures, type StoredCompany } from './seed';

/** A stored logo: its type, recognised by its bytes as the server does, and the bytes served back. */
export interface StoredLogo {
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

export interface CompanyMockState {
  companies: StoredCompany[];
  branches: Branch[];
  contacts: CompanyContact[];
  activity: AuditEvent[];
  /** Logos by company id (the company's `logo_url` carries a version). */
  logos: Record<number, StoredLogo>;
}

export interface CompanyMockOptions {
  /** Every read answers 500. */
  failing?: boolean;
  /** Every call answers 403, as for a user without companies.view. */
  forbidden?: boolean;
  /** Reads never answer, so a story can show the loading state. */
  loading?: boolean;
  /** Start with no companies. */
  empty?: boolean;
  /** The companies to start from instead of the 8 fixtures (branches and contacts then start empty). */
  companies?: () => StoredCompany[];
}

export interface CompanyDatabase extends MockStore<CompanyMockState> {
  /**
   * A live change for a story: applies `patch` to company `id` and answers the Company to push with
   * `realtime.emitServerEvent('company:updated', company)`, so a refetch agrees with the event.
   */
  updated(id: number, patch: Partial<StoredCompany>): Company;
}

/** One companies mock: its handlers and its data, so a story holds its own handle on both. */
export interface CompanyMock {
  handlers: HttpHandler[];
  database: CompanyDatabase;
}

const initialState = (options: CompanyMockOptions): CompanyMockState =>
  options.empty
    ? { companies: [], branches: [], contacts: [], activity: [], logos: {} }
    : options.companies
      ? { companies: options.companies(), branches: [], contacts: [], activity: [], logos: {} }
      : {
          companies: companyFixtures.companies(),
          branches: companyFixtures.branches(),
          contacts: companyFixtures.contacts(),
          activity: companyFixtures.activity(),
          logos: {},
        };

/** Accent- and case-insensitive text, as the server's unaccent index reads it. */
const fold = (text: string | null | undefined) =>
  (text ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const companyNotFound = () => notFound('Empresa não encontrada');

/** A contact's own fields (its branch and other companies are references, resolved apart). */
const CONTACT_FIELDS = createCompanyContactSchema.omit({ branch_id: true, other_company_ids: true }).shape;

/** The next id of a list of records. */
const nextId = (items: ReadonlyArray<{ id: number }>) => Math.max(0, ...items.map((item) => item.id)) + 1;

/** Optional fields as the server stores them: absent reads as null; required ones keep their type. */
type WithNulls<T> = { [K in keyof T]-?: undefined extends T[K] ? Exclude<T[K], undefined> | null : T[K] };

/**
 * A parsed request's fields with every optional one it left out (zod omits them) as null, as the server
 * stores them: `shape` is the request schema's, whose keys are the record's.
 */
const orNull = <T extends object>(shape: object, fields: T): WithNulls<T> =>
  Object.fromEntries(
    Object.keys(shape).map((key) => [key, (fields as Record<string, unknown>)[key] ?? null]),
  ) as WithNulls<T>;
const conflict = (message: string, details?: Record<string, string>) =>
  errorResponse(409, 'conflict', message, details);

/** "1 chamado em aberto", "5 chamados em aberto" (the server's wording). */
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Its contacts: those whose company it is, and those who have it as another company (as the server counts). */
const contactsOf = (state: CompanyMockState, companyId: number) =>
  state.contacts.filter(
    (contact) =>
      contact.company_id === companyId || contact.other_companies.some((other) => other.id === companyId),
  );

function toCompany(stored: StoredCompany, state: CompanyMockState): Company {
  const { overdue_tickets: _overdue, last_contact_at: _last, ...company } = stored;
  return {
    ...company,
    branch_count: state.branches.filter((branch) => branch.company_id === stored.id).length,
    contact_count: contactsOf(state, stored.id).length,
  };
}

function toDetail(stored: StoredCompany, state: CompanyMockState): CompanyDetail {
  const cnpjs = state.branches.flatMap((branch) =>
    branch.company_id === stored.id && branch.cnpj ? [branch.cnpj] : [],
  );
  return {
    ...toCompany(stored, state),
    overdue_tickets: stored.overdue_tickets,
    last_contact_at: stored.last_contact_at,
    children: state.companies
      .filter((company) => company.parent?.id === stored.id)
      .map((company) => ({ id: company.id, name: company.name })),
    suggested_branch_cnpj: stored.cnpj
      ? nextBranchCnpj(cnpjRoot(stored.cnpj), [stored.cnpj, ...cnpjs])
      : null,
  };
}

/** The default direction of each order (as the server): names A→Z, the rest newest or busiest first. */
const DEFAULT_ORDER: Record<string, 'asc' | 'desc'> = {
  name: 'asc',
  created_at: 'desc',
  updated_at: 'desc',
  open_tickets: 'desc',
};

const sorters: Record<string, (a: Company, b: Company) => number> = {
  name: (a, b) => fold(a.name).localeCompare(fold(b.name), 'pt-BR'),
  created_at: (a, b) => a.created_at.localeCompare(b.created_at),
  updated_at: (a, b) => a.updated_at.localeCompare(b.updated_at),
  open_tickets: (a, b) => a.open_tickets - b.open_tickets,
};

/** {field: {from, to}} for each given field whose value differs (arrays compared by content), as the server audits. */
const changesOf = (before: Record<string, unknown>, after: Record<string, unknown>) => {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
};

function createDatabase(options: CompanyMockOptions): CompanyDatabase {
  const store = createMockStore(() => initialState(options));
  return {
    ...store,
    updated(id, patch) {
      const state = store.get();
      const found = state.companies.find((company) => company.id === id);
      if (!found) throw new Error(`company mock: no company ${id}`);
      const next = { ...found, ...patch, updated_at: new Date().toISOString() };
      const companies = state.companies.map((company) => (company.id === id ? next : company));
      store.set({ ...state, companies });
      return toCompany(next, { ...state, companies });
    },
  };
}

/**
 * The companies API over one stateful database (reset by resetMockState), as the reference server answers
 * it: the list with search and filters, the company page, branches and contacts, archive and delete rules,
 * CSV import with a report, activity, form options and a client's own card.
 */
export function createCompanyMock(options: CompanyMockOptions = {}): CompanyMock {
  const database = createDatabase(options);
  return { handlers: companyRoutes(database, options), database };
}

/** The handlers alone, for a story that never changes the data live. */
export function createCompanyHandlers(options: CompanyMockOptions = {}): HttpHandler[] {
  return createCompanyMock(options).handlers;
}

/** The image types the server takes for a logo, recognised by their first bytes (never by the name). */
function imageTypeOf(bytes: Uint8Array): string | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const UNSUPPORTED_LOGO = 'Formato não suportado. Envie uma imagem JPG, PNG, GIF ou WEBP.';

/** The client users of the fixtures, by company (a company they belong to may not be deleted). */
const clientUsersOf = (companyId: number) =>
  Object.values(fixtures.users).filter((user) => user.company_id === companyId).length;

function companyRoutes(store: CompanyDatabase, options: CompanyMockOptions): HttpHandler[] {
  const { failing = false, loading = false } = options;

  /** Staff with companies.view (and companies.manage to write), or the answer that stops the request. */
  const staff = (request: Request, write = false): UserWire | Response => {
    if (options.forbidden) return forbidden();
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    if (isClient(user) || !hasPermission(user, PERMISSIONS.COMPANIES_VIEW)) return forbidden();
    if (write && !hasPermission(user, PERMISSIONS.COMPANIES_MANAGE)) return forbidden();
    return user;
  };
  const read = async (request: Request): Promise<UserWire | Response> => {
    if (loading) await delay('infinite');
    if (failing) return serverError();
    return staff(request);
  };
  const find = (id: unknown) => store.get().companies.find((company) => company.id === Number(id));
  const setCompany = (next: StoredCompany) => {
    const state = store.get();
    store.set({
      ...state,
      companies: state.companies.map((item) => (item.id === next.id ? next : item)),
    });
  };
  /** An audit event as the server writes it (module companies, the company set, the target named). */
  const audit = (
    user: UserWire,
    companyId: number,
    action: string,
    details: Record<string, unknown> = {},
    target: { type: 'company' | 'branch' | 'contact'; id: number } = { type: 'company', id: companyId },
  ) => {
    const state = store.get();
    const event: AuditEvent = {
      id: nextId(state.activity),
      at: new Date().toISOString(),
      actor: { id: user.id, name: user.name },
      actor_kind: 'staff',
      company_id: companyId,
      module: 'companies',
      action,
      target_type: target.type,
      target_id: String(target.id),
      reason: null,
      ticket_id: null,
      ip: '127.0.0.1',
      user_agent: 'Mozilla/5.0 (Storybook)',
      details,
    };
    store.set({ ...state, activity: [event, ...state.activity] });
  };
  const managerOf = (id: number | null | undefined) =>
    id ? (companyFixtures.managers().find((person) => person.id === id) ?? null) : null;
  const parentOf = (id: number | null | undefined) => {
    const parent = id ? find(id) : undefined;
    return parent ? { id: parent.id, name: parent.name } : null;
  };
  const companyRefs = (ids: readonly number[]) =>
    ids.flatMap((id) => {
      const other = find(id);
      return other ? [{ id: other.id, name: other.name }] : [];
    });
  const nameTaken = (name: string | undefined, except?: number) =>
    !!name &&
    store
      .get()
      .companies.some(
        (company) => company.name.toLowerCase() === name.toLowerCase() && company.id !== except,
      );
  const cnpjTaken = (cnpj: string | null | undefined, except?: number) =>
    !!cnpj && store.get().companies.some((company) => company.cnpj === cnpj && company.id !== except);
  /** Whether making `parentId` the parent of `id` closes a loop (it is `id` or one of its descendants). */
  const wouldCycle = (id: number, parentId: number) => {
    for (let at = find(parentId), depth = 0; at && depth < 100; at = find(at.parent?.id), depth += 1) {
      if (at.id === id) return true;
    }
    return false;
  };
  /**
   * The server's checks of a company's fields (name and CNPJ taken: 409; manager, parent: 400; a loop in the
   * grupo econômico: 409; a CNPJ of another root than its branches': 400), or null when they pass.
   */
  const checkCompany = (
    values: {
      name?: string;
      cnpj?: string | null;
      account_manager_id?: number | null;
      parent_id?: number | null;
    },
    current: StoredCompany | null,
  ): Response | null => {
    if (nameTaken(values.name, current?.id)) {
      return conflict('Já existe uma empresa com este nome', { name: 'Já existe uma empresa com este nome' });
    }
    if (cnpjTaken(values.cnpj, current?.id)) {
      return conflict('Já existe uma empresa com este CNPJ', { cnpj: 'Já existe uma empresa com este CNPJ' });
    }
    if (values.cnpj && current) {
      const other = store
        .get()
        .branches.find(
          (branch) =>
            branch.company_id === current.id &&
            branch.cnpj &&
            cnpjRoot(branch.cnpj) !== cnpjRoot(values.cnpj!),
        );
      if (other?.cnpj) {
        return validationFailed({
          cnpj: `O CNPJ deve ter a mesma raiz (${formatCnpj(other.cnpj).slice(0, 10)}) das filiais da empresa`,
        });
      }
    }
    if (typeof values.account_manager_id === 'number' && !managerOf(values.account_manager_id)) {
      return validationFailed({ account_manager_id: 'O responsável deve ser alguém da equipe' });
    }
    if (typeof values.parent_id === 'number') {
      if (!find(values.parent_id)) return validationFailed({ parent_id: 'Empresa não encontrada' });
      if (current && wouldCycle(current.id, values.parent_id)) {
        return conflict('O grupo econômico não pode formar um ciclo', {
          parent_id: 'Esta empresa já está acima dela no grupo econômico',
        });
      }
    }
    return null;
  };
  /** Stores a new company from a valid create body (the POST and each imported row). */
  const addCompany = (input: z.output<typeof createCompanySchema>): StoredCompany => {
    const { account_manager_id, parent_id, ...fields } = orNull(createCompanySchema.shape, input);
    const now = new Date().toISOString();
    const state = store.get();
    const company: StoredCompany = {
      ...fields,
      id: Math.max(99, ...state.companies.map((item) => item.id)) + 1,
      kind: input.kind,
      status: input.status,
      email_domains: input.email_domains,
      account_manager: managerOf(account_manager_id),
      parent: parentOf(parent_id),
      logo_url: null,
      archived_at: null,
      open_tickets: 0,
      overdue_tickets: 0,
      last_contact_at: null,
      created_at: now,
      updated_at: now,
    };
    store.set({ ...state, companies: [...state.companies, company] });
    return company;
  };
  /** The stored fields of a company as the server compares them (`account_manager_id`, `parent_id`). */
  const rowOf = (company: StoredCompany): Record<string, unknown> => ({
    ...company,
    account_manager_id: company.account_manager?.id ?? null,
    parent_id: company.parent?.id ?? null,
  });
  /** Applies the changed fields of a PATCH (or an import row) to a company. */
  const applyCompany = (company: StoredCompany, values: Record<string, unknown>): StoredCompany => {
    const { account_manager_id, parent_id, ...fields } = values;
    return {
      ...company,
      ...(fields as Partial<StoredCompany>),
      ...(account_manager_id !== undefined
        ? { account_manager: managerOf(account_manager_id as number | null) }
        : {}),
      ...(parent_id !== undefined ? { parent: parentOf(parent_id as number | null) } : {}),
      updated_at: new Date().toISOString(),
    };
  };
  /** The list's filters (the export's too), as GET /api/companies reads them. */
  const listed = (user: UserWire, query: z.output<typeof companyListQuerySchema>): Company[] => {
    const state = store.get();
    const text = fold(query.q);
    const cnpjText = query.q && /[./-]/.test(query.q) ? fold(normalizeCnpj(query.q)) : null;
    const ufs = (id: number) => state.branches.filter((branch) => branch.company_id === id).map((b) => b.uf);
    const sort = query.sort ?? 'name';
    const direction = query.order ?? DEFAULT_ORDER[sort];
    const compare = sorters[sort]!;
    return state.companies
      .filter((company) => (query.archived === true) === (company.archived_at !== null))
      .filter((company) => !query.kind || company.kind === query.kind)
      .filter((company) => !query.status || company.status === query.status)
      .filter((company) => !query.uf || ufs(company.id).includes(query.uf))
      .filter(
        (company) =>
          query.manager_id === undefined ||
          company.account_manager?.id === (query.manager_id === 'me' ? user.id : query.manager_id),
      )
      .filter(
        (company) =>
          !text ||
          [company.name, company.legal_name, company.cnpj, ...company.email_domains].some(
            (value) => fold(value).includes(text) || (cnpjText !== null && fold(value).includes(cnpjText)),
          ),
      )
      .map((company) => toCompany(company, state))
      .sort((a, b) => (direction === 'desc' ? -1 : 1) * (compare(a, b) || a.id - b.id));
  };
  /** The file's table, or the server's 400 (not CSV, a required column missing, no rows, too many rows). */
  const readTable = (csv: string, required: readonly string[][]): CsvTable | Response => {
    const badFile = (message: string) => errorResponse(400, 'validation_failed', message, { csv: message });
    let table: CsvTable;
    try {
      table = parseCsv(csv);
    } catch (error) {
      if (error instanceof CsvError) return badFile(`Arquivo CSV inválido: ${error.message}`);
      throw error;
    }
    const missing = required.filter((names) => !names.some((name) => table.header.includes(name)));
    if (missing.length > 0) {
      return badFile(
        `Colunas obrigatórias ausentes: ${missing.map((names) => names.join(' ou ')).join(', ')}`,
      );
    }
    if (table.records.length === 0) return badFile('O arquivo não tem linhas além do cabeçalho');
    if (table.records.length > COMPANY_IMPORT_MAX_ROWS) {
      return badFile(`No máximo ${COMPANY_IMPORT_MAX_ROWS.toLocaleString('pt-BR')} linhas por arquivo`);
    }
    return table;
  };
  /** A refused row's messages by CSV column (`email_domains.2` → dominios_email). */
  const rowErrors = (
    line: number,
    issues: readonly z.core.$ZodIssue[],
    columns: Readonly<Record<string, string>>,
  ): ImportRowError[] =>
    issues.map((issue) => ({
      line,
      field:
        issue.code === 'unrecognized_keys' ? '_' : columnOfField(columns, issue.path.map(String).join('.')),
      message: issue.message,
    }));
  /** The details of a refusal (a Response from checkCompany) as report rows. */
  const refusalRows = async (
    line: number,
    refusal: Response,
    columns: Readonly<Record<string, string>>,
  ): Promise<ImportRowError[]> => {
    const body = (await refusal.json()) as { message: string; details?: Record<string, string> };
    return Object.entries(body.details ?? { _: body.message }).map(([field, message]) => ({
      line,
      field: columnOfField(columns, field),
      message,
    }));
  };
  const findBranch = (params: Record<string, unknown>) =>
    store
      .get()
      .branches.find((item) => item.id === Number(params.branchId) && item.company_id === Number(params.id));
  /** A contact is changed only through the company that keeps it (404 elsewhere). */
  const findContact = (params: Record<string, unknown>) =>
    store
      .get()
      .contacts.find((item) => item.id === Number(params.contactId) && item.company_id === Number(params.id));
  /** The server's checks of a contact's branch and other companies: the ids to keep, or the 400. */
  const checkContact = (
    companyId: number,
    input: { branch_id?: number | null; other_company_ids?: number[]; user_id?: number | null },
    contactId: number | null,
  ): Response | number[] | undefined => {
    const state = store.get();
    if (typeof input.branch_id === 'number') {
      const ok = state.branches.some((item) => item.id === input.branch_id && item.company_id === companyId);
      if (!ok) return validationFailed({ branch_id: 'Filial não encontrada nesta empresa' });
    }
    if (typeof input.user_id === 'number') {
      const user = Object.values(fixtures.users).find((item) => item.id === input.user_id);
      if (!user) return validationFailed({ user_id: 'Usuário não encontrado' });
      if (!isClient(user)) return validationFailed({ user_id: 'O acesso ao portal é de um usuário cliente' });
      if (user.company_id !== companyId) {
        return validationFailed({ user_id: 'O usuário deve ser cliente desta empresa' });
      }
      if (state.contacts.some((item) => item.user_id === input.user_id && item.id !== contactId)) {
        return conflict('Este usuário já está ligado a outro contato', {
          user_id: 'Este usuário já está ligado a outro contato',
        });
      }
    }
    if (input.other_company_ids === undefined) return undefined;
    const others = [...new Set(input.other_company_ids)]
      .filter((id) => id !== companyId)
      .sort((a, b) => a - b);
    const missing = others.find((id) => !find(id));
    if (missing !== undefined) {
      return validationFailed({ other_company_ids: `Empresa não encontrada: ${missing}` });
    }
    return others;
  };
  /** One principal contact and one matriz per company: setting one clears the other. */
  const clearPrimary = (companyId: number, except: number | null) => {
    const state = store.get();
    store.set({
      ...state,
      contacts: state.contacts.map((item) =>
        item.company_id === companyId && item.primary && item.id !== except
          ? { ...item, primary: false }
          : item,
      ),
    });
  };
  const clearHeadOffice = (companyId: number, except: number | null) => {
    const state = store.get();
    store.set({
      ...state,
      branches: state.branches.map((item) =>
        item.company_id === companyId && item.head_office && item.id !== except
          ? { ...item, head_office: false }
          : item,
      ),
    });
  };
  /** The server's refusals of a branch CNPJ: another root than the company's (400), one in use (409). */
  const checkBranchCnpj = (company: StoredCompany, cnpj: string, branchId: number | null) => {
    if (company.cnpj && cnpjRoot(cnpj) !== cnpjRoot(company.cnpj)) {
      return validationFailed({
        cnpj: `O CNPJ da filial deve ter a mesma raiz (${formatCnpj(company.cnpj).slice(0, 10)}) da empresa`,
      });
    }
    if (store.get().branches.some((item) => item.cnpj === cnpj && item.id !== branchId)) {
      return conflict('Já existe uma filial com este CNPJ', { cnpj: 'Já existe uma filial com este CNPJ' });
    }
    return null;
  };
  const contactFields = (
    input: Omit<z.output<typeof updateCompanyContactSchema>, 'branch_id' | 'other_company_ids'>,
  ) => input as Partial<CompanyContact>;

  return [
    http.get(api('/companies'), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const parsed = parseOr400(
        companyListQuerySchema,
        Object.fromEntries(new URL(request.url).searchParams),
      );
      if (parsed.error) return parsed.error;
      const query = parsed.data;
      const items = listed(user, query);
      const limit = query.limit ?? COMPANY_PAGE_SIZE;
      const page = query.page ?? 1;
      return HttpResponse.json({ items: items.slice((page - 1) * limit, page * limit), total: items.length });
    }),

    http.get(api('/companies/options'), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      return HttpResponse.json({
        managers: companyFixtures.managers(),
        companies: store
          .get()
          .companies.map((company) => ({ id: company.id, name: company.name }))
          .sort((a, b) => fold(a.name).localeCompare(fold(b.name), 'pt-BR')),
      });
    }),

    // Archived companies are left out, at most 20, by name.
    http.get(api('/companies/suggest'), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const email = new URL(request.url).searchParams.get('email')?.trim() ?? '';
      if (!email) return validationFailed({ email: 'Informe o e-mail' });
      const domain = emailDomainOf(email);
      if (!domain) return validationFailed({ email: 'E-mail inválido' });
      const items = store
        .get()
        .companies.filter((company) => company.archived_at === null && company.email_domains.includes(domain))
        .sort((a, b) => fold(a.name).localeCompare(fold(b.name), 'pt-BR'))
        .slice(0, 20)
        .map((company) => ({ id: company.id, name: company.name }));
      return HttpResponse.json({ items });
    }),

    // Anyone signed in may ask; only a client with a company gets a card (staff: 404, as the server).
    http.get(api('/companies/mine'), async ({ request }) => {
      if (loading) await delay('infinite');
      if (failing) return serverError();
      const user = userFromRequest(request);
      if (!user) return unauthorized();
      const company = isClient(user) ? find(user.company_id) : undefined;
      if (!company) return notFound('Você não está ligado a uma empresa');
      const state = store.get();
      // Their branch: the one of the contact they sign in as, else the matriz.
      const contactBranch = state.contacts.find(
        (contact) => contact.user_id === user.id && contact.company_id === company.id,
      )?.branch;
      const branch =
        state.branches.find((item) => item.id === contactBranch?.id && item.company_id === company.id) ??
        state.branches.find((item) => item.company_id === company.id && item.head_office);
      return HttpResponse.json({
        id: company.id,
        name: company.name,
        logo_url: company.logo_url,
        branch: branch ? { id: branch.id, name: branch.name, city: branch.city, uf: branch.uf } : null,
      });
    }),

    // The server has no CEP provider unless one is configured (off by default); the forms work without it.
    http.get(api('/companies/cep/:cep'), ({ request, params }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      if (!isValidCep(String(params.cep))) return validationFailed({ cep: 'CEP inválido: use 00000-000' });
      return notFound('A consulta de CEP não está ativada neste servidor. Preencha o endereço.');
    }),

    // The filtered list (no page) with the import's columns, ';', a BOM and CRLF, as the server writes it.
    http.get(api('/companies/export.csv'), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const parsed = parseOr400(
        companyListQuerySchema,
        Object.fromEntries(new URL(request.url).searchParams),
      );
      if (parsed.error) return parsed.error;
      const day = new Date().toISOString().slice(0, 10);
      return new HttpResponse(csvFileText(companyCsvRows(listed(user, parsed.data))), {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="empresas-${day}.csv"`,
        },
      });
    }),

    // A row whose CNPJ (else name) exists updates that company with its non-blank cells; bad rows reported.
    http.post(api('/companies/import'), async ({ request }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const parsed = parseOr400(csvImportSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const table = readTable(parsed.data.csv, [['nome'], ['razao_social']]);
      if (table instanceof Response) return table;
      const report: ImportReport = { created: 0, updated: 0, errors: [] };
      const created = new Set<number>();
      const updated = new Set<number>();
      for (const record of table.records) {
        const input = companyInput(cellsByColumn(table, record));
        const result = createCompanySchema.safeParse(input);
        if (!result.success) {
          report.errors.push(...rowErrors(record.line, result.error.issues, COMPANY_COLUMN_FIELDS));
          continue;
        }
        const data = result.data;
        const companies = store.get().companies;
        const byCnpj = data.cnpj ? companies.find((company) => company.cnpj === data.cnpj) : undefined;
        const byName = byCnpj
          ? undefined
          : companies.find((company) => company.name.toLowerCase() === data.name.toLowerCase());
        if (byName && data.cnpj && byName.cnpj && byName.cnpj !== data.cnpj) {
          report.errors.push({
            line: record.line,
            field: 'nome',
            message: 'Já existe outra empresa com este nome e outro CNPJ',
          });
          continue;
        }
        const target = byCnpj ?? byName;
        if (!target) {
          const refusal = checkCompany(data, null);
          if (refusal) {
            report.errors.push(...(await refusalRows(record.line, refusal, COMPANY_COLUMN_FIELDS)));
            continue;
          }
          const company = addCompany(data);
          audit(user, company.id, 'imported', {
            mode: 'created',
            line: record.line,
            name: data.name,
            cnpj: data.cnpj ?? null,
          });
          created.add(company.id);
          continue;
        }
        // Only the cells the row filled change the company (blanks keep what it has).
        const given = Object.fromEntries(
          Object.keys(input).map((field) => [field, data[field as keyof typeof data]]),
        );
        const changes = changesOf(rowOf(target), given);
        if (Object.keys(changes).length > 0) {
          const values = Object.fromEntries(Object.entries(changes).map(([field, { to }]) => [field, to]));
          const refusal = checkCompany(values, target);
          if (refusal) {
            report.errors.push(...(await refusalRows(record.line, refusal, COMPANY_COLUMN_FIELDS)));
            continue;
          }
          setCompany(applyCompany(target, values));
          audit(user, target.id, 'imported', { mode: 'updated', line: record.line, changes });
        }
        updated.add(target.id);
      }
      report.created = created.size;
      report.updated = [...updated].filter((id) => !created.has(id)).length;
      return HttpResponse.json(report);
    }),

    // Each row's company by empresa_cnpj, else by empresa (its name, accents and case ignored); a contact with
    // the row's e-mail in that company is updated, else one is created.
    http.post(api('/companies/contacts/import'), async ({ request }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const parsed = parseOr400(csvImportSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const table = readTable(parsed.data.csv, [['nome'], ['empresa_cnpj', 'empresa']]);
      if (table instanceof Response) return table;
      const report: ImportReport = { created: 0, updated: 0, errors: [] };
      for (const record of table.records) {
        const cells = cellsByColumn(table, record);
        const input = contactInput(cells);
        const result = createCompanyContactSchema.safeParse(input);
        let company: StoredCompany | undefined;
        if (cells.empresa_cnpj !== undefined) {
          if (!isValidCnpj(cells.empresa_cnpj)) {
            report.errors.push({ line: record.line, field: 'empresa_cnpj', message: 'CNPJ inválido' });
          } else {
            const cnpj = normalizeCnpj(cells.empresa_cnpj);
            company = store.get().companies.find((item) => item.cnpj === cnpj);
            if (!company) {
              report.errors.push({
                line: record.line,
                field: 'empresa_cnpj',
                message: 'Empresa não encontrada',
              });
            }
          }
        } else {
          const name = cells.empresa ?? '';
          company = store.get().companies.find((item) => fold(item.name) === fold(name));
          if (!company) {
            report.errors.push({ line: record.line, field: 'empresa', message: 'Empresa não encontrada' });
          }
        }
        if (!result.success) {
          report.errors.push(...rowErrors(record.line, result.error.issues, CONTACT_COLUMN_FIELDS));
          continue;
        }
        if (!company) continue;
        const { other_company_ids: _others, branch_id: _branch, ...data } = result.data;
        const state = store.get();
        const existing = data.email
          ? state.contacts.find(
              (item) => item.company_id === company.id && item.email?.toLowerCase() === data.email,
            )
          : undefined;
        if (data.primary) clearPrimary(company.id, existing?.id ?? null);
        const now = new Date().toISOString();
        if (!existing) {
          const contact: CompanyContact = {
            id: nextId(state.contacts),
            company_id: company.id,
            company_name: company.name,
            other_companies: [],
            branch: null,
            ...orNull(CONTACT_FIELDS, data),
            whatsapp: data.whatsapp,
            primary: data.primary,
            billing: data.billing,
            technical: data.technical,
            vip: data.vip,
            created_at: now,
            updated_at: now,
          };
          store.set({ ...store.get(), contacts: [...store.get().contacts, contact] });
          audit(
            user,
            company.id,
            'contact_imported',
            { mode: 'created', line: record.line, contact_id: contact.id, name: data.name },
            { type: 'contact', id: contact.id },
          );
          report.created += 1;
        } else {
          const given = Object.fromEntries(
            Object.keys(input).map((field) => [field, data[field as keyof typeof data]]),
          );
          const next = { ...existing, ...(given as Partial<CompanyContact>), updated_at: now };
          store.set({
            ...store.get(),
            contacts: store.get().contacts.map((item) => (item.id === existing.id ? next : item)),
          });
          audit(
            user,
            company.id,
            'contact_imported',
            { mode: 'updated', line: record.line, contact_id: existing.id, name: data.name },
            { type: 'contact', id: existing.id },
          );
          report.updated += 1;
        }
      }
      return HttpResponse.json(report);
    }),

    http.post(api('/companies'), async ({ request }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const parsed = parseOr400(createCompanySchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const input = parsed.data;
      const refusal = checkCompany(input, null);
      if (refusal) return refusal;
      const company = addCompany(input);
      audit(user, company.id, 'created', {
        name: input.name,
        legal_name: input.legal_name,
        cnpj: input.cnpj ?? null,
        kind: input.kind,
      });
      return HttpResponse.json(toCompany(company, store.get()), { status: 201 });
    }),

    http.get(api('/companies/:id'), async ({ request, params }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const company = find(params.id);
      return company ? HttpResponse.json(toDetail(company, store.get())) : companyNotFound();
    }),

    // Only the fields that change are written and audited (from → to); nothing changed, nothing written.
    http.patch(api('/companies/:id'), async ({ request, params }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const company = find(params.id);
      if (!company) return companyNotFound();
      const parsed = parseOr400(updateCompanySchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const changes = changesOf(rowOf(company), parsed.data);
      if (Object.keys(changes).length === 0) return HttpResponse.json(toCompany(company, store.get()));
      const values = Object.fromEntries(Object.entries(changes).map(([field, { to }]) => [field, to]));
      if (company.archived_at !== null && values.status === 'ativo') {
        return conflict('A empresa está arquivada: desarquive-a para ativá-la', {
          status: 'Desarquive a empresa para ativá-la',
        });
      }
      const refusal = checkCompany(values, company);
      if (refusal) return refusal;
      const next = applyCompany(company, values);
      setCompany(next);
      audit(user, company.id, 'updated', { changes });
      return HttpResponse.json(toCompany(next, store.get()));
    }),

    http.post(api('/companies/:id/:action'), async ({ request, params }) => {
      // Anything else (branches, contacts, the logo) falls through to its own handler.
      if (params.action !== 'archive' && params.action !== 'unarchive') return undefined;
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const company = find(params.id);
      if (!company) return companyNotFound();
      const archive = params.action === 'archive';
      // Archiving what is archived (or bringing back what is not) changes nothing.
      if (archive === (company.archived_at !== null))
        return HttpResponse.json(toCompany(company, store.get()));
      if (archive && company.open_tickets > 0) {
        return conflict(
          `Não é possível arquivar: a empresa tem ${plural(company.open_tickets, 'chamado em aberto', 'chamados em aberto')}. Resolva-os antes.`,
        );
      }
      const status = archive ? 'inativo' : 'ativo';
      const next: StoredCompany = {
        ...company,
        archived_at: archive ? new Date().toISOString() : null,
        status,
        updated_at: new Date().toISOString(),
      };
      setCompany(next);
      audit(user, company.id, archive ? 'archived' : 'unarchived', {
        changes: company.status === status ? {} : { status: { from: company.status, to: status } },
      });
      return HttpResponse.json(toCompany(next, store.get()));
    }),

    // Refused while chamados are open or anything outside the company refers to it; its own branches,
    // contacts and logo go with it.
    http.delete(api('/companies/:id'), ({ request, params }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const company = find(params.id);
      if (!company) return companyNotFound();
      const state = store.get();
      if (company.open_tickets > 0) {
        return conflict(
          `Não é possível excluir: a empresa tem ${plural(company.open_tickets, 'chamado em aberto', 'chamados em aberto')}. Arquive-a em vez de excluir.`,
        );
      }
      const users = clientUsersOf(company.id);
      const contacts = state.contacts.filter((contact) =>
        contact.other_companies.some((other) => other.id === company.id),
      ).length;
      const children = state.companies.filter((item) => item.parent?.id === company.id).length;
      const parts = [
        users > 0 ? plural(users, 'usuário', 'usuários') : null,
        contacts > 0 ? plural(contacts, 'contato de outra empresa', 'contatos de outras empresas') : null,
        children > 0 ? plural(children, 'empresa no seu grupo', 'empresas no seu grupo') : null,
      ].filter((part) => part !== null);
      if (parts.length > 0) {
        return conflict(
          `Não é possível excluir: a empresa tem ${parts.join(', ')} ligados a ela. Arquive-a em vez de excluir.`,
        );
      }
      const { [company.id]: _logo, ...logos } = state.logos;
      store.set({
        ...state,
        companies: state.companies.filter((item) => item.id !== company.id),
        branches: state.branches.filter((item) => item.company_id !== company.id),
        contacts: state.contacts.filter((item) => item.company_id !== company.id),
        logos,
      });
      audit(user, company.id, 'deleted', {
        name: company.name,
        legal_name: company.legal_name,
        cnpj: company.cnpj,
      });
      return new HttpResponse(null, { status: 204 });
    }),

    // This module's events only, newest first, paged; where people connected from is for administrators.
    http.get(api('/companies/:id/activity'), async ({ request, params }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const company = find(params.id);
      if (!company) return companyNotFound();
      const search = new URL(request.url).searchParams;
      const page = Math.max(1, Number(search.get('page')) || 1);
      const limit = Math.min(100, Math.max(1, Number(search.get('limit')) || 25));
      const all = store.get().activity.filter((event) => event.company_id === company.id);
      const items = all
        .slice((page - 1) * limit, page * limit)
        .map((event) => (isAdmin(user) ? event : { ...event, ip: null, user_agent: null }));
      return HttpResponse.json({ items, total: all.length });
    }),

    // ---------------------------------------------------------------- logo

    http.post(api('/companies/:id/logo'), async ({ request, params }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const company = find(params.id);
      if (!company) return companyNotFound();
      if (!request.headers.get('content-type')?.includes('multipart/form-data')) {
        return errorResponse(415, 'unsupported_media_type', 'Envie o arquivo como multipart/form-data');
      }
      const file = (await request.formData()).get('file');
      if (!(file instanceof Blob)) return validationFailed({ file: 'Envie um arquivo de imagem' });
      if (file.size > PROFILE_PICTURE_MAX_BYTES) {
        return errorResponse(413, 'payload_too_large', 'Arquivo maior que 5MB');
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const type = imageTypeOf(bytes);
      if (!type) {
        return errorResponse(415, 'unsupported_media_type', UNSUPPORTED_LOGO, {
          file: 'O conteúdo do arquivo não é uma imagem JPG, PNG, GIF ou WEBP',
        });
      }
      const version = Date.now();
      const state = store.get();
      const next: StoredCompany = {
        ...company,
        logo_url: `/api/companies/${company.id}/logo?v=${version}`,
        updated_at: new Date().toISOString(),
      };
      store.set({
        ...state,
        companies: state.companies.map((item) => (item.id === company.id ? next : item)),
        logos: { ...state.logos, [company.id]: { type, bytes } },
      });
      audit(user, company.id, 'logo_updated', { content_type: type, size: bytes.length });
      return HttpResponse.json(toCompany(next, store.get()));
    }),

    http.delete(api('/companies/:id/logo'), ({ request, params }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const company = find(params.id);
      if (!company) return companyNotFound();
      const state = store.get();
      if (!state.logos[company.id] && !company.logo_url) return HttpResponse.json(toCompany(company, state));
      const { [company.id]: _removed, ...logos } = state.logos;
      const next: StoredCompany = { ...company, logo_url: null, updated_at: new Date().toISOString() };
      store.set({
        ...state,
        companies: state.companies.map((item) => (item.id === company.id ? next : item)),
        logos,
      });
      audit(user, company.id, 'logo_removed');
      return HttpResponse.json(toCompany(next, store.get()));
    }),

    // Staff who read companies, and a client of that company (their portal card shows it); another's is 404.
    http.get(api('/companies/:id/logo'), ({ request, params }) => {
      if (options.forbidden) return forbidden();
      const user = userFromRequest(request);
      if (!user) return unauthorized();
      if (!isClient(user) && !hasPermission(user, PERMISSIONS.COMPANIES_VIEW)) return forbidden();
      if (isClient(user) && user.company_id !== Number(params.id)) return notFound('Logo não encontrado');
      const logo = store.get().logos[Number(params.id)];
      if (!logo) return notFound('Logo não encontrado');
      return new HttpResponse(logo.bytes, {
        headers: { 'Content-Type': logo.type, 'Cache-Control': 'private, max-age=31536000, immutable' },
      });
    }),

    // ---------------------------------------------------------------- branches

    http.get(api('/companies/:id/branches'), async ({ request, params }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const company = find(params.id);
      if (!company) return companyNotFound();
      const items = store
        .get()
        .branches.filter((branch) => branch.company_id === company.id)
        .sort(
          (a, b) =>
            Number(b.head_office) - Number(a.head_office) ||
            fold(a.name).localeCompare(fold(b.name), 'pt-BR') ||
            a.id - b.id,
        );
      return HttpResponse.json({ items, total: items.length });
    }),

    http.post(api('/companies/:id/branches'), async ({ request, params }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const company = find(params.id);
      if (!company) return companyNotFound();
      const parsed = parseOr400(createBranchSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const input = parsed.data;
      const refusal = input.cnpj ? checkBranchCnpj(company, input.cnpj, null) : null;
      if (refusal) return refusal;
      if (input.head_office) clearHeadOffice(company.id, null);
      const state = store.get();
      const now = new Date().toISOString();
      const branch: Branch = {
        ...orNull(createBranchSchema.shape, input),
        id: nextId(state.branches),
        company_id: company.id,
        head_office: input.head_office,
        open_tickets: 0,
        created_at: now,
        updated_at: now,
      };
      store.set({ ...state, branches: [...state.branches, branch] });
      audit(
        user,
        company.id,
        'branch_created',
        { branch_id: branch.id, name: branch.name, cnpj: branch.cnpj, head_office: branch.head_office },
        { type: 'branch', id: branch.id },
      );
      return HttpResponse.json(branch, { status: 201 });
    }),

    http.patch(api('/companies/:id/branches/:branchId'), async ({ request, params }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const company = find(params.id);
      if (!company) return companyNotFound();
      const branch = findBranch(params);
      if (!branch) return notFound('Filial não encontrada');
      const parsed = parseOr400(updateBranchSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const changes = changesOf(branch as unknown as Record<string, unknown>, parsed.data);
      if (Object.keys(changes).length === 0) return HttpResponse.json(branch);
      const values = Object.fromEntries(Object.entries(changes).map(([field, { to }]) => [field, to]));
      const refusal =
        typeof values.cnpj === 'string' ? checkBranchCnpj(company, values.cnpj, branch.id) : null;
      if (refusal) return refusal;
      if (values.head_office === true) clearHeadOffice(company.id, branch.id);
      const next = { ...branch, ...values, updated_at: new Date().toISOString() } as Branch;
      const state = store.get();
      store.set({ ...state, branches: state.branches.map((item) => (item.id === branch.id ? next : item)) });
      audit(
        user,
        company.id,
        'branch_updated',
        { branch_id: branch.id, name: branch.name, changes },
        { type: 'branch', id: branch.id },
      );
      return HttpResponse.json(next);
    }),

    http.delete(api('/companies/:id/branches/:branchId'), ({ request, params }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      if (!find(params.id)) return companyNotFound();
      const branch = findBranch(params);
      if (!branch) return notFound('Filial não encontrada');
      if (branch.open_tickets > 0) {
        return conflict(
          `Não é possível excluir: a filial tem ${plural(branch.open_tickets, 'chamado em aberto', 'chamados em aberto')}.`,
        );
      }
      const state = store.get();
      store.set({
        ...state,
        branches: state.branches.filter((item) => item.id !== branch.id),
        // Its contacts keep no branch.
        contacts: state.contacts.map((item) =>
          item.branch?.id === branch.id ? { ...item, branch: null } : item,
        ),
      });
      audit(
        user,
        branch.company_id,
        'branch_deleted',
        { branch_id: branch.id, name: branch.name, cnpj: branch.cnpj },
        { type: 'branch', id: branch.id },
      );
      return new HttpResponse(null, { status: 204 });
    }),

    // ---------------------------------------------------------------- contacts

    // Its own contacts first, the principal first, then by name; paged (25, at most 100), `q` on name,
    // e-mail, cargo and departamento.
    http.get(api('/companies/:id/contacts'), async ({ request, params }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const company = find(params.id);
      if (!company) return companyNotFound();
      const search = new URL(request.url).searchParams;
      const page = Math.max(1, Number(search.get('page')) || 1);
      const limit = Math.min(100, Math.max(1, Number(search.get('limit')) || 25));
      const text = fold(search.get('q')?.trim());
      const all = contactsOf(store.get(), company.id)
        .filter(
          (contact) =>
            !text ||
            fold([contact.name, contact.email, contact.job_title, contact.department].join(' ')).includes(
              text,
            ),
        )
        .sort(
          (a, b) =>
            Number(a.company_id !== company.id) - Number(b.company_id !== company.id) ||
            Number(b.primary) - Number(a.primary) ||
            fold(a.name).localeCompare(fold(b.name), 'pt-BR') ||
            a.id - b.id,
        );
      return HttpResponse.json({ items: all.slice((page - 1) * limit, page * limit), total: all.length });
    }),

    http.post(api('/companies/:id/contacts'), async ({ request, params }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const company = find(params.id);
      if (!company) return companyNotFound();
      const parsed = parseOr400(createCompanyContactSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const { branch_id, other_company_ids: _ids, ...input } = parsed.data;
      const others = checkContact(company.id, parsed.data, null);
      if (others instanceof Response) return others;
      if (input.primary) clearPrimary(company.id, null);
      const state = store.get();
      const branch = state.branches.find((item) => item.id === branch_id);
      const now = new Date().toISOString();
      const contact: CompanyContact = {
        id: nextId(state.contacts),
        company_id: company.id,
        company_name: company.name,
        other_companies: companyRefs(others ?? []),
        branch: branch ? { id: branch.id, name: branch.name } : null,
        ...orNull(CONTACT_FIELDS, input),
        whatsapp: input.whatsapp,
        primary: input.primary,
        billing: input.billing,
        technical: input.technical,
        vip: input.vip,
        created_at: now,
        updated_at: now,
      };
      store.set({ ...state, contacts: [...state.contacts, contact] });
      audit(
        user,
        company.id,
        'contact_created',
        { contact_id: contact.id, name: contact.name, email: contact.email, other_company_ids: others ?? [] },
        { type: 'contact', id: contact.id },
      );
      return HttpResponse.json(contact, { status: 201 });
    }),

    http.patch(api('/companies/:id/contacts/:contactId'), async ({ request, params }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      if (!find(params.id)) return companyNotFound();
      const contact = findContact(params);
      if (!contact) return notFound('Contato não encontrado');
      const parsed = parseOr400(updateCompanyContactSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const others = checkContact(contact.company_id, parsed.data, contact.id);
      if (others instanceof Response) return others;
      const before = {
        ...contact,
        branch_id: contact.branch?.id ?? null,
        other_company_ids: contact.other_companies.map((company) => company.id),
      };
      const after = { ...parsed.data, ...(others === undefined ? {} : { other_company_ids: others }) };
      const changes = changesOf(before, after);
      if (Object.keys(changes).length === 0) return HttpResponse.json(contact);
      const values = Object.fromEntries(Object.entries(changes).map(([field, { to }]) => [field, to]));
      if (values.primary === true) clearPrimary(contact.company_id, contact.id);
      const { branch_id, other_company_ids, ...fields } = values;
      const state = store.get();
      const branch = state.branches.find((item) => item.id === branch_id);
      const next: CompanyContact = {
        ...(state.contacts.find((item) => item.id === contact.id) ?? contact),
        ...contactFields(fields),
        ...(branch_id !== undefined ? { branch: branch ? { id: branch.id, name: branch.name } : null } : {}),
        ...(other_company_ids !== undefined
          ? { other_companies: companyRefs(other_company_ids as number[]) }
          : {}),
        updated_at: new Date().toISOString(),
      };
      store.set({ ...state, contacts: state.contacts.map((item) => (item.id === contact.id ? next : item)) });
      audit(
        user,
        contact.company_id,
        'contact_updated',
        { contact_id: contact.id, name: contact.name, changes },
        { type: 'contact', id: contact.id },
      );
      return HttpResponse.json(next);
    }),

    http.delete(api('/companies/:id/contacts/:contactId'), ({ request, params }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      if (!find(params.id)) return companyNotFound();
      const contact = findContact(params);
      if (!contact) return notFound('Contato não encontrado');
      const state = store.get();
      store.set({ ...state, contacts: state.contacts.filter((item) => item.id !== contact.id) });
      audit(
        user,
        contact.company_id,
        'contact_deleted',
        { contact_id: contact.id, name: contact.name, email: contact.email },
        { type: 'contact', id: contact.id },
      );
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

export const companyHandlers = {
  default: () => createCompanyHandlers(),
  empty: () => createCompanyHandlers({ empty: true }),
  failing: () => createCompanyHandlers({ failing: true }),
  forbidden: () => createCompanyHandlers({ forbidden: true }),
  loading: () => createCompanyHandlers({ loading: true }),
};
