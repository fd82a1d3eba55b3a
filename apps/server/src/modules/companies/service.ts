/**
 * The companies' rules: uniqueness, the grupo econômico without loops, the branches' CNPJ root and single
 * matriz, contacts with their other companies and portal user, refusals while chamados are open; each write
 * in one transaction with its audit event, then (once committed) `company:created` / `company:updated`.
 */
import {
  cnpjRoot,
  formatCnpj,
  nextBranchCnpj,
  type Branch,
  type BranchList,
  type Company,
  type CompanyContact,
  type CompanyContactList,
  type CompanyDetail,
  type createBranchSchema,
  type createCompanyContactSchema,
  type createCompanySchema,
  type updateBranchSchema,
  type updateCompanyContactSchema,
  type updateCompanySchema,
} from '@farol/data/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { httpError } from '../../http/errors';
import type { Audit, AuditSource } from '../../shared/audit';
import type { CompanyEvents } from './events';
import {
  branchByCnpj,
  branchCnpjsOutsideRoot,
  clearHeadOffice,
  clearPrimaryContact,
  companyExists,
  companyPageFigures,
  companyReferences,
  deleteBranchRow,
  deleteCompanyRow,
  deleteContactRow,
  existingCompanyIds,
  findCompanyBy,
  insertBranch,
  insertCompany,
  insertContact,
  listBranches,
  listContacts,
  loadBranch,
  loadCompany,
  loadCompanyRow,
  loadContact,
  openTicketCount,
  portalUser,
  removeLogo,
  saveLogo,
  setOtherCompanies,
  staffName,
  updateBranchRow,
  updateCompanyRow,
  updateContactRow,
  wouldCycle,
  type BranchValues,
  type CompanyRow,
  type CompanyValues,
  type ContactValues,
} from './repository';

export type CreateCompanyInput = z.output<typeof createCompanySchema>;
export type UpdateCompanyInput = z.output<typeof updateCompanySchema>;
export type CreateBranchInput = z.output<typeof createBranchSchema>;
export type UpdateBranchInput = z.output<typeof updateBranchSchema>;
export type CreateContactInput = z.output<typeof createCompanyContactSchema>;
export type UpdateContactInput = z.output<typeof updateCompanyContactSchema>;

export const invalid = (field: string, message: string) =>
  httpError(400, 'validation_failed', 'Dados inválidos', { [field]: message });
export const conflict = (message: string, details?: Record<string, string>) =>
  httpError(409, 'conflict', message, details);

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** {field: {from, to}} for each given field whose value differs (arrays compared by content). */
export const changesOf = (before: Record<string, unknown>, after: Record<string, unknown>) => {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
};

/** The part of an audit entry every company event shares. */
export const companyTarget = (companyId: number) => ({
  module: 'companies',
  companyId,
  targetType: 'company',
  targetId: companyId,
});

const rootLabel = (cnpj: string) => formatCnpj(cnpj).slice(0, 10);

/** Database errors a check before the write should have caught, answered as the conflict they are. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === '23505';
const isForeignKeyViolation = (error: unknown) => (error as { code?: unknown }).code === '23503';

/**
 * The checks of a company's fields against the others (name and CNPJ taken, manager, parent, branches'
 * root), for a new company (`current` null) or a change.
 */
export const checkCompany = async (tx: Database, values: CompanyValues, current: CompanyRow | null) => {
  const id = current?.id ?? null;
  if (typeof values.name === 'string' && (await findCompanyBy(tx, 'name', values.name, id))) {
    throw conflict('Já existe uma empresa com este nome', { name: 'Já existe uma empresa com este nome' });
  }
  if (typeof values.cnpj === 'string') {
    if (await findCompanyBy(tx, 'cnpj', values.cnpj, id)) {
      throw conflict('Já existe uma empresa com este CNPJ', { cnpj: 'Já existe uma empresa com este CNPJ' });
    }
    if (current) {
      const others = await branchCnpjsOutsideRoot(tx, current.id, cnpjRoot(values.cnpj));
      if (others.length > 0) {
        throw invalid(
          'cnpj',
          `O CNPJ deve ter a mesma raiz (${rootLabel(others[0]!)}) das filiais da empresa`,
        );
      }
    }
  }
  if (
    typeof values.account_manager_id === 'number' &&
    (await staffName(tx, values.account_manager_id)) === null
  ) {
    throw invalid('account_manager_id', 'O responsável deve ser alguém da equipe');
  }
  if (typeof values.parent_id === 'number') {
    if (!(await companyExists(tx, values.parent_id))) throw invalid('parent_id', 'Empresa não encontrada');
    if (id !== null && (await wouldCycle(tx, id, values.parent_id))) {
      throw conflict('O grupo econômico não pode formar um ciclo', {
        parent_id: 'Esta empresa já está acima dela no grupo econômico',
      });
    }
  }
};

export interface CompanyServiceDeps {
  db: Database;
  audit: Audit;
  events: CompanyEvents;
}

export const createCompanyService = ({ db, audit, events }: CompanyServiceDeps) => {
  /** Runs a write; a uniqueness race the checks missed answers 409 instead of 500. */
  const write = async <T>(fn: (tx: Database) => Promise<T>): Promise<T> => {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('Já existe um registro com estes dados');
      throw error;
    }
  };

  const announce = async (companyIds: Iterable<number>) => {
    for (const id of new Set(companyIds)) await events.updated(await loadCompany(db, id));
  };

  /** The company, locked for the write, its branch (if the company's) checked by CNPJ rules. */
  const checkBranchCnpj = async (
    tx: Database,
    company: CompanyRow,
    cnpj: string,
    branchId: number | null,
  ) => {
    if (company.cnpj && cnpjRoot(cnpj) !== cnpjRoot(company.cnpj)) {
      throw invalid('cnpj', `O CNPJ da filial deve ter a mesma raiz (${rootLabel(company.cnpj)}) da empresa`);
    }
    if ((await branchByCnpj(tx, cnpj, branchId)) !== null) {
      throw conflict('Já existe uma filial com este CNPJ', { cnpj: 'Já existe uma filial com este CNPJ' });
    }
  };

  /** A contact's branch, other companies and portal user, checked against its company. */
  const checkContact = async (
    tx: Database,
    companyId: number,
    input: Pick<UpdateContactInput, 'branch_id' | 'user_id' | 'other_company_ids'>,
    contactId: number | null,
  ): Promise<number[] | undefined> => {
    if (typeof input.branch_id === 'number') {
      const { rows } = await tx.query('SELECT 1 FROM branches WHERE id = $1 AND company_id = $2', [
        input.branch_id,
        companyId,
      ]);
      if (rows.length === 0) throw invalid('branch_id', 'Filial não encontrada nesta empresa');
    }
    if (typeof input.user_id === 'number') {
      const user = await portalUser(tx, input.user_id, contactId);
      if (!user) throw invalid('user_id', 'Usuário não encontrado');
      if (!user.client) throw invalid('user_id', 'O acesso ao portal é de um usuário cliente');
      if (user.company_id !== companyId) throw invalid('user_id', 'O usuário deve ser cliente desta empresa');
      if (user.taken) {
        throw conflict('Este usuário já está ligado a outro contato', {
          user_id: 'Este usuário já está ligado a outro contato',
        });
      }
    }
    if (input.other_company_ids === undefined) return undefined;
    const others = [...new Set(input.other_company_ids)]
      .filter((id) => id !== companyId)
      .sort((a, b) => a - b);
    const existing = await existingCompanyIds(tx, others);
    const missing = others.find((id) => !existing.has(id));
    if (missing !== undefined) throw invalid('other_company_ids', `Empresa não encontrada: ${missing}`);
    return others;
  };

  const contactValues = (input: UpdateContactInput): ContactValues => {
    const { other_company_ids: _others, ...values } = input;
    return values;
  };

  return {
    async get(id: number): Promise<CompanyDetail> {
      const company = await loadCompany(db, id);
      const figures = await companyPageFigures(db, id);
      return {
        ...company,
        overdue_tickets: figures.overdue,
        last_contact_at: figures.lastContactAt,
        children: figures.children,
        suggested_branch_cnpj: company.cnpj
          ? nextBranchCnpj(cnpjRoot(company.cnpj), [company.cnpj, ...figures.branchCnpjs])
          : null,
      };
    },

    async create(input: CreateCompanyInput, source: AuditSource): Promise<Company> {
      const values: CompanyValues = { ...input };
      const id = await write(async (tx) => {
        await checkCompany(tx, values, null);
        const companyId = await insertCompany(tx, values);
        await audit(
          {
            ...source,
            ...companyTarget(companyId),
            action: 'created',
            details: {
              name: input.name,
              legal_name: input.legal_name,
              cnpj: input.cnpj ?? null,
              kind: input.kind,
            },
          },
          tx,
        );
        return companyId;
      });
      const company = await loadCompany(db, id);
      await events.created(company);
      return company;
    },

    async update(id: number, input: UpdateCompanyInput, source: AuditSource): Promise<Company> {
      const changed = await write(async (tx) => {
        const current = await loadCompanyRow(tx, id, true);
        const changes = changesOf(current as unknown as Record<string, unknown>, input);
        if (Object.keys(changes).length === 0) return false;
        const values = Object.fromEntries(Object.keys(changes).map((field) => [field, changes[field]!.to]));
        if (current.archived_at !== null && values.status === 'ativo') {
          throw conflict('A empresa está arquivada: desarquive-a para ativá-la', {
            status: 'Desarquive a empresa para ativá-la',
          });
        }
        await checkCompany(tx, values, current);
        await updateCompanyRow(tx, id, values);
        await audit({ ...source, ...companyTarget(id), action: 'updated', details: { changes } }, tx);
        return true;
      });
      const company = await loadCompany(db, id);
      if (changed) await events.updated(company);
      return company;
    },

    /** Refused while chamados are open or anything outside the company refers to it: archive it instead. */
    async remove(id: number, source: AuditSource): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const current = await loadCompanyRow(tx, id, true);
          const open = await openTicketCount(tx, id);
          if (open > 0) {
            throw conflict(
              `Não é possível excluir: a empresa tem ${plural(open, 'chamado em aberto', 'chamados em aberto')}. Arquive-a em vez de excluir.`,
            );
          }
          const refs = await companyReferences(tx, id);
          const parts = [
            refs.tickets > 0 ? plural(refs.tickets, 'chamado', 'chamados') : null,
            refs.users > 0 ? plural(refs.users, 'usuário', 'usuários') : null,
            refs.contacts > 0
              ? plural(refs.contacts, 'contato de outra empresa', 'contatos de outras empresas')
              : null,
            refs.children > 0 ? plural(refs.children, 'empresa no seu grupo', 'empresas no seu grupo') : null,
          ].filter((part) => part !== null);
          if (parts.length > 0) {
            throw conflict(
              `Não é possível excluir: a empresa tem ${parts.join(', ')} ligados a ela. Arquive-a em vez de excluir.`,
            );
          }
          await deleteCompanyRow(tx, id);
          await audit(
            {
              ...source,
              ...companyTarget(id),
              action: 'deleted',
              details: { name: current.name, legal_name: current.legal_name, cnpj: current.cnpj },
            },
            tx,
          );
        });
      } catch (error) {
        // Another module's records (added after these checks were written) refer to it.
        if (isForeignKeyViolation(error)) {
          throw conflict('A empresa tem registros ligados a ela. Arquive-a em vez de excluir.');
        }
        throw error;
      }
    },

    async archive(id: number, source: AuditSource): Promise<Company> {
      const changed = await write(async (tx) => {
        const current = await loadCompanyRow(tx, id, true);
        if (current.archived_at !== null) return false;
        const open = await openTicketCount(tx, id);
        if (open > 0) {
          throw conflict(
            `Não é possível arquivar: a empresa tem ${plural(open, 'chamado em aberto', 'chamados em aberto')}. Resolva-os antes.`,
          );
        }
        await updateCompanyRow(tx, id, { status: 'inativo' }, ['archived_at = now()']);
        const changes =
          current.status === 'inativo' ? {} : { status: { from: current.status, to: 'inativo' } };
        await audit({ ...source, ...companyTarget(id), action: 'archived', details: { changes } }, tx);
        return true;
      });
      const company = await loadCompany(db, id);
      if (changed) await events.updated(company);
      return company;
    },

    async unarchive(id: number, source: AuditSource): Promise<Company> {
      const changed = await write(async (tx) => {
        const current = await loadCompanyRow(tx, id, true);
        if (current.archived_at === null) return false;
        await updateCompanyRow(tx, id, { status: 'ativo' }, ['archived_at = NULL']);
        const changes = current.status === 'ativo' ? {} : { status: { from: current.status, to: 'ativo' } };
        await audit({ ...source, ...companyTarget(id), action: 'unarchived', details: { changes } }, tx);
        return true;
      });
      const company = await loadCompany(db, id);
      if (changed) await events.updated(company);
      return company;
    },

    async setLogo(id: number, logo: { contentType: string; bytes: Buffer }, source: AuditSource) {
      await write(async (tx) => {
        await loadCompanyRow(tx, id, true);
        await saveLogo(tx, id, logo.contentType, logo.bytes);
        const details = { content_type: logo.contentType, size: logo.bytes.length };
        await audit({ ...source, ...companyTarget(id), action: 'logo_updated', details }, tx);
      });
      const company = await loadCompany(db, id);
      await events.updated(company);
      return company;
    },

    async removeLogo(id: number, source: AuditSource) {
      const removed = await write(async (tx) => {
        await loadCompanyRow(tx, id, true);
        if (!(await removeLogo(tx, id))) return false;
        await audit({ ...source, ...companyTarget(id), action: 'logo_removed' }, tx);
        return true;
      });
      const company = await loadCompany(db, id);
      if (removed) await events.updated(company);
      return company;
    },

    // ------------------------------------------------------------ branches

    async listBranches(companyId: number): Promise<BranchList> {
      await loadCompanyRow(db, companyId);
      const items = await listBranches(db, companyId);
      return { items, total: items.length };
    },

    async createBranch(companyId: number, input: CreateBranchInput, source: AuditSource): Promise<Branch> {
      const values: BranchValues = { ...input };
      const branchId = await write(async (tx) => {
        // The company's row is the lock that serialises its branches' matriz flag.
        const company = await loadCompanyRow(tx, companyId, true);
        if (typeof input.cnpj === 'string') await checkBranchCnpj(tx, company, input.cnpj, null);
        if (input.head_office) await clearHeadOffice(tx, companyId, null);
        const id = await insertBranch(tx, companyId, values);
        await audit(
          {
            ...source,
            ...companyTarget(companyId),
            targetType: 'branch',
            targetId: id,
            action: 'branch_created',
            details: {
              branch_id: id,
              name: input.name,
              cnpj: input.cnpj ?? null,
              head_office: input.head_office,
            },
          },
          tx,
        );
        return id;
      });
      await announce([companyId]);
      return loadBranch(db, companyId, branchId);
    },

    async updateBranch(
      companyId: number,
      branchId: number,
      input: UpdateBranchInput,
      source: AuditSource,
    ): Promise<Branch> {
      const changed = await write(async (tx) => {
        const company = await loadCompanyRow(tx, companyId, true);
        const current = await loadBranch(tx, companyId, branchId, true);
        const changes = changesOf(current as unknown as Record<string, unknown>, input);
        if (Object.keys(changes).length === 0) return false;
        const values = Object.fromEntries(Object.keys(changes).map((field) => [field, changes[field]!.to]));
        if (typeof values.cnpj === 'string') await checkBranchCnpj(tx, company, values.cnpj, branchId);
        if (values.head_office === true) await clearHeadOffice(tx, companyId, branchId);
        await updateBranchRow(tx, branchId, values);
        await audit(
          {
            ...source,
            ...companyTarget(companyId),
            targetType: 'branch',
            targetId: branchId,
            action: 'branch_updated',
            details: { branch_id: branchId, name: current.name, changes },
          },
          tx,
        );
        return true;
      });
      if (changed) await announce([companyId]);
      return loadBranch(db, companyId, branchId);
    },

    /** Refused while open chamados are of the branch; closed ones keep no branch. */
    async removeBranch(companyId: number, branchId: number, source: AuditSource): Promise<void> {
      await write(async (tx) => {
        await loadCompanyRow(tx, companyId, true);
        const current = await loadBranch(tx, companyId, branchId, true);
        if (current.open_tickets > 0) {
          throw conflict(
            `Não é possível excluir: a filial tem ${plural(current.open_tickets, 'chamado em aberto', 'chamados em aberto')}.`,
          );
        }
        await deleteBranchRow(tx, branchId);
        await audit(
          {
            ...source,
            ...companyTarget(companyId),
            targetType: 'branch',
            targetId: branchId,
            action: 'branch_deleted',
            details: { branch_id: branchId, name: current.name, cnpj: current.cnpj },
          },
          tx,
        );
      });
      await announce([companyId]);
    },

    // ------------------------------------------------------------ contacts

    async listContacts(
      companyId: number,
      query: { q?: string | undefined; page: number; limit: number },
    ): Promise<CompanyContactList> {
      await loadCompanyRow(db, companyId);
      return listContacts(db, companyId, query);
    },

    async createContact(
      companyId: number,
      input: CreateContactInput,
      source: AuditSource,
    ): Promise<CompanyContact> {
      const { contactId, others } = await write(async (tx) => {
        await loadCompanyRow(tx, companyId, true);
        const others = (await checkContact(tx, companyId, input, null)) ?? [];
        if (input.primary) await clearPrimaryContact(tx, companyId, null);
        const id = await insertContact(tx, companyId, contactValues(input));
        await setOtherCompanies(tx, id, others);
        await audit(
          {
            ...source,
            ...companyTarget(companyId),
            targetType: 'contact',
            targetId: id,
            action: 'contact_created',
            details: {
              contact_id: id,
              name: input.name,
              email: input.email ?? null,
              other_company_ids: others,
            },
          },
          tx,
        );
        return { contactId: id, others };
      });
      await announce([companyId, ...others]);
      return loadContact(db, companyId, contactId);
    },

    async updateContact(
      companyId: number,
      contactId: number,
      input: UpdateContactInput,
      source: AuditSource,
    ): Promise<CompanyContact> {
      const touched = await write(async (tx) => {
        await loadCompanyRow(tx, companyId, true);
        const current = await loadContact(tx, companyId, contactId);
        const before = {
          ...current,
          branch_id: current.branch?.id ?? null,
          other_company_ids: current.other_companies.map((company) => company.id),
        };
        const others = await checkContact(tx, companyId, input, contactId);
        const after = { ...input, ...(others === undefined ? {} : { other_company_ids: others }) };
        const changes = changesOf(before, after);
        if (Object.keys(changes).length === 0) return [];
        const values = contactValues(
          Object.fromEntries(
            Object.keys(changes).map((field) => [field, changes[field]!.to]),
          ) as UpdateContactInput,
        );
        if (values.primary === true) await clearPrimaryContact(tx, companyId, contactId);
        await updateContactRow(tx, contactId, values);
        if (changes.other_company_ids) await setOtherCompanies(tx, contactId, others ?? []);
        await audit(
          {
            ...source,
            ...companyTarget(companyId),
            targetType: 'contact',
            targetId: contactId,
            action: 'contact_updated',
            details: { contact_id: contactId, name: current.name, changes },
          },
          tx,
        );
        return [companyId, ...before.other_company_ids, ...(others ?? [])];
      });
      if (touched.length > 0) await announce(touched);
      return loadContact(db, companyId, contactId);
    },

    async removeContact(companyId: number, contactId: number, source: AuditSource): Promise<void> {
      const touched = await write(async (tx) => {
        await loadCompanyRow(tx, companyId, true);
        const current = await loadContact(tx, companyId, contactId);
        await deleteContactRow(tx, contactId);
        await audit(
          {
            ...source,
            ...companyTarget(companyId),
            targetType: 'contact',
            targetId: contactId,
            action: 'contact_deleted',
            details: { contact_id: contactId, name: current.name, email: current.email },
          },
          tx,
        );
        return [companyId, ...current.other_companies.map((company) => company.id)];
      });
      await announce(touched);
    },
  };
};

export type CompanyService = ReturnType<typeof createCompanyService>;
