import type { Migration } from '../../../db/migration';
import { migration018UserDirectory } from './018-user-directory';

export const userMigrations: Migration[] = [migration018UserDirectory];
