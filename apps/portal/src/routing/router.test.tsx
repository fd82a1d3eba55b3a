// @vitest-environment happy-dom
import { createFakeRealtime } from '@farol/data/realtime';
import {
  FIXTURE_PASSWORD,
  createHandlers,
  createMockApiClient,
  createMockQueryClient,
  fixtures,
  flattenHandlers,
  resetMockState,
  seedMockSession,
} from '@farol/data/mocks';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../providers/app-providers';
import { AppRoutes } from './router';

const server = setupServer(...flattenHandlers(createHandlers()));
const requests: string[] = [];
server.events.on('request:start', ({ request }) => {
  requests.push(`${request.method} ${new URL(request.url).pathname}`);
});
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetMockState();
  localStorage.clear();
  requests.length = 0;
});
afterAll(() => server.close());

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderApp(path: string) {
  const queryClient = createMockQueryClient();
  const api = createMockApiClient({ baseUrl: 'http://farol.test', queryClient });
  render(
    <AppProviders queryClient={queryClient} api={api} realtime={createFakeRealtime()}>
      <MemoryRouter initialEntries={[path]}>
        <Where />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('routes and guards', () => {
  it('sends a visitor to /login, requires both fields without calling the server', async () => {
    renderApp('/settings');
    await screen.findByRole('heading', { name: 'Entrar no Farol' });
    expect(where()).toBe('/login');
    requests.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe seu e-mail ou usuário')).toBeTruthy();
    expect(screen.getByText('Informe sua senha')).toBeTruthy();
    expect(requests.filter((request) => request.includes('/auth/login'))).toEqual([]);
  });

  it("shows the server's error text on a failed login", async () => {
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText('E-mail ou usuário'), {
      target: { value: fixtures.users.admin.email },
    });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'errada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Credenciais inválidas');
  });

  it('signs in and returns to the remembered origin', async () => {
    renderApp('/settings');
    fireEvent.change(await screen.findByLabelText('E-mail ou usuário'), {
      target: { value: fixtures.users.admin.email },
    });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: FIXTURE_PASSWORD } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(where()).toBe('/settings'));
    expect(
      await screen.findByRole('button', { name: 'Sair deste dispositivo' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('sends a client on a staff path to the portal, and unknown paths home', async () => {
    seedMockSession('clienteAcme');
    renderApp('/dashboard');
    await waitFor(() => expect(where()).toBe('/portal'));
    cleanup();
    seedMockSession('admin');
    renderApp('/nao-existe');
    await waitFor(() => expect(where()).toBe('/dashboard'));
  });

  it('a staff member without the key goes to /403', async () => {
    seedMockSession('tecnico');
    renderApp('/users');
    await waitFor(() => expect(where()).toBe('/403'));
    expect(await screen.findByRole('heading', { name: 'Acesso negado' })).toBeTruthy();
  });
});
