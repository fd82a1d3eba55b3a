import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS } from '../contract/constants';
import { PERMISSIONS, hasPermission, isAdmin, isClient } from './permissions';

describe('PERMISSIONS', () => {
  it('names exactly the eight keys of spec §6', () => {
    expect(Object.values(PERMISSIONS)).toEqual([...PERMISSION_KEYS]);
    expect(PERMISSIONS.TICKETS_VIEW).toBe('tickets.view');
    expect(PERMISSIONS.USERS_MANAGE).toBe('users.manage');
  });
});

describe('roles', () => {
  it.each([
    ['admin', true, false],
    ['ADMIN', true, false],
    [' Admin ', true, false],
    ['cliente', false, true],
    ['Cliente', false, true],
    ['CLIENT', false, true],
    ['client', false, true],
    ['tecnico', false, false],
    ['administrator', false, false],
    ['', false, false],
  ])('role %j → admin %s, client %s', (role, admin, client) => {
    expect(isAdmin({ role })).toBe(admin);
    expect(isClient({ role })).toBe(client);
  });

  it('is neither for a missing user or role', () => {
    expect(isAdmin(null)).toBe(false);
    expect(isClient(undefined)).toBe(false);
    expect(isClient({ role: null })).toBe(false);
  });
});

describe('hasPermission', () => {
  const tech = { role: 'tecnico', permissions: ['tickets.view', 'tasks.view'] };
  it.each<[string, Parameters<typeof hasPermission>[0], Parameters<typeof hasPermission>[1], boolean]>([
    ['no requirement', tech, undefined, true],
    ['null requirement', tech, null, true],
    ['empty list', tech, [], true],
    ['empty string', tech, '', true],
    ['no requirement without a user', null, undefined, true],
    ['held key', tech, 'tickets.view', true],
    ['missing key', tech, 'passwords.view', false],
    ['all of several held', tech, ['tickets.view', 'tasks.view'], true],
    ['one of several missing', tech, ['tickets.view', 'users.view'], false],
    ['admin without keys', { role: 'Admin', permissions: [] }, ['users.manage', 'passwords.view'], true],
    ['no user', null, 'tickets.view', false],
    ['user without permissions', { role: 'tecnico' }, 'tickets.view', false],
    ['client holding the key', { role: 'cliente', permissions: ['tickets.view'] }, 'tickets.view', true],
  ])('%s', (_label, user, required, expected) => {
    expect(hasPermission(user, required)).toBe(expected);
  });
});
