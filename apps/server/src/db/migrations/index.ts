import { accountMigrations } from '../../modules/accounts';
import { auditMigrations } from '../../modules/audit';
import { securityMigrations } from '../../modules/auth';
import { companyMigrations } from '../../modules/companies';
import { connectionMigrations } from '../../modules/connections';
import { conversationMigrations } from '../../modules/conversations';
import { notificationMigrations } from '../../modules/notifications';
import { roleMigrations } from '../../modules/roles';
import { passwordMigrations } from '../../modules/passwords';
import { taskMigrations } from '../../modules/tasks';
import { ticketMigrations } from '../../modules/tickets';
import { userMigrations } from '../../modules/users';
import type { Migration } from '../migration';
import { coreMigrations } from './001-core';
import { migration008TextSearch } from './008-text-search';
import { migration013SessionEvents } from './013-session-events';

/**
 * Every migration, assembled from the modules (one line each). Ids keep one sequence across modules (a new
 * migration takes the next free number), and they run in id order, so a fresh database is built in the order
 * the schema was written whatever order the modules are listed in.
 */
export const migrations: Migration[] = [
  ...coreMigrations,
  migration008TextSearch,
  migration013SessionEvents,
  ...conversationMigrations,
  ...notificationMigrations,
  ...ticketMigrations,
  ...auditMigrations,
  ...companyMigrations,
  ...taskMigrations,
  ...accountMigrations,
  ...securityMigrations,
  ...passwordMigrations,
  ...userMigrations,
  ...roleMigrations,
  ...connectionMigrations,
].sort((a, b) => a.id.localeCompare(b.id));
