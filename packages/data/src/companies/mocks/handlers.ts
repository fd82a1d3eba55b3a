import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { z } from 'zod';
import { hasPermission, isClient, PERMISSIONS } from '../../access/permissions';
import {
  COMPANY_PAGE_SIZE,
  cnpjRoot,
  companyListQuerySchema,
  createBranchSchema,
  createCompanyContactSchema,
  createCompanySchema,
  csvImportSchema,
  emailDomainOf,
  formatCnpj,
  nextBranchCnpj,
  updateBranchSchema,
  updateCompanyContactSchema,
  updateCompanySchema,
  type AuditEvent,
  type Branch,
  type Company,
  type CompanyContact,
  type CompanyDetail,
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
import { createMockStore, type MockStore } from '../../mocks/store';
import { companyFixtures, type StoredCompany } from './seed';

export interface CompanyMockState {
  companies: StoredCompany[];
  branches: Branch[];
  contacts: CompanyContact[];
  activity: AuditEvent[];
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
    ? { companies: [], branches: [], contacts: [], activity: [] }
    : options.companies
      ? { companies: options.companies(), branches: [], contacts: [], activity: [] }
      : {
          companies: companyFixtures.companies(),
          branches: companyFixtures.branches(),
          contacts: companyFixtures.contacts(),
          activity: companyFixtures.activity(),
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
const conflict = (message: string) => errorResponse(409, 'conflict', message);

function toCompany(stored: StoredCompany, state: CompanyMockState): Company {
  const { overdue_tickets: _overdue, last_contact_at: _last, ...company } = stored;
  return {
    ...company,
    branch_count: state.branches.filter((branch) => branch.company_id === stored.id).length,
    contact_count: state.contacts.filter((contact) => contact.company_id === stored.id).length,
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

const sorters: Record<string, (a: Company, b: Company) => number> = {
  name: (a, b) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }),
  created_at: (a, b) => a.created_at.localeCompare(b.created_at),
  updated_at: (a, b) => a.updated_at.localeCompare(b.updated_at),
  open_tickets: (a, b) => a.open_tickets - b.open_tickets,
};

/** RFC 4180 CSV rows (`,` or `;`, quoted fields, a leading BOM ignored). */
function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const separator = (source.split('\n')[0] ?? '').includes(';') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

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
  const audit = (
    user: UserWire,
    companyId: number,
    action: string,
    details: Record<string, unknown> = {},
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
      target_type: 'company',
      target_id: String(companyId),
      reason: null,
      ticket_id: null,
      ip: '127.0.0.1',
      user_agent: null,
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
  /** Stores a new company from a valid create body (the POST and each imported row). */
  const addCompany = (input: z.output<typeof createCompanySchema>): StoredCompany => {
    const { account_manager_id, parent_id, ...fields } = orNull(createCompanySchema.shape, input);
    const now = new Date().toISOString();
    const state = store.get();
    const company: StoredCompany = {
      ...fields,
      id: nextId(state.companies),
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
  const cnpjTaken = (cnpj: string | null | undefined, except?: number) =>
    !!cnpj && store.get().companies.some((company) => company.cnpj === cnpj && company.id !== except);

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
      const state = store.get();
      const text = fold(query.q);
      const ufs = (id: number) =>
        state.branches.filter((branch) => branch.company_id === id).map((b) => b.uf);
      let items = state.companies
        .filter((company) => query.archived || company.archived_at === null)
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
            [company.name, company.legal_name, company.cnpj, ...company.email_domains].some((value) =>
              fold(value).includes(text),
            ),
        )
        .map((company) => toCompany(company, state));
      const sort = sorters[query.sort ?? 'name']!;
      items = items.sort((a, b) => (query.order === 'desc' ? -sort(a, b) : sort(a, b)));
      const limit = query.limit ?? COMPANY_PAGE_SIZE;
      const page = query.page ?? 1;
      return HttpResponse.json({ items: items.slice((page - 1) * limit, page * limit), total: items.length });
    }),

    http.get(api('/companies/options'), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      return HttpResponse.json({
        managers: companyFixtures.managers(),
        companies: store.get().companies.map((company) => ({ id: company.id, name: company.name })),
      });
    }),

    http.get(api('/companies/suggest'), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const domain = emailDomainOf(new URL(request.url).searchParams.get('email') ?? '');
      const items = domain
        ? store
            .get()
            .companies.filter((company) => company.email_domains.includes(domain))
            .map((company) => ({ id: company.id, name: company.name }))
        : [];
      return HttpResponse.json({ items });
    }),

    http.get(api('/companies/mine'), ({ request }) => {
      const user = userFromRequest(request);
      if (!user) return unauthorized();
      if (!isClient(user)) return forbidden();
      const company = find(user.company_id);
      if (!company) return companyNotFound();
      const branch = store.get().branches.find((item) => item.company_id === company.id && item.head_office);
      return HttpResponse.json({
        id: company.id,
        name: company.name,
        logo_url: company.logo_url,
        branch: branch ? { id: branch.id, name: branch.name, city: branch.city, uf: branch.uf } : null,
      });
    }),

    // The server has no CEP provider unless one is configured; the forms work without it.
    http.get(api('/companies/cep/:cep'), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      return notFound('Consulta de CEP indisponível: preencha o endereço.');
    }),

    http.get(api('/companies/export.csv'), async ({ request }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const rows = store
        .get()
        .companies.map((company) =>
          [company.name, company.legal_name, company.cnpj ? formatCnpj(company.cnpj) : '', company.kind].join(
            ';',
          ),
        );
      return new HttpResponse(`\uFEFFnome;razao_social;cnpj;tipo\n${rows.join('\n')}\n`, {
        headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      });
    }),

    http.post(api('/companies/import'), async ({ request }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const parsed = parseOr400(csvImportSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const [header = [], ...rows] = parseCsv(parsed.data.csv);
      const columns = header.map((name) => name.trim().toLowerCase());
      const errors: ImportRowError[] = [];
      let created = 0;
      rows.forEach((cells, index) => {
        const cell = (name: string) => cells[columns.indexOf(name)]?.trim() ?? '';
        const input = {
          name: cell('nome'),
          legal_name: cell('razao_social'),
          cnpj: cell('cnpj'),
          kind: cell('tipo') || undefined,
          email_domains: cell('dominios_email') ? cell('dominios_email').split(/[\s,|]+/) : [],
          phone: cell('telefone'),
        };
        const result = createCompanySchema.safeParse(input);
        if (!result.success) {
          const issue = result.error.issues[0]!;
          errors.push({ line: index + 2, field: String(issue.path[0] ?? '_'), message: issue.message });
          return;
        }
        addCompany(result.data);
        created += 1;
      });
      return HttpResponse.json({ created, updated: 0, errors });
    }),

    http.post(api('/companies/contacts/import'), async ({ request }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const parsed = parseOr400(csvImportSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const [, ...rows] = parseCsv(parsed.data.csv);
      return HttpResponse.json({ created: rows.length, updated: 0, errors: [] });
    }),

    http.post(api('/companies'), async ({ request }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const parsed = parseOr400(createCompanySchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const input = parsed.data;
      if (cnpjTaken(input.cnpj)) return validationFailed({ cnpj: 'Já existe uma empresa com este CNPJ' });
      const company = addCompany(input);
      audit(user, company.id, 'created');
      return HttpResponse.json(toCompany(company, store.get()), { status: 201 });
    }),

    http.get(api('/companies/:id'), async ({ request, params }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const company = find(params.id);
      return company ? HttpResponse.json(toDetail(company, store.get())) : companyNotFound();
    }),

    http.patch(api('/companies/:id'), async ({ request, params }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const company = find(params.id);
      if (!company) return companyNotFound();
      const parsed = parseOr400(updateCompanySchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const { account_manager_id, parent_id, ...fields } = parsed.data;
      if (cnpjTaken(fields.cnpj, company.id))
        return validationFailed({ cnpj: 'Já existe uma empresa com este CNPJ' });
      if (parent_id === company.id) return conflict('Uma empresa não pode ser o próprio grupo econômico.');
      const next: StoredCompany = {
        ...company,
        ...(Object.fromEntries(
          Object.entries(fields).filter(([, value]) => value !== undefined),
        ) as Partial<StoredCompany>),
        ...(account_manager_id !== undefined ? { account_manager: managerOf(account_manager_id) } : {}),
        ...(parent_id !== undefined ? { parent: parentOf(parent_id) } : {}),
        updated_at: new Date().toISOString(),
      };
      const state = store.get();
      store.set({
        ...state,
        companies: state.companies.map((item) => (item.id === company.id ? next : item)),
      });
      audit(user, company.id, 'updated', { changes: Object.keys(parsed.data) });
      return HttpResponse.json(toCompany(next, store.get()));
    }),

    http.post(api('/companies/:id/:action'), async ({ request, params }) => {
      // Anything else (branches, contacts) falls through to its own handler.
      if (params.action !== 'archive' && params.action !== 'unarchive') return undefined;
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const company = find(params.id);
      if (!company) return companyNotFound();
      const archive = params.action === 'archive';
      if (archive && company.open_tickets > 0) {
        return conflict(
          `A empresa tem ${company.open_tickets} chamado(s) em aberto. Resolva ou feche os chamados antes de arquivá-la.`,
        );
      }
      const next: StoredCompany = {
        ...company,
        archived_at: archive ? new Date().toISOString() : null,
        status: archive ? 'inativo' : 'ativo',
        updated_at: new Date().toISOString(),
      };
      const state = store.get();
      store.set({
        ...state,
        companies: state.companies.map((item) => (item.id === company.id ? next : item)),
      });
      audit(user, company.id, archive ? 'archived' : 'unarchived');
      return HttpResponse.json(toCompany(next, store.get()));
    }),

    http.delete(api('/companies/:id'), ({ request, params }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const company = find(params.id);
      if (!company) return companyNotFound();
      const state = store.get();
      const referenced =
        company.open_tickets > 0 ||
        state.branches.some((branch) => branch.company_id === company.id) ||
        state.contacts.some((contact) => contact.company_id === company.id);
      if (referenced) {
        return conflict(
          'A empresa tem chamados, filiais ou contatos vinculados. Arquive-a em vez de excluir.',
        );
      }
      store.set({ ...state, companies: state.companies.filter((item) => item.id !== company.id) });
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(api('/companies/:id/activity'), async ({ request, params }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const company = find(params.id);
      if (!company) return companyNotFound();
      const items = store.get().activity.filter((event) => event.company_id === company.id);
      return HttpResponse.json({ items, total: items.length });
    }),

    http.get(api('/companies/:id/branches'), async ({ request, params }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const company = find(params.id);
      if (!company) return companyNotFound();
      const items = store
        .get()
        .branches.filter((branch) => branch.company_id === company.id)
        .sort((a, b) => Number(b.head_office) - Number(a.head_office) || a.name.localeCompare(b.name));
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
      if (input.cnpj && company.cnpj && cnpjRoot(input.cnpj) !== cnpjRoot(company.cnpj)) {
        return validationFailed({
          cnpj: `O CNPJ da filial deve ter a mesma raiz (${formatCnpj(company.cnpj).slice(0, 10)}) da empresa`,
        });
      }
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
      const branches = input.head_office
        ? state.branches.map((item) =>
            item.company_id === company.id ? { ...item, head_office: false } : item,
          )
        : state.branches;
      store.set({ ...state, branches: [...branches, branch] });
      audit(user, company.id, 'branch_created', { branch: branch.name });
      return HttpResponse.json(branch, { status: 201 });
    }),

    http.patch(api('/companies/:id/branches/:branchId'), async ({ request, params }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const state = store.get();
      const branch = state.branches.find(
        (item) => item.id === Number(params.branchId) && item.company_id === Number(params.id),
      );
      if (!branch) return notFound('Filial não encontrada');
      const parsed = parseOr400(updateBranchSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const next = { ...branch, ...parsed.data, updated_at: new Date().toISOString() } as Branch;
      store.set({ ...state, branches: state.branches.map((item) => (item.id === branch.id ? next : item)) });
      audit(user, branch.company_id, 'branch_updated', { branch: next.name });
      return HttpResponse.json(next);
    }),

    http.delete(api('/companies/:id/branches/:branchId'), ({ request, params }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const state = store.get();
      const branch = state.branches.find(
        (item) => item.id === Number(params.branchId) && item.company_id === Number(params.id),
      );
      if (!branch) return notFound('Filial não encontrada');
      if (branch.open_tickets > 0)
        return conflict('A filial tem chamados em aberto e não pode ser excluída.');
      store.set({ ...state, branches: state.branches.filter((item) => item.id !== branch.id) });
      audit(user, branch.company_id, 'branch_deleted', { branch: branch.name });
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(api('/companies/:id/contacts'), async ({ request, params }) => {
      const user = await read(request);
      if (user instanceof Response) return user;
      const company = find(params.id);
      if (!company) return companyNotFound();
      const items = store
        .get()
        .contacts.filter(
          (contact) =>
            contact.company_id === company.id ||
            contact.other_companies.some((other) => other.id === company.id),
        )
        .sort((a, b) => Number(b.primary) - Number(a.primary) || a.name.localeCompare(b.name));
      return HttpResponse.json({ items, total: items.length });
    }),

    http.post(api('/companies/:id/contacts'), async ({ request, params }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const company = find(params.id);
      if (!company) return companyNotFound();
      const parsed = parseOr400(createCompanyContactSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const { branch_id, other_company_ids, ...input } = parsed.data;
      const state = store.get();
      const branch = state.branches.find((item) => item.id === branch_id && item.company_id === company.id);
      const now = new Date().toISOString();
      const contact: CompanyContact = {
        id: nextId(state.contacts),
        company_id: company.id,
        company_name: company.name,
        other_companies: companyRefs(other_company_ids),
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
      audit(user, company.id, 'contact_created', { contact: contact.name });
      return HttpResponse.json(contact, { status: 201 });
    }),

    http.patch(api('/companies/:id/contacts/:contactId'), async ({ request, params }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const state = store.get();
      const contact = state.contacts.find((item) => item.id === Number(params.contactId));
      if (!contact) return notFound('Contato não encontrado');
      const parsed = parseOr400(updateCompanyContactSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const { branch_id, other_company_ids, ...fields } = parsed.data;
      const branch = state.branches.find((item) => item.id === branch_id);
      const next: CompanyContact = {
        ...contact,
        ...(fields as Partial<CompanyContact>),
        ...(branch_id !== undefined ? { branch: branch ? { id: branch.id, name: branch.name } : null } : {}),
        ...(other_company_ids ? { other_companies: companyRefs(other_company_ids) } : {}),
        updated_at: new Date().toISOString(),
      };
      store.set({ ...state, contacts: state.contacts.map((item) => (item.id === contact.id ? next : item)) });
      audit(user, contact.company_id, 'contact_updated', { contact: next.name });
      return HttpResponse.json(next);
    }),

    http.delete(api('/companies/:id/contacts/:contactId'), ({ request, params }) => {
      const user = staff(request, true);
      if (user instanceof Response) return user;
      const state = store.get();
      const contact = state.contacts.find((item) => item.id === Number(params.contactId));
      if (!contact) return notFound('Contato não encontrado');
      store.set({ ...state, contacts: state.contacts.filter((item) => item.id !== contact.id) });
      audit(user, contact.company_id, 'contact_deleted', { contact: contact.name });
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
