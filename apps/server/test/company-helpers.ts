import { randomInt, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  branchSchema,
  cnpjCheckDigits,
  companyContactSchema,
  companyListSchema,
  companySchema,
  type Company,
} from '@farol/data/contract';
import type { TestUser, setupTestServer } from './harness';

type TestServer = ReturnType<typeof setupTestServer>;

/** A fresh 8-digit CNPJ root: the PostgreSQL pass shares one database between files and runs. */
export const randomRoot = () => String(randomInt(10_000_000, 100_000_000));

/** A valid CNPJ of `root` and establishment `order`. */
export const cnpjOf = (root: string, order = 1) => {
  const first12 = `${root}${String(order).padStart(4, '0')}`;
  return `${first12}${cnpjCheckDigits(first12)}`;
};

/** A word no other test's data holds, to find this test's companies by search. */
export const marker = () => `mk${randomUUID().replace(/-/g, '').slice(0, 10)}`;

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Company helpers bound to one file's test server. */
export const companyHelpers = (t: TestServer) => ({
  async create(user: TestUser, body: Record<string, unknown>): Promise<Company> {
    const response = await t.api('POST', '/api/companies', {
      token: user.token,
      body: { legal_name: `${String(body.name)} Ltda.`, ...body },
    });
    expect(response.status, response.text).toBe(201);
    return companySchema.parse(response.body);
  },

  async list(user: TestUser, query = '') {
    const response = await t.api('GET', `/api/companies${query}`, { token: user.token });
    expect(response.status, response.text).toBe(200);
    return companyListSchema.parse(response.body);
  },

  async addBranch(user: TestUser, companyId: number, body: Record<string, unknown>) {
    const response = await t.api('POST', `/api/companies/${companyId}/branches`, { token: user.token, body });
    expect(response.status, response.text).toBe(201);
    return branchSchema.parse(response.body);
  },

  async addContact(user: TestUser, companyId: number, body: Record<string, unknown>) {
    const response = await t.api('POST', `/api/companies/${companyId}/contacts`, { token: user.token, body });
    expect(response.status, response.text).toBe(201);
    return companyContactSchema.parse(response.body);
  },

  /** An open chamado of the company (of the branch, when given), opened by `user` (tickets.view). */
  async openTicket(user: TestUser, companyId: number, branchId?: number) {
    const response = await t.api('POST', '/api/tickets', {
      token: user.token,
      body: {
        subject: 'Chamado de teste',
        description: 'Para testar as empresas',
        company_id: companyId,
        ...(branchId === undefined ? {} : { branch_id: branchId }),
      },
    });
    expect(response.status, response.text).toBe(201);
    return response.body as { id: number };
  },

  async closeTicket(ticketId: number) {
    await t.server.db.query("UPDATE tickets SET status = 'fechado' WHERE id = $1", [ticketId]);
  },

  /** A multipart/form-data request (fetch sets the boundary). */
  async form(method: string, path: string, user: TestUser, form: FormData) {
    const response = await fetch(`${t.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    const text = await response.text();
    return {
      status: response.status,
      text,
      body: response.headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : text,
    };
  },
});
