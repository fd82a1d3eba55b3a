import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cnpjRoot,
  companySchema,
  isValidCep,
  isValidCnpj,
  normalizePhone,
  type Company,
} from '@farol/data/contract';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { migrations } from '../src/db/migrations/index';
import { listBranches, listContacts, loadCompany } from '../src/modules/companies/repository';
import { seedDemo } from '../src/seed/demo';
import { openEmptyTestDatabase, openSeededTestDatabase } from './harness';

let db: Database;
let companies: Company[];

beforeAll(async () => {
  // The demo as seeded on the pass's engine; seeding again changes nothing.
  db = await openSeededTestDatabase();
  expect(await seedDemo(db)).toBeNull();
  const { rows } = await db.query<{ id: number }>('SELECT id FROM companies ORDER BY id');
  companies = await Promise.all(rows.map((row) => loadCompany(db, row.id)));
}, 180_000);

afterAll(async () => {
  await db.close();
});

describe('the demo companies', () => {
  it('are eight, Acme and Globex among them, each a valid Company with a razão social and a valid CNPJ', () => {
    expect(companies).toHaveLength(8);
    expect(companies.map((company) => company.name)).toEqual(expect.arrayContaining(['Acme', 'Globex']));
    for (const company of companies) {
      companySchema.parse(company);
      expect(company.legal_name, company.name).not.toBe(company.name);
      expect(isValidCnpj(company.cnpj!), company.name).toBe(true);
      if (company.phone) expect(normalizePhone(company.phone)).toBe(company.phone);
    }
    expect(companies.some((company) => /[A-Z]/.test(company.cnpj!.slice(0, 12)))).toBe(true);
    const acme = companies.find((company) => company.name === 'Acme')!;
    const globex = companies.find((company) => company.name === 'Globex')!;
    expect(acme.email_domains).toContain('acme.com.br');
    expect(globex.email_domains).toContain('globex.com.br');
    expect(companies.filter((company) => company.account_manager !== null).length).toBeGreaterThan(2);
  });

  it('have 2–4 branches with CNPJs of their root, valid CEPs, several UFs and one matriz each', async () => {
    const ufs = new Set<string>();
    for (const company of companies) {
      const branches = await listBranches(db, company.id);
      expect(branches.length, company.name).toBeGreaterThanOrEqual(2);
      expect(branches.length, company.name).toBeLessThanOrEqual(4);
      expect(
        branches.filter((branch) => branch.head_office),
        company.name,
      ).toHaveLength(1);
      for (const branch of branches) {
        expect(isValidCnpj(branch.cnpj!), branch.name).toBe(true);
        expect(cnpjRoot(branch.cnpj!), branch.name).toBe(cnpjRoot(company.cnpj!));
        expect(isValidCep(branch.cep!), branch.name).toBe(true);
        expect(branch.street && branch.number && branch.district && branch.city && branch.uf).toBeTruthy();
        expect(normalizePhone(branch.phone!)).toBe(branch.phone);
        ufs.add(branch.uf!);
      }
    }
    expect(ufs.size).toBeGreaterThanOrEqual(8);
  });

  it('have 3–6 contacts each with E.164 phones, and the client users as their companies’ contacts', async () => {
    for (const company of companies) {
      const contacts = await listContacts(db, company.id, { page: 1, limit: 100 });
      const own = contacts.items.filter((contact) => contact.company_id === company.id);
      expect(own.length, company.name).toBeGreaterThanOrEqual(3);
      expect(own.length, company.name).toBeLessThanOrEqual(6);
      for (const contact of own) {
        for (const phone of [contact.phone, contact.mobile]) {
          if (phone !== null) expect(normalizePhone(phone), contact.name).toBe(phone);
        }
        expect(contact.email, contact.name).toMatch(/@/);
      }
    }
    const { rows } = await db.query<{ email: string; contact_company: number; user_company: number }>(
      `SELECT u.email, ct.company_id AS contact_company, u.company_id AS user_company
       FROM company_contacts ct JOIN users u ON u.id = ct.user_id ORDER BY u.email`,
    );
    expect(rows.map((row) => row.email)).toEqual(['cliente@acme.com.br', 'cliente@globex.com.br']);
    for (const row of rows) expect(row.contact_company).toBe(row.user_company);
  });

  it('hold one grupo econômico: a parent with two children', () => {
    const parents = new Map<number, string[]>();
    for (const company of companies) {
      if (company.parent)
        parents.set(company.parent.id, [...(parents.get(company.parent.id) ?? []), company.name]);
    }
    expect([...parents.values()]).toEqual([['Horizonte Logística', 'Horizonte Saúde']]);
  });

  it('are managed by the demo gestor, who holds companies.manage', async () => {
    const { rows } = await db.query<{ permissions: string[] }>(
      "SELECT permissions FROM users WHERE email = 'gestor@farol.dev'",
    );
    expect(rows[0]?.permissions).toContain('companies.manage');
  });
});

describe('migration 011 on a database that ran 010', () => {
  it('fills the UFs, the open chamados and the UF counts from the rows already there', async () => {
    const earlier = await openEmptyTestDatabase();
    try {
      await migrate(
        earlier,
        migrations.filter((migration) => migration.id <= '010-companies'),
      );
      await earlier.exec(`
        INSERT INTO companies (name, kind) VALUES ('Antiga', 'fornecedor');
        INSERT INTO branches (company_id, name, uf) SELECT id, 'Uma', 'SP' FROM companies;
        INSERT INTO branches (company_id, name, uf) SELECT id, 'Outra', 'RJ' FROM companies;
        INSERT INTO branches (company_id, name, uf) SELECT id, 'Mais uma', 'SP' FROM companies;
        INSERT INTO users (email, role, password_hash) VALUES ('antigo@teste.dev', 'tecnico', 'x');
        INSERT INTO tickets (subject, description, status, company_id, requester_id, due_at)
          SELECT 'Aberto', 'x', s, c.id, u.id, now() FROM companies c, users u,
            unnest(ARRAY['aberto', 'em andamento', 'fechado']) AS s;
      `);
      await migrate(earlier);
      const { rows } = await earlier.query<{ ufs: string[]; open_tickets: number }>(
        'SELECT ufs, open_tickets FROM companies',
      );
      expect(rows).toEqual([{ ufs: ['RJ', 'SP'], open_tickets: 2 }]);
      const counts = await earlier.query('SELECT uf, kind, n FROM company_uf_counts ORDER BY uf');
      expect(counts.rows).toEqual([
        { uf: 'RJ', kind: 'fornecedor', n: 1 },
        { uf: 'SP', kind: 'fornecedor', n: 1 },
      ]);
    } finally {
      await earlier.close();
    }
  }, 180_000);

  it('gives some demo chamados a filial of their own company, so the branch filter has something to show', async () => {
    const { rows } = await db.query<{ subject: string; branch: string; same: boolean }>(
      `SELECT t.subject, b.name AS branch, b.company_id = t.company_id AS same
       FROM tickets t JOIN branches b ON b.id = t.branch_id ORDER BY t.id`,
    );
    expect(rows.map((row) => [row.subject, row.branch])).toEqual([
      ['Impressora da recepção não imprime', 'Matriz São Paulo'],
      ['Lentidão no sistema de vendas', 'Filial Campinas'],
      ['Wi-Fi da filial Niterói caindo', 'Filial Niterói'],
    ]);
    expect(rows.every((row) => row.same)).toBe(true);
  });
});
