import type { Account } from '../../contract/account';

const base: Omit<Account, 'id' | 'email' | 'first_name' | 'last_name' | 'name' | 'role'> = {
  permissions: [],
  company_id: null,
  company_name: null,
  company_manager: false,
  status: 'ativo',
  last_access_at: '2026-11-24T13:05:00.000Z',
  two_factor_enabled: false,
  must_change_password: false,
  invitation_expires_at: null,
  profile_picture: null,
  created_at: '2026-01-10T12:00:00.000Z',
};

const person = (
  id: number,
  first: string,
  last: string,
  email: string,
  role: string,
  extra: Partial<Account> = {},
): Account => ({
  ...base,
  id,
  first_name: first,
  last_name: last,
  name: `${first} ${last}`,
  email,
  role,
  ...extra,
});

/** The demo's accounts as the mocks answer them (the ids of the session fixtures). */
export const accountFixtures = (): Account[] => [
  person(1, 'Ana', 'Admin', 'admin@farol.dev', 'admin', { two_factor_enabled: true }),
  person(2, 'Gustavo', 'Gestor', 'gestor@farol.dev', 'gestor', {
    permissions: ['tickets.view', 'tasks.view'],
  }),
  person(3, 'Tiago', 'Técnico', 'tecnico@farol.dev', 'tecnico', { permissions: ['tickets.view'] }),
  person(4, 'Carla', 'Acme', 'cliente@acme.com.br', 'cliente', {
    company_id: 1,
    company_name: 'Acme',
    company_manager: true,
  }),
  person(5, 'Gabriel', 'Globex', 'cliente@globex.com.br', 'client', {
    company_id: 2,
    company_name: 'Globex',
  }),
  person(6, 'Sofia', 'Suspensa', 'sofia@farol.dev', 'tecnico', { status: 'suspenso' }),
  person(7, 'Davi', 'Desligado', 'davi@farol.dev', 'tecnico', { status: 'desativado', last_access_at: null }),
  person(8, 'Iara', 'Convidada', 'iara@acme.com.br', 'cliente', {
    company_id: 1,
    company_name: 'Acme',
    last_access_at: null,
    invitation_expires_at: '2099-01-01T12:00:00.000Z',
  }),
];

/** A long list (pages, long names) for the "long content" state. */
export const manyAccounts = (count = 60): Account[] =>
  Array.from({ length: count }, (_, index) =>
    person(
      100 + index,
      `Pessoa ${String(index + 1).padStart(2, '0')} com um nome bem comprido de verdade`,
      'Sobrenome',
      `pessoa${index + 1}@empresa-com-nome-longo.com.br`,
      index % 4 === 0 ? 'cliente' : 'tecnico',
      index % 4 === 0
        ? { company_id: 1, company_name: 'Acme Indústria e Comércio de Equipamentos Ltda.' }
        : {},
    ),
  );
