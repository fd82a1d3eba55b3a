export { ApiError, NETWORK_ERROR_MESSAGE, errorMessageFromBody, isApiError } from './api-error';
export { createApiClient } from './api-client';
export type { ApiClient, ApiClientOptions, HttpMethod, RequestInitLike, RequestOptions } from './api-client';
export { ApiClientProvider, useApiClient } from './api-client-context';
export type { ApiClientProviderProps } from './api-client-context';
export { AUTH_REFRESH_EVENT, requestSessionRefresh } from './session-refresh';
