import type { Migration } from '../../../db/migration';
import { migration010Companies } from './010-companies';
import { migration011CompanyList } from './011-company-list';

export const companyMigrations: Migration[] = [migration010Companies, migration011CompanyList];
