import type { Decorator } from '@storybook/react-vite';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { type ApiClient, AUTH_REFRESH_EVENT, isApiError, useSession } from '@farol/data';
import { createFakeRealtime, type FakeRealtime } from '@farol/data/realtime';
import {
  MockDataProviders,
  createMockApiClient,
  createMockQueryClient,
  resetMockState,
  seedMockSession,
  type FixtureUserName,
} from '@farol/data/mocks';
import type { QueryClient } from '@tanstack/react-query';

/** Writes the harness saw, as a person would read them in the network panel: 'PUT /x → 404'. */
export interface CallLog {
  entries(): readonly string[];
  subscribe(listener: () => void): () => void;
  push(entry: string): void;
}

function createCallLog(): CallLog {
  let entries: readonly string[] = [];
  const listeners = new Set<() => void>();
  return {
    entries: () => entries,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    push(entry) {
      entries = [...entries, entry];
      for (const listener of listeners) listener();
    },
  };
}

/** The API client with every write recorded, so a story can show which fallback route answered. */
function withCallLog(api: ApiClient, log: CallLog): ApiClient {
  const record =
    <A extends unknown[]>(method: string, call: (url: string, ...rest: A) => Promise<unknown>) =>
    async (url: string, ...rest: A): Promise<never> => {
      try {
        const answer = await call(url, ...rest);
        log.push(`${method} ${url} → ok`);
        return answer as never;
      } catch (error) {
        log.push(`${method} ${url} → ${isApiError(error) ? error.status : 'erro'}`);
        throw error;
      }
    };
  return {
    ...api,
    post: record('POST', api.post),
    put: record('PUT', api.put),
    patch: record('PATCH', api.patch),
    delete: record('DELETE', api.delete),
  };
}

export interface Harness {
  queryClient: QueryClient;
  api: ApiClient;
  realtime: FakeRealtime;
  calls: CallLog;
}

/** Fresh state for one story: mock stores, stored session, QueryClient, API client and fake realtime. */
export function createHarness(user: FixtureUserName | null = 'admin'): Harness {
  resetMockState();
  localStorage.clear();
  seedMockSession(user);
  const queryClient = createMockQueryClient();
  const calls = createCallLog();
  return {
    queryClient,
    api: withCallLog(createMockApiClient({ queryClient }), calls),
    realtime: createFakeRealtime(),
    calls,
  };
}

export const harnessLoader = () => ({ harness: createHarness() });

export function harnessOf(context: { loaded: Record<string, unknown> }): Harness {
  return context.loaded.harness as Harness;
}

function AuthRefreshCounter() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const onRefresh = () => setCount((value) => value + 1);
    window.addEventListener(AUTH_REFRESH_EVENT, onRefresh);
    return () => window.removeEventListener(AUTH_REFRESH_EVENT, onRefresh);
  }, []);
  return (
    <p>
      Pedidos de renovação de sessão: <output aria-label="Pedidos de renovação de sessão">{count}</output>
    </p>
  );
}

function CallList({ calls }: { calls: CallLog }) {
  const entries = useSyncExternalStore(calls.subscribe, calls.entries);
  return (
    <>
      <h2 className="text-sm font-semibold">Chamadas de escrita</h2>
      {entries.length === 0 ? (
        <p>Nenhuma chamada de escrita.</p>
      ) : (
        <ol aria-label="Chamadas de escrita" className="list-decimal pl-6">
          {entries.map((entry, index) => (
            <li key={index}>{entry}</li>
          ))}
        </ol>
      )}
    </>
  );
}

const SESSION_LABELS = { loading: 'carregando', authenticated: 'autenticada', anonymous: 'anônima' } as const;

function HarnessFrame({ calls, children }: { calls: CallLog; children: ReactNode }) {
  const { status } = useSession();
  return (
    <main className="space-y-6 p-6 text-sm">
      {children}
      <section aria-label="Diagnóstico" className="space-y-2 border-t pt-4">
        <p>Sessão: {SESSION_LABELS[status]}</p>
        <AuthRefreshCounter />
        <CallList calls={calls} />
      </section>
    </main>
  );
}

/** Wraps a story in the providers every data hook needs, with the state the loader prepared. */
export const withHarness: Decorator = (Story, context) => {
  const harness = harnessOf(context);
  return (
    <MockDataProviders queryClient={harness.queryClient} api={harness.api} realtime={harness.realtime}>
      <HarnessFrame calls={harness.calls}>
        <Story />
      </HarnessFrame>
    </MockDataProviders>
  );
};

export const buttonClass = 'rounded border px-2 py-1 hover:bg-white/10 disabled:opacity-60';
