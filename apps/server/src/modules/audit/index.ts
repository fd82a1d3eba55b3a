export { auditMigrations } from './migrations';
export { auditPlugin } from './plugin';
export { createAudit } from './service';
