export { accountMigrations } from './migrations';
export { accountsPlugin, invitationsPlugin, passwordResetsPlugin } from './plugin';
export { seedAccounts } from './seed';
