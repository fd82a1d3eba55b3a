// @vitest-environment happy-dom
import { createFakeRealtime } from '@farol/data/realtime';
import {
  createHandlers,
  createMockApiClient,
  createMockQueryClient,
  flattenHandlers,
  resetMockState,
  seedMockSession,
} from '@farol/data/mocks';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FeatureModule } from '../lib/module-registry';
import { MODULES } from '../modules';
import { AppProviders } from '../providers/app-providers';
import { LazyModulesRoutes, preloadPage, startFirstLoad } from './app-router';

const server = setupServer(...flattenHandlers(createHandlers()));
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetMockState();
  localStorage.clear();
});
afterAll(() => server.close());

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

/** The app's routes with a modules list that arrives when the test says. */
function renderWithDeferredModules(path: string) {
  let release: (modules: readonly FeatureModule[]) => void = () => undefined;
  const list = new Promise<readonly FeatureModule[]>((resolve) => {
    release = resolve;
  });
  const load = vi.fn(() => list);
  const queryClient = createMockQueryClient();
  const api = createMockApiClient({ baseUrl: 'http://farol.test', queryClient });
  render(
    <AppProviders queryClient={queryClient} api={api} realtime={createFakeRealtime()}>
      <MemoryRouter initialEntries={[path]}>
        <Where />
        <LazyModulesRoutes load={load} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { release: () => release(MODULES), load };
}

describe('the modules list fetched apart from the entry', () => {
  it('shows the login form without the list, and asks for it when the person starts on the form', async () => {
    const { load } = renderWithDeferredModules('/login');
    expect(await screen.findByRole('heading', { name: 'Entrar no Farol' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    fireEvent.focus(screen.getByLabelText('E-mail ou usuário'));
    expect(load).toHaveBeenCalled();
  });

  it('keeps a signed-in page on the spinner until the list arrives, then shows it', async () => {
    seedMockSession('admin');
    const { release } = renderWithDeferredModules('/settings');
    expect(await screen.findByRole('status', { name: 'Carregando…' })).toBeTruthy();
    // An unknown page is not judged before the list is there either.
    expect(screen.getByTestId('where').textContent).toBe('/settings');
    release();
    expect(
      await screen.findByRole('heading', { name: 'Configurações', level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/settings');
  });

  it('sends a visitor to the login without waiting for the list', async () => {
    renderWithDeferredModules('/dashboard');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Entrar no Farol' })).toBeTruthy();
  });
});

describe('the first load', () => {
  const page = (path: string) => {
    const preload = vi.fn(async () => undefined);
    return { path, page: Object.assign(() => null, { preload }) as never, preload };
  };

  it('fetches the page the path names and, on a home, its widgets', () => {
    const dashboard = page('/dashboard');
    const ticket = page('/support/ticket/:id');
    const widget = vi.fn(async () => undefined);
    const modules = [
      {
        id: 'x',
        label: 'X',
        routes: [dashboard, ticket],
        widgets: [
          {
            id: 'w',
            home: 'staff',
            order: 1,
            size: 'full',
            component: Object.assign(() => null, { preload: widget }) as never,
          },
        ],
      },
    ] as unknown as FeatureModule[];
    preloadPage(modules, '/support/ticket/12');
    expect(ticket.preload).toHaveBeenCalledOnce();
    expect(dashboard.preload).not.toHaveBeenCalled();
    expect(widget).not.toHaveBeenCalled();
    preloadPage(modules, '/dashboard');
    expect(dashboard.preload).toHaveBeenCalledOnce();
    expect(widget).toHaveBeenCalledOnce();
  });

  it('loads nothing on the login pages (their warm-up does), the list at once elsewhere', () => {
    const load = vi.fn(async () => [] as readonly FeatureModule[]);
    startFirstLoad('/login', load);
    startFirstLoad('/portal/login', load);
    expect(load).not.toHaveBeenCalled();
    startFirstLoad('/support', load);
    expect(load).toHaveBeenCalledOnce();
  });
});
