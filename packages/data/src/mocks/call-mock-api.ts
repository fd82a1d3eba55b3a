/** Where the handler tests send their requests (the handlers answer any origin). */
export const MOCK_API_BASE = 'http://farol.test/api';

export interface MockApiCall {
  /** JSON, or a FormData sent as multipart. */
  body?: unknown;
  /** The bearer token; none (null or left out) sends the request signed out. */
  token?: string | null;
}

/**
 * One request to the MSW handlers as the app makes it, for the handler tests: the answer's status and its
 * body (JSON when it parses, else the text, null when empty).
 */
export async function callMockApi<T = unknown>(
  method: string,
  path: string,
  { body, token }: MockApiCall = {},
): Promise<{ status: number; body: T }> {
  const form = body instanceof FormData;
  const response = await fetch(`${MOCK_API_BASE}${path}`, {
    method,
    headers: {
      ...(body === undefined || form ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: response.status, body: parsed as T };
}
