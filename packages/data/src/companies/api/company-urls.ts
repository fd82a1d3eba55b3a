export const COMPANIES_URL = '/api/companies';

const id = (value: number) => encodeURIComponent(value);

export const companyUrl = (companyId: number) => `${COMPANIES_URL}/${id(companyId)}`;
export const companyLogoUrl = (companyId: number) => `${companyUrl(companyId)}/logo`;
export const branchesUrl = (companyId: number) => `${companyUrl(companyId)}/branches`;
export const branchUrl = (companyId: number, branchId: number) => `${branchesUrl(companyId)}/${id(branchId)}`;
export const companyContactsUrl = (companyId: number) => `${companyUrl(companyId)}/contacts`;
export const companyContactUrl = (companyId: number, contactId: number) =>
  `${companyContactsUrl(companyId)}/${id(contactId)}`;
