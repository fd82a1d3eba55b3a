import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  connectSessionAnswerSchema,
  connectionLaunchSchema,
  connectionListSchema,
  connectionSchema,
  connectionSessionListSchema,
  connectionSessionSchema,
} from '../../contract/connection';
import { recordingSearchResultSchema } from '../../contract/connection-terminal';
import { callMockApi, type MockApiCall } from '../../mocks/call-mock-api';
import { fixtureTokens } from '../../mocks/fixtures';
import { createHandlers, flattenHandlers } from '../../mocks/handlers';
import { resetMockState } from '../../mocks/store';

const server = setupServer(...flattenHandlers(createHandlers()));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetMockState();
});
afterAll(() => server.close());

const { admin, tecnico, clienteAcme } = fixtureTokens;

const call = (method: string, path: string, { body, token = admin }: MockApiCall = {}) =>
  callMockApi<Record<string, unknown>>(method, path, { body, token });

describe('connections mock handlers', () => {
  it('list with search (accents ignored) and filters, and refuse clients', async () => {
    const all = connectionListSchema.parse((await call('GET', '/connections')).body);
    expect(all.total).toBe(7);
    expect(all.items.map((item) => item.name)).toContain('srv-db01');
    const searched = connectionListSchema.parse((await call('GET', '/connections?q=camera')).body);
    expect(searched.items.map((item) => item.name)).toEqual(['Câmeras da portaria']);
    const rdp = connectionListSchema.parse((await call('GET', '/connections?protocol=rdp')).body);
    expect(rdp.items.map((item) => item.protocol)).toEqual(['rdp']);
    const globex = connectionListSchema.parse((await call('GET', '/connections?company_id=101')).body);
    expect(globex.items.map((item) => item.name)).toEqual(['Firewall Globex']);
    expect((await call('GET', '/connections', { token: clienteAcme })).status).toBe(403);
  });

  it('refuse bad input with the contract’s Portuguese messages and fields', async () => {
    const bad = await call('POST', '/connections', {
      body: { name: '', protocol: 'ftp', host: 'http://x/y' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({ name: 'Informe o nome' });
    expect(Object.keys(bad.body.details as object)).toEqual(expect.arrayContaining(['protocol', 'host']));
    const created = await call('POST', '/connections', {
      body: { name: 'srv-novo', protocol: 'ssh', host: '10.0.0.9', credential_mode: 'pedir' },
    });
    expect(created.status).toBe(201);
    expect(connectionSchema.parse(created.body)).toMatchObject({ port: 22, credential_mode: 'pedir' });
  });

  it('write only with connections.manage; connect only with connections.connect', async () => {
    expect((await call('PATCH', '/connections/1', { body: { name: 'x' }, token: tecnico })).status).toBe(403);
    expect((await call('POST', '/connections/2/sessions', { body: {}, token: tecnico })).status).toBe(403);
  });

  it('issue a one-time ticket, asking the reason a connection requires', async () => {
    const refused = await call('POST', '/connections/1/sessions', { body: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toMatchObject({ reason: 'Informe o motivo ou o chamado desta conexão' });
    const answer = connectSessionAnswerSchema.parse(
      (await call('POST', '/connections/1/sessions', { body: { reason: 'Reiniciar o nginx' } })).body,
    );
    const session = connectionSessionSchema.parse(
      (await call('GET', `/connections/sessions/${answer.session_id}`)).body,
    );
    expect(session).toMatchObject({ state: 'pendente', reason: 'Reiniciar o nginx' });
  });

  it('launch natively without a credential in the link or file, recorded as "externa"', async () => {
    const ssh = connectionLaunchSchema.parse(
      (await call('POST', '/connections/2/launch', { body: {} })).body,
    );
    expect(ssh).toMatchObject({ kind: 'link', href: 'ssh://root@web01.acme.local' });
    expect(ssh.command).toBe('ssh -p 22 -J root@bastion.acme.com.br:2222 root@web01.acme.local');
    const rdp = connectionLaunchSchema.parse(
      (await call('POST', '/connections/3/launch', { body: {} })).body,
    );
    expect(rdp.kind).toBe('rdp_file');
    expect(rdp.file?.content).toContain('full address:s:10.10.0.5:3389');
    const sessions = connectionSessionListSchema.parse(
      (await call('GET', '/connections/sessions?connection_id=3')).body,
    );
    expect(sessions.items.filter((item) => item.state === 'externa')).toHaveLength(2);
  });

  it('list active sessions, let an admin end one, and answer the recording and its search', async () => {
    const active = connectionSessionListSchema.parse(
      (await call('GET', '/connections/sessions?state=active')).body,
    );
    expect(active.items.map((item) => item.id)).toEqual([3]);
    const ended = connectionSessionSchema.parse(
      (await call('POST', '/connections/sessions/3/end', { body: {} })).body,
    );
    expect(ended).toMatchObject({
      state: 'encerrada',
      end_reason: 'administrador',
      ended_by: { name: 'Ana Souza' },
    });
    expect((await call('POST', '/connections/sessions/3/end', { body: {} })).status).toBe(409);
    const cast = await call('GET', '/connections/sessions/1/recording');
    expect(String(cast.body)).toContain('"version":2');
    const hits = recordingSearchResultSchema.parse(
      (await call('GET', `/connections/recordings/search?q=${encodeURIComponent('restart nginx')}`)).body,
    );
    expect(hits.items[0]).toMatchObject({
      session_id: 1,
      line: 'sudo systemctl restart nginx',
      offset_seconds: 2.1,
    });
    expect((await call('GET', '/connections/sessions/1/recording', { token: tecnico })).status).toBe(403);
  });
});
