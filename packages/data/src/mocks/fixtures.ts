import { PERMISSION_KEYS } from '../contract/permissions';
import type { UserWire } from '../contract/user';

/** Every fixture date is relative to this instant, so stories and tests are reproducible. */
export const FIXTURE_NOW = new Date('2026-11-21T12:00:00.000Z');
/** The password every fixture user signs in with. */
export const FIXTURE_PASSWORD = 'farol123';

const MINUTE = 60_000;
export const minutesAgo = (minutes: number): string =>
  new Date(FIXTURE_NOW.getTime() - minutes * MINUTE).toISOString();

const user = (
  fields: Omit<UserWire, 'name' | 'theme' | 'profile_picture'> & Partial<UserWire>,
): UserWire => ({
  name: `${fields.first_name} ${fields.last_name}`,
  theme: 'default',
  profile_picture: null,
  ...fields,
});

export const fixtures = {
  users: {
    admin: user({
      id: 1,
      email: 'ana.souza@farol.com.br',
      username: 'ana.souza',
      first_name: 'Ana',
      last_name: 'Souza',
      role: 'admin',
      permissions: [...PERMISSION_KEYS],
      company_id: null,
      company_name: null,
    }),
    gestor: user({
      id: 2,
      email: 'bruno.lima@farol.com.br',
      username: 'bruno.lima',
      first_name: 'Bruno',
      last_name: 'Lima',
      role: 'gestor',
      permissions: PERMISSION_KEYS.filter((key) => key !== 'users.manage'),
      company_id: null,
      company_name: null,
    }),
    tecnico: user({
      id: 3,
      email: 'carla.mendes@farol.com.br',
      username: 'carla.mendes',
      first_name: 'Carla',
      last_name: 'Mendes',
      role: 'tecnico',
      permissions: ['tickets.view', 'tasks.view', 'connections.view'],
      company_id: null,
      company_name: null,
    }),
    clienteAcme: user({
      id: 10,
      email: 'diego.ferreira@acmelogistica.com.br',
      username: 'diego.ferreira',
      first_name: 'Diego',
      last_name: 'Ferreira',
      role: 'cliente',
      permissions: [],
      company_id: 100,
      company_name: 'Acme Logística Ltda.',
    }),
    clienteGlobex: user({
      id: 11,
      email: 'elisa.rocha@globex.com.br',
      username: 'elisa.rocha',
      first_name: 'Elisa',
      last_name: 'Rocha',
      role: 'client',
      permissions: [],
      company_id: 101,
      company_name: 'Globex Comércio S.A.',
      theme: 'oceano',
    }),
  },
} satisfies { users: Record<string, UserWire> };

export type FixtureUserName = keyof typeof fixtures.users;

/** The bearer token the mock server accepts for each fixture user. */
export const fixtureTokens: Record<FixtureUserName, string> = {
  admin: 'token-admin',
  gestor: 'token-gestor',
  tecnico: 'token-tecnico',
  clienteAcme: 'token-cliente-acme',
  clienteGlobex: 'token-cliente-globex',
};

export function userForToken(token: string | null | undefined): UserWire | null {
  const entry = Object.entries(fixtureTokens).find(([, value]) => value === token);
  return entry ? fixtures.users[entry[0] as FixtureUserName] : null;
}
