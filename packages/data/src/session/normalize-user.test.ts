import { describe, expect, it } from 'vitest';
import { normalizeUser } from './normalize-user';

describe('normalizeUser', () => {
  it('normalises the canonical snake_case wire user', () => {
    expect(
      normalizeUser({
        id: 7,
        email: 'ana@farol.dev',
        username: 'ana',
        first_name: 'Ana',
        last_name: 'Souza',
        name: 'ignored',
        role: 'tecnico',
        permissions: ['tickets.view', 'tasks.view'],
        theme: 'ocean',
        profile_picture: '/u/7.png',
        company_id: 3,
        company_name: 'Acme',
      }),
    ).toEqual({
      id: 7,
      email: 'ana@farol.dev',
      username: 'ana',
      firstName: 'Ana',
      lastName: 'Souza',
      name: 'Ana Souza',
      role: 'tecnico',
      permissions: ['tickets.view', 'tasks.view'],
      theme: 'ocean',
      profilePicture: '/u/7.png',
      companyId: 3,
      companyName: 'Acme',
    });
  });

  it('accepts camelCase spellings and permissionKeys', () => {
    const user = normalizeUser({
      id: 'u-1',
      email: 'b@x.com',
      firstName: 'Bruno',
      lastName: 'Lima',
      role: 'Cliente',
      permissionKeys: ['tickets.view'],
      profilePicture: 'p.png',
      companyId: 9,
      companyName: 'Beta',
    });
    expect(user).toMatchObject({
      id: 'u-1',
      firstName: 'Bruno',
      lastName: 'Lima',
      name: 'Bruno Lima',
      role: 'Cliente',
      permissions: ['tickets.view'],
      profilePicture: 'p.png',
      companyId: 9,
      companyName: 'Beta',
    });
  });

  const nameCases: Array<[string, Record<string, unknown>, string]> = [
    ['first only', { first_name: 'Caio' }, 'Caio'],
    ['last only', { lastName: 'Reis' }, 'Reis'],
    ['falls back to name', { name: 'Dora Admin' }, 'Dora Admin'],
    ['blank parts fall back to name', { first_name: ' ', last_name: '', name: 'Edu' }, 'Edu'],
    ['falls back to email', { email: 'f@x.com' }, 'f@x.com'],
    ['falls back to username', { username: 'gil' }, 'gil'],
    ['nothing at all', {}, ''],
  ];
  it.each(nameCases)('name: %s', (_label, fields, name) => {
    expect(normalizeUser({ id: 1, ...fields })?.name).toBe(name);
  });

  it('merges permissions and permissionKeys without duplicates and drops non-strings', () => {
    expect(
      normalizeUser({ id: 1, permissions: ['a', 3, 'b', null], permissionKeys: ['b', 'c'] })?.permissions,
    ).toEqual(['a', 'b', 'c']);
    expect(normalizeUser({ id: 1, permissions: 'tickets.view' })?.permissions).toEqual([]);
  });

  it('defaults theme to "default", and missing optional fields to null or empty', () => {
    expect(normalizeUser({ id: 2 })).toEqual({
      id: 2,
      email: '',
      username: null,
      firstName: '',
      lastName: '',
      name: '',
      role: '',
      permissions: [],
      theme: 'default',
      profilePicture: null,
      companyId: null,
      companyName: null,
    });
    expect(normalizeUser({ id: 2, theme: '  ' })?.theme).toBe('default');
  });

  it('unwraps a {user} envelope', () => {
    expect(normalizeUser({ user: { id: 5, name: 'Ivo' } })).toMatchObject({ id: 5, name: 'Ivo' });
  });

  it.each([
    null,
    undefined,
    42,
    'user',
    [],
    [{ id: 1 }],
    {},
    { id: null },
    { id: '' },
    { id: Number.NaN },
    { user: 'x' },
  ])('returns null for %j', (raw) => {
    expect(normalizeUser(raw)).toBeNull();
  });
});
