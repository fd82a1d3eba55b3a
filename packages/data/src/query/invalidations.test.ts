import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidationsFor, pathOf } from './invalidations';
import { companyKeys } from '../companies/keys';
import { connectionKeys } from '../connections/keys';
import { conversationKeys } from '../messages/keys';
import { notificationKeys } from '../notifications/keys';
import { passwordKeys } from '../passwords/keys';
import { sessionKeys } from '../session/keys';
import { taskKeys } from '../tasks/keys';
import { ticketKeys } from '../tickets/keys';
import { userKeys } from '../users/keys';

describe('invalidationsFor (spec §7)', () => {
  const writes: Array<[string, QueryKey[]]> = [
    ['/api/tickets', [ticketKeys.all]],
    ['/api/tickets/12', [ticketKeys.all]],
    ['/api/tickets/12/messages', [ticketKeys.all]],
    ['/api/support/tickets', [ticketKeys.all]],
    ['/api/support/tickets/12', [ticketKeys.all]],
    ['/api/support/tickets/12/messages', [ticketKeys.all]],
    ['/api/notifications/4/read', [notificationKeys.all]],
    ['/api/notifications/4/mark-read', [notificationKeys.all]],
    ['/api/notifications/4', [notificationKeys.all]],
    ['/api/notifications/read-all', [notificationKeys.all]],
    ['/api/notifications/mark-all-read', [notificationKeys.all]],
    ['/api/messages', [conversationKeys.all]],
    ['/api/messages/conversations/3', [conversationKeys.all]],
    ['/api/messages/conversations/3/read', [conversationKeys.all]],
    ['/api/tasks', [taskKeys.all]],
    ['/api/tasks/8', [taskKeys.all]],
    ['/api/tasks/labels', [taskKeys.all]],
    ['/api/tasks/labels/2', [taskKeys.all]],
    ['/api/tasks/boards', [taskKeys.all]],
    ['/api/tasks/boards/5', [taskKeys.all]],
    ['/api/passwords', [passwordKeys.all]],
    ['/api/passwords/6', [passwordKeys.all]],
    ['/api/connections', [connectionKeys.all]],
    ['/api/connections/6', [connectionKeys.all]],
    ['/api/companies', [companyKeys.all]],
    ['/api/companies/2', [companyKeys.all]],
    ['/api/companies/2/branches', [companyKeys.all]],
    ['/api/companies/2/branches/9', [companyKeys.all]],
    ['/api/branches/9', [companyKeys.all]],
    ['/api/users', [userKeys.all]],
    ['/api/users/4', [userKeys.all]],
    ['/api/profile', [sessionKeys.all]],
    ['/api/profile/picture', [sessionKeys.all]],
  ];

  it.each(writes)('%s', (url, keys) => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post', 'delete']) {
      expect(invalidationsFor(method, url)).toEqual(keys);
    }
  });

  it.each([
    ['query string', 'https://farol.example/api/tickets/1?x=1#top', [ticketKeys.all]],
    ['origin', 'http://127.0.0.1:3000/api/users/4', [userKeys.all]],
    ['trailing slash', '/api/passwords/', [passwordKeys.all]],
    ['query on the list', '/api/notifications?limit=25', [notificationKeys.all]],
  ])('strips the %s', (_label, url, keys) => {
    expect(invalidationsFor('PUT', url)).toEqual(keys);
  });

  it.each([
    ['GET', '/api/tickets'],
    ['GET', '/api/notifications/unread-count'],
    ['HEAD', '/api/users'],
    ['OPTIONS', '/api/users'],
  ])('%s %s invalidates nothing', (method, url) => {
    expect(invalidationsFor(method, url)).toEqual([]);
  });

  it.each([
    '/api/auth/login',
    '/api/auth/logout',
    '/api/ticketsx',
    '/api/usersettings',
    '/api/statistics',
    '/tickets/1',
    '/api',
    '',
  ])('POST %j matches no domain', (url) => {
    expect(invalidationsFor('POST', url)).toEqual([]);
  });

  it('every key is a domain root so all lists and details below it refresh', () => {
    const roots = writes.flatMap(([, keys]) => keys).map((key) => key.length);
    expect(new Set(roots)).toEqual(new Set([1]));
  });
});

describe('pathOf', () => {
  it.each([
    ['/api/x?y=1', '/api/x'],
    ['https://h.example:8080/api/x/', '/api/x'],
    ['/', '/'],
    ['api/x', '/api/x'],
  ])('%s → %s', (url, path) => {
    expect(pathOf(url)).toBe(path);
  });
});
