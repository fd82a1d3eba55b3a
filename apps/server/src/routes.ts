/**
 * Every module's routes: one line per module, its plugin and its prefix (plus aliases, prefixes that answer
 * the same routes). The order is the registration order.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsPlugin, invitationsPlugin, passwordResetsPlugin } from './modules/accounts';
import { auditPlugin } from './modules/audit';
import { authPlugin, securityPlugin } from './modules/auth';
import { companiesPlugin } from './modules/companies';
import { configPlugin } from './modules/config';
import { connectionsPlugin } from './modules/connections';
import { conversationsPlugin } from './modules/conversations';
import { healthPlugin } from './modules/health';
import { notificationsPlugin } from './modules/notifications';
import { passwordsPlugin } from './modules/passwords';
import { profilePlugin } from './modules/profile';
import { rolesPlugin } from './modules/roles';
import { tasksPlugin } from './modules/tasks';
import { ticketsPlugin } from './modules/tickets';
import { usersPlugin } from './modules/users';

export interface ModuleRoutes {
  plugin: FastifyPluginAsyncZod;
  prefix: string;
  /** Other prefixes rewritten to `prefix` before routing, so they answer exactly the same. */
  aliases?: readonly string[];
}

export const MODULE_ROUTES: readonly ModuleRoutes[] = [
  { plugin: authPlugin, prefix: '/api/auth' },
  { plugin: profilePlugin, prefix: '/api/profile' },
  { plugin: usersPlugin, prefix: '/api/users' },
  { plugin: notificationsPlugin, prefix: '/api/notifications' },
  { plugin: conversationsPlugin, prefix: '/api/messages' },
  { plugin: ticketsPlugin, prefix: '/api/tickets', aliases: ['/api/support/tickets'] },
  { plugin: companiesPlugin, prefix: '/api/companies' },
  { plugin: tasksPlugin, prefix: '/api/tasks' },
  { plugin: passwordsPlugin, prefix: '/api/passwords' },
  { plugin: connectionsPlugin, prefix: '/api/connections' },
  { plugin: securityPlugin, prefix: '/api/security' },
  { plugin: accountsPlugin, prefix: '/api/accounts' },
  { plugin: invitationsPlugin, prefix: '/api/invitations' },
  { plugin: passwordResetsPlugin, prefix: '/api/password-resets' },
  { plugin: auditPlugin, prefix: '/api/audit' },
  { plugin: rolesPlugin, prefix: '/api/roles' },
  { plugin: healthPlugin, prefix: '/api/health' },
  { plugin: configPlugin, prefix: '/api/config' },
];

const ALIASES = MODULE_ROUTES.flatMap(({ prefix, aliases = [] }) =>
  aliases.map((alias) => ({ alias, prefix })),
);

/** The URL an alias stands for (`/api/support/tickets/7` → `/api/tickets/7`); any other URL as it is. */
export const resolveAlias = (url: string): string => {
  for (const { alias, prefix } of ALIASES) {
    if (!url.startsWith(alias)) continue;
    const next = url.charAt(alias.length);
    if (next === '' || next === '/' || next === '?') return prefix + url.slice(alias.length);
  }
  return url;
};
