import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { ticketListSchema, ticketSchema } from '@farol/data/contract';
import type { ApiResponse, LooseJson, TestUser, setupTestServer } from './harness';

type TestServer = ReturnType<typeof setupTestServer>;

/** Ticket helpers bound to one file's test server. */
export const ticketHelpers = (t: TestServer) => ({
  /** Starts the file with no tickets: the PostgreSQL pass shares one database between files and runs. */
  async truncateTickets() {
    // CASCADE: tasks (and whatever comes to point at chamados) would otherwise refuse the TRUNCATE.
    await t.server.db.query('TRUNCATE tickets, ticket_messages, ticket_history, ticket_attachments CASCADE');
  },

  /** A company with a unique name and one branch ('Matriz'). */
  async insertCompany(name: string) {
    const { rows } = await t.server.db.query<{ id: number }>(
      'INSERT INTO companies (name) VALUES ($1) RETURNING id',
      [`${name} ${randomUUID()}`],
    );
    const id = rows[0]!.id;
    const branch = await t.server.db.query<{ id: number }>(
      "INSERT INTO branches (company_id, name) VALUES ($1, 'Matriz') RETURNING id",
      [id],
    );
    return { id, branch: branch.rows[0]!.id };
  },

  async create(user: TestUser, body: Record<string, unknown>) {
    const response = await t.api('POST', '/api/tickets', { token: user.token, body });
    expect(response.status, response.text).toBe(201);
    return ticketSchema.parse(response.body);
  },

  patch: (user: TestUser, id: number, body: unknown) =>
    t.api('PATCH', `/api/tickets/${id}`, { token: user.token, body }),

  async list(user: TestUser, query = '') {
    const response = await t.api('GET', `/api/tickets${query}`, { token: user.token });
    expect(response.status, response.text).toBe(200);
    return ticketListSchema.parse(response.body);
  },

  /** A multipart/form-data request (fetch sets the boundary), answered like `t.api`. */
  async form(method: string, path: string, user: TestUser, form: FormData): Promise<ApiResponse> {
    const response = await fetch(`${t.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    const text = await response.text();
    const json = response.headers.get('content-type')?.includes('application/json') && text;
    return {
      status: response.status,
      headers: response.headers,
      body: (json ? JSON.parse(text) : text) as LooseJson,
      text,
    };
  },
});
