// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientProvider, useApiClient } from './api-client-context';
import { createApiClient } from './api-client';
import { AUTH_REFRESH_EVENT, requestSessionRefresh } from './session-refresh';

afterEach(cleanup);

describe('ApiClientProvider / useApiClient', () => {
  it('returns the client given to the provider', () => {
    const client = createApiClient({ baseUrl: 'http://x.test' });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    );
    const { result } = renderHook(() => useApiClient(), { wrapper });
    expect(result.current).toBe(client);
  });

  it('throws a clear error outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useApiClient())).toThrow(/inside <ApiClientProvider/);
    vi.restoreAllMocks();
  });
});

describe('requestSessionRefresh', () => {
  it("dispatches the window 'auth-refresh' event", () => {
    const listener = vi.fn();
    window.addEventListener(AUTH_REFRESH_EVENT, listener);
    requestSessionRefresh();
    window.removeEventListener(AUTH_REFRESH_EVENT, listener);
    expect(AUTH_REFRESH_EVENT).toBe('auth-refresh');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
