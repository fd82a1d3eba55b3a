import type { QueryClient } from '@tanstack/react-query';
import { invalidationsFor, pathOf } from '../query/invalidations';
import { ApiError, NETWORK_ERROR_MESSAGE, errorMessageFromBody } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClientOptions {
  /** Prefix for relative URLs, e.g. '' (same origin) or 'https://farol.example.com'. */
  baseUrl?: string;
  /** The bearer token currently held, if any. Read on every request. */
  getToken?: () => string | null | undefined;
  /** Called once per 401 answer (not for the login call itself), e.g. `requestSessionRefresh`. */
  onUnauthorized?: (error: ApiError) => void;
  /** Called once per 403 answer, e.g. to send a person the 2FA requirement covers to enrol (issue 13). */
  onForbidden?: (error: ApiError) => void;
  /** When given, successful writes invalidate the matching cached queries (spec §7). */
  queryClient?: QueryClient;
  /** Injectable fetch, defaults to the global one at call time (so test interceptors apply). */
  fetch?: typeof fetch;
}

export interface RequestInitLike {
  signal?: AbortSignal;
  headers?: HeadersInit;
  /** 'blob' answers the body's bytes (files, e.g. ticket attachments); by default JSON, or text. */
  responseType?: 'json' | 'blob';
}

export interface RequestOptions extends RequestInitLike {
  body?: unknown;
}

export interface ApiClient {
  request<T = unknown>(method: HttpMethod, url: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(url: string, init?: RequestInitLike): Promise<T>;
  post<T = unknown>(url: string, body?: unknown, init?: RequestInitLike): Promise<T>;
  put<T = unknown>(url: string, body?: unknown, init?: RequestInitLike): Promise<T>;
  patch<T = unknown>(url: string, body?: unknown, init?: RequestInitLike): Promise<T>;
  delete<T = unknown>(url: string, init?: RequestInitLike): Promise<T>;
}

const LOGIN_PATH = '/api/auth/login';

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const { baseUrl = '', getToken, onUnauthorized, onForbidden, queryClient } = options;

  async function request<T>(method: HttpMethod, url: string, opts: RequestOptions = {}): Promise<T> {
    const headers = new Headers(opts.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    const token = getToken?.();
    if (token) headers.set('Authorization', `Bearer ${token}`);

    let body: BodyInit | undefined;
    if (opts.body !== undefined) {
      if (isRawBody(opts.body)) {
        body = opts.body;
      } else {
        body = JSON.stringify(opts.body);
        if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
      }
    }

    const doFetch = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await doFetch(resolveUrl(baseUrl, url), {
        method,
        headers,
        body,
        credentials: 'include',
        signal: opts.signal,
      });
    } catch (cause) {
      // Cancellation is not a failure: let query libraries see the AbortError they expect.
      if (opts.signal?.aborted || isAbortError(cause)) throw cause;
      throw new ApiError(0, NETWORK_ERROR_MESSAGE, undefined);
    }

    // An error answer is always read as JSON (or text), whatever the caller expected on success.
    const parsed =
      response.ok && opts.responseType === 'blob' ? await response.blob() : await readBody(response);
    if (!response.ok) {
      const error = new ApiError(response.status, errorMessageFromBody(response.status, parsed), parsed);
      const callback =
        response.status === 401 && pathOf(url) !== LOGIN_PATH
          ? onUnauthorized
          : response.status === 403
            ? onForbidden
            : undefined;
      try {
        callback?.(error);
      } catch {
        // A faulty callback must not hide the real failure from the caller.
      }
      throw error;
    }

    if (queryClient && method !== 'GET') {
      for (const queryKey of invalidationsFor(method, url)) {
        // Not awaited: the write has succeeded; the refetches run in the background.
        void queryClient.invalidateQueries({ queryKey });
      }
    }
    return parsed as T;
  }

  return {
    request,
    get: (url, init) => request('GET', url, { ...init }),
    post: (url, body, init) => request('POST', url, { ...init, body }),
    put: (url, body, init) => request('PUT', url, { ...init, body }),
    patch: (url, body, init) => request('PATCH', url, { ...init, body }),
    delete: (url, init) => request('DELETE', url, { ...init }),
  };
}

function resolveUrl(baseUrl: string, url: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(url) || !baseUrl) return url;
  return `${baseUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/** Bodies fetch understands natively are sent untouched; everything else is JSON. */
function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** JSON when it parses, the raw text when it does not, undefined when empty (204 and friends). */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205 || response.status === 304) return undefined;
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
