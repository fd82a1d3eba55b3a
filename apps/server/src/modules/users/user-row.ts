import type { UserSummary, UserWire } from '@farol/data/contract';
import { effectivePermissions } from '../../auth/types';
import type { Database } from '../../db/database';

/** Columns every user answer needs (no password hash, no picture bytes). */
export const USER_COLUMNS = `u.id, u.email, u.username, u.first_name, u.last_name, u.role, u.permissions, u.theme,
  u.company_id, u.picture_version, c.name AS company_name`;
export const USER_FROM = 'users u LEFT JOIN companies c ON c.id = u.company_id';

export interface UserRow {
  id: number;
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  role: string;
  permissions: string[];
  theme: string;
  company_id: number | null;
  picture_version: number | string | null;
  company_name: string | null;
}

/** A LIKE pattern's wildcards and escape character taken literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

export const pictureUrl = (row: Pick<UserRow, 'id' | 'picture_version'>) =>
  row.picture_version === null ? null : `/api/profile/picture/${row.id}?v=${row.picture_version}`;

/** First and last name, falling back to the username, then the e-mail (as conversations do). */
export const fullName = (row: Pick<UserRow, 'first_name' | 'last_name' | 'username' | 'email'>) =>
  `${row.first_name} ${row.last_name}`.trim() || row.username || row.email;

export const toUserWire = (row: UserRow): UserWire => ({
  id: row.id,
  email: row.email,
  username: row.username,
  first_name: row.first_name,
  last_name: row.last_name,
  name: fullName(row),
  role: row.role,
  permissions: effectivePermissions(row.role, row.permissions),
  theme: row.theme,
  profile_picture: pictureUrl(row),
  company_id: row.company_id,
  company_name: row.company_name,
});

export const toUserSummary = (row: UserRow): UserSummary => ({
  id: row.id,
  email: row.email,
  name: fullName(row),
  role: row.role,
  profile_picture: pictureUrl(row),
  company_id: row.company_id,
});

export const findUserById = async (db: Database, id: number): Promise<UserRow | null> => {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM ${USER_FROM} WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
};
