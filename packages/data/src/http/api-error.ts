/** Message used when the request never reached the server (offline, DNS, refused connection). */
export const NETWORK_ERROR_MESSAGE = 'Não foi possível conectar ao servidor';

/** Every failed call of the API client (spec §3 "Error object", §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The parsed answer body (JSON, text or undefined) as the server sent it. */
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown = undefined) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/** Spec §8: the server's `message`, else its `error`, else `HTTP {status}`. */
export function errorMessageFromBody(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message.trim()) return message;
    if (typeof error === 'string' && error.trim()) return error;
  }
  return `HTTP ${status}`;
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
