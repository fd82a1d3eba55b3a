export { connectionMigrations } from './migrations';
export { connectionsCoreOf, connectionsPlugin, type ConnectionsCore } from './plugin';
export { seedConnections } from './seed';
