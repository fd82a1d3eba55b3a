// The companies domain's MSW handlers, database and fixtures (gathered by @farol/data/mocks).
export { companyFixtures, fixtureCnpj } from './seed';
export type { StoredCompany } from './seed';
export { companyHandlers, createCompanyHandlers, createCompanyMock } from './handlers';
export type { CompanyDatabase, CompanyMock, CompanyMockOptions, CompanyMockState } from './handlers';
