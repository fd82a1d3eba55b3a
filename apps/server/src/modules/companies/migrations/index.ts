import type { Migration } from '../../../db/migration';
import { migration010Companies } from './010-companies';

export const companyMigrations: Migration[] = [migration010Companies];
