export { connectionMigrations } from './migrations';
