export { authPlugin } from './plugin';
export { securityPlugin } from './security-plugin';
export { securityMigrations } from './migrations';
