export { companyMigrations } from './migrations';
export { companiesPlugin } from './plugin';
export { seedCompanies } from './seed';
