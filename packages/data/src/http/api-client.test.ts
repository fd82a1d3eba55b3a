import { QueryClient } from '@tanstack/react-query';
import { HttpResponse, delay, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationKeys } from '../notifications/keys';
import { ticketKeys } from '../tickets/keys';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { createApiClient } from './api-client';

const BASE = 'http://api.farol.test';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Records the request the server saw and answers with `reply`. */
function capture(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, reply: () => Response) {
  const seen: { request?: Request; body?: string } = {};
  server.use(
    http[method](`${BASE}${path}`, async ({ request }) => {
      seen.request = request.clone();
      seen.body = await request.text();
      return reply();
    }),
  );
  return seen;
}

describe('createApiClient requests', () => {
  it('sends Accept JSON, the bearer token and credentials on a GET and parses JSON', async () => {
    const seen = capture('get', '/api/profile', () => HttpResponse.json({ id: 1 }));
    const api = createApiClient({ baseUrl: BASE, getToken: () => 'tok-123' });
    await expect(api.get('/api/profile')).resolves.toEqual({ id: 1 });
    expect(seen.request?.headers.get('authorization')).toBe('Bearer tok-123');
    expect(seen.request?.headers.get('accept')).toBe('application/json');
    expect(seen.request?.credentials).toBe('include');
  });

  it('omits the Authorization header without a token', async () => {
    const seen = capture('get', '/api/profile', () => HttpResponse.json({}));
    const api = createApiClient({ baseUrl: BASE, getToken: () => null });
    await api.get('/api/profile');
    expect(seen.request?.headers.has('authorization')).toBe(false);
  });

  it('reads the token on every request', async () => {
    let token = 'first';
    const seen = capture('get', '/api/x', () => HttpResponse.json({}));
    const api = createApiClient({ baseUrl: BASE, getToken: () => token });
    await api.get('/api/x');
    expect(seen.request?.headers.get('authorization')).toBe('Bearer first');
    token = 'second';
    await api.get('/api/x');
    expect(seen.request?.headers.get('authorization')).toBe('Bearer second');
  });

  it('serialises object bodies as JSON with a Content-Type', async () => {
    const seen = capture('post', '/api/tickets', () => HttpResponse.json({ id: 9 }, { status: 201 }));
    const api = createApiClient({ baseUrl: BASE });
    await expect(api.post('/api/tickets', { title: 'Impressora', tags: [1] })).resolves.toEqual({ id: 9 });
    expect(seen.request?.method).toBe('POST');
    expect(seen.request?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(seen.body ?? '')).toEqual({ title: 'Impressora', tags: [1] });
  });

  it('passes FormData through untouched (multipart boundary set by fetch)', async () => {
    const seen = capture('post', '/api/profile/picture', () => HttpResponse.json({ ok: true }));
    const api = createApiClient({ baseUrl: BASE });
    const form = new FormData();
    form.append('file', new Blob(['png'], { type: 'image/png' }), 'a.png');
    await api.post('/api/profile/picture', form);
    expect(seen.request?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.body).toContain('filename="a.png"');
  });

  it('passes a Blob through with its own type', async () => {
    const seen = capture('put', '/api/files/1', () => new HttpResponse(null, { status: 204 }));
    const api = createApiClient({ baseUrl: BASE });
    await api.put('/api/files/1', new Blob(['hello'], { type: 'text/plain' }));
    expect(seen.request?.headers.get('content-type')).toBe('text/plain');
    expect(seen.body).toBe('hello');
  });

  it('sends no body and no Content-Type when there is none', async () => {
    const seen = capture('put', '/api/notifications/read-all', () => HttpResponse.json({ ok: true }));
    const api = createApiClient({ baseUrl: BASE });
    await api.put('/api/notifications/read-all');
    expect(seen.body).toBe('');
    expect(seen.request?.headers.has('content-type')).toBe(false);
  });

  it('uses PATCH and DELETE verbs and merges caller headers', async () => {
    const patched = capture('patch', '/api/tasks/3', () => HttpResponse.json({ done: true }));
    const api = createApiClient({ baseUrl: BASE });
    await expect(
      api.patch('/api/tasks/3', { done: true }, { headers: { 'X-Trace': 'abc' } }),
    ).resolves.toEqual({
      done: true,
    });
    expect(patched.request?.method).toBe('PATCH');
    expect(patched.request?.headers.get('x-trace')).toBe('abc');
    const deleted = capture('delete', '/api/tasks/3', () => new HttpResponse(null, { status: 204 }));
    await expect(api.delete('/api/tasks/3')).resolves.toBeUndefined();
    expect(deleted.request?.method).toBe('DELETE');
  });

  it('resolves 204 and empty 200 answers to undefined and tolerates non-JSON text', async () => {
    server.use(
      http.get(`${BASE}/empty`, () => new HttpResponse('', { status: 200 })),
      http.get(`${BASE}/text`, () => HttpResponse.text('pong')),
    );
    const api = createApiClient({ baseUrl: BASE });
    await expect(api.get('/empty')).resolves.toBeUndefined();
    await expect(api.get('/text')).resolves.toBe('pong');
  });

  it("answers the bytes with responseType 'blob', and still a Portuguese ApiError when the file is refused", async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    const seen = capture('get', '/api/tickets/1/attachments/2', () =>
      HttpResponse.arrayBuffer(bytes.buffer, { headers: { 'Content-Type': 'application/pdf' } }),
    );
    const api = createApiClient({ baseUrl: BASE, getToken: () => 'tok' });
    const blob = await api.get<Blob>('/api/tickets/1/attachments/2', { responseType: 'blob' });
    expect(blob.type).toBe('application/pdf');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(seen.request?.headers.get('authorization')).toBe('Bearer tok');

    capture('get', '/api/tickets/1/attachments/3', () =>
      HttpResponse.json({ error: 'not_found', message: 'Anexo não encontrado' }, { status: 404 }),
    );
    await expect(api.get('/api/tickets/1/attachments/3', { responseType: 'blob' })).rejects.toMatchObject({
      status: 404,
      message: 'Anexo não encontrado',
    });
  });

  it('joins baseUrl and path with exactly one slash and leaves absolute URLs alone', async () => {
    capture('get', '/api/ping', () => HttpResponse.json('ok'));
    await expect(createApiClient({ baseUrl: `${BASE}/` }).get('api/ping')).resolves.toBe('ok');
    await expect(createApiClient({ baseUrl: 'http://other.test' }).get(`${BASE}/api/ping`)).resolves.toBe(
      'ok',
    );
  });

  it('forwards the abort signal and rethrows the AbortError untouched', async () => {
    server.use(
      http.get(`${BASE}/slow`, async () => {
        await delay(500);
        return HttpResponse.json({});
      }),
    );
    const api = createApiClient({ baseUrl: BASE });
    const controller = new AbortController();
    const pending = api.get('/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await expect(pending).rejects.not.toBeInstanceOf(ApiError);
  });
});

describe('createApiClient errors (spec §8)', () => {
  const cases: Array<[string, number, unknown, string]> = [
    [
      'message first',
      400,
      { error: 'validation_failed', message: 'Título obrigatório' },
      'Título obrigatório',
    ],
    ['error when no message', 409, { error: 'Conflito de versão' }, 'Conflito de versão'],
    ['blank message falls back to error', 422, { error: 'invalid', message: '  ' }, 'invalid'],
    ['HTTP status when neither', 500, { detail: 'x' }, 'HTTP 500'],
    ['HTTP status for a text body', 502, 'Bad gateway', 'HTTP 502'],
    ['HTTP status for an empty body', 503, undefined, 'HTTP 503'],
  ];

  it.each(cases)('%s', async (_label, status, body, message) => {
    server.use(
      http.get(`${BASE}/fail`, () =>
        body === undefined
          ? new HttpResponse(null, { status })
          : typeof body === 'string'
            ? HttpResponse.text(body, { status })
            : HttpResponse.json(body, { status }),
      ),
    );
    const error = await createApiClient({ baseUrl: BASE })
      .get('/fail')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ status, message, body });
  });

  it('turns a network failure into ApiError status 0 with a Portuguese message', async () => {
    server.use(http.get(`${BASE}/down`, () => HttpResponse.error()));
    const error = await createApiClient({ baseUrl: BASE })
      .get('/down')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
    expect(NETWORK_ERROR_MESSAGE).toBe('Não foi possível conectar ao servidor');
  });

  it('calls onUnauthorized once per 401 answer', async () => {
    server.use(
      http.get(`${BASE}/api/notifications`, () =>
        HttpResponse.json({ error: 'unauthorized' }, { status: 401 }),
      ),
    );
    const onUnauthorized = vi.fn();
    const api = createApiClient({ baseUrl: BASE, onUnauthorized });
    await expect(api.get('/api/notifications?limit=25')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[0]).toBeInstanceOf(ApiError);
    await expect(api.get('/api/notifications')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('calls onForbidden once per 403 answer, with the body (issue 13: a person who must enrol in 2FA)', async () => {
    const refusal = { error: 'two_factor_setup_required', message: 'Ative a verificação em duas etapas' };
    server.use(http.get(`${BASE}/api/tickets`, () => HttpResponse.json(refusal, { status: 403 })));
    const onForbidden = vi.fn();
    const onUnauthorized = vi.fn();
    const api = createApiClient({ baseUrl: BASE, onForbidden, onUnauthorized });
    await expect(api.get('/api/tickets')).rejects.toMatchObject({ status: 403 });
    expect(onForbidden).toHaveBeenCalledTimes(1);
    expect(onForbidden.mock.calls[0]?.[0]).toMatchObject({ status: 403, body: refusal });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('still throws the ApiError when onUnauthorized itself throws', async () => {
    server.use(
      http.get(`${BASE}/api/profile`, () => HttpResponse.json({ error: 'unauthorized' }, { status: 401 })),
    );
    const api = createApiClient({
      baseUrl: BASE,
      onUnauthorized: () => {
        throw new Error('listener bug');
      },
    });
    await expect(api.get('/api/profile')).rejects.toMatchObject({ status: 401, message: 'unauthorized' });
  });

  it('does not call onUnauthorized for a failed login nor for other statuses', async () => {
    server.use(
      http.post(`${BASE}/api/auth/login`, () =>
        HttpResponse.json(
          { error: 'invalid_credentials', message: 'Login ou senha inválidos' },
          { status: 401 },
        ),
      ),
      http.get(`${BASE}/api/forbidden`, () => HttpResponse.json({ error: 'forbidden' }, { status: 403 })),
    );
    const onUnauthorized = vi.fn();
    const api = createApiClient({ baseUrl: BASE, onUnauthorized });
    await expect(api.post('/api/auth/login', { login: 'a', password: 'b' })).rejects.toMatchObject({
      status: 401,
      message: 'Login ou senha inválidos',
    });
    await expect(api.get('/api/forbidden')).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('createApiClient invalidations (spec §7)', () => {
  function spiedQueryClient() {
    const queryClient = new QueryClient();
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    return { queryClient, spy };
  }

  it('invalidates the matching keys after a successful write', async () => {
    capture('post', '/api/tickets/7/messages', () => HttpResponse.json({ id: 1 }));
    const { queryClient, spy } = spiedQueryClient();
    await createApiClient({ baseUrl: BASE, queryClient }).post('/api/tickets/7/messages', { text: 'oi' });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith({ queryKey: ticketKeys.all });
  });

  it('marks cached queries of that domain stale and leaves others alone', async () => {
    capture('delete', '/api/notifications/4', () => new HttpResponse(null, { status: 204 }));
    const queryClient = new QueryClient();
    queryClient.setQueryData(notificationKeys.list(), []);
    queryClient.setQueryData(ticketKeys.list(), []);
    await createApiClient({ baseUrl: BASE, queryClient }).delete('/api/notifications/4');
    expect(queryClient.getQueryState(notificationKeys.list())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(ticketKeys.list())?.isInvalidated).toBe(false);
  });

  it('does not invalidate after a GET or a failed write', async () => {
    server.use(
      http.get(`${BASE}/api/tickets`, () => HttpResponse.json([])),
      http.put(`${BASE}/api/tickets/1`, () => HttpResponse.json({ error: 'nope' }, { status: 400 })),
    );
    const { queryClient, spy } = spiedQueryClient();
    const api = createApiClient({ baseUrl: BASE, queryClient });
    await api.get('/api/tickets');
    await expect(api.put('/api/tickets/1', { a: 1 })).rejects.toBeInstanceOf(ApiError);
    expect(spy).not.toHaveBeenCalled();
  });
});
