// @farol/data/companies: the companies domain (Empresas). The contract's constants and Brazilian rules
// without zod, its query keys, one file per endpoint (fetcher, queryOptions, hook) and the live-event
// handler. Its MSW handlers and fixtures are in @farol/data/mocks.
export * from '../contract/company-constants';
export * from '../contract/brazil';
export * from './rules';
export { companyKeys, companyInvalidation } from './keys';
export { companiesLive } from './live';
export * from './api/company-urls';
export * from './api/get-companies';
export * from './api/get-company';
export * from './api/save-company';
export * from './api/archive-company';
export * from './api/branches';
export * from './api/contacts';
export * from './api/get-company-options';
export * from './api/get-company-activity';
export * from './api/import-export';
export * from './api/company-extras';
