import type { Migration } from '../../../db/migration';
import { migration018UserDirectory } from './018-user-directory';
import { migration036UserDirectorySearch } from './036-user-directory-search';
import { migration039UserDirectoryWords } from './039-user-directory-words';

export const userMigrations: Migration[] = [
  migration018UserDirectory,
  migration036UserDirectorySearch,
  migration039UserDirectoryWords,
];
