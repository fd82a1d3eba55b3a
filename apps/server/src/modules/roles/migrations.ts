import { BUILT_IN_ROLE_DEFAULT_KEYS, BUILT_IN_ROLE_NAMES, BUILT_IN_ROLES } from '@farol/data/contract';
import type { Migration } from '../../db/migration';

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
const keysLiteral = (keys: readonly string[]) => `ARRAY[${keys.map(literal).join(', ')}]::text[]`;

/**
 * Roles move into the database (issue 13): each role's own keys, editable, seeded from the contract's
 * defaults; a person's `permissions` column stays as their extra keys (effective keys = role ∪ extras). Staff
 * company scope lives on the user row — `company_allow` (null: every company) and `company_deny` (deny wins) —
 * so a change to it is announced by migration 013's users trigger like any other change to the row.
 */
const migration023Roles: Migration = {
  id: '023-roles',
  sql: /* sql */ `
CREATE TABLE roles (
  key text PRIMARY KEY CHECK (key ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  built_in boolean NOT NULL DEFAULT false,
  permissions text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX roles_name_key ON roles (lower(name));

INSERT INTO roles (key, name, built_in, permissions) VALUES
${BUILT_IN_ROLES.map(
  (role) =>
    `  (${literal(role)}, ${literal(BUILT_IN_ROLE_NAMES[role])}, true, ${
      role === 'admin' ? "'{}'::text[]" : keysLiteral(BUILT_IN_ROLE_DEFAULT_KEYS[role])
    })`,
).join(',\n')};

ALTER TABLE users ADD COLUMN company_allow integer[];
ALTER TABLE users ADD COLUMN company_deny integer[] NOT NULL DEFAULT '{}';
CREATE INDEX users_role_idx ON users (lower(trim(role)));
`,
};

/**
 * A role's keys are part of every signed-in session of the people holding it: any change to the roles table
 * tells every process to forget its cached sessions (migration 013's function, '*'). Roles change rarely.
 */
const migration024RoleEvents: Migration = {
  id: '024-role-events',
  sql: /* sql */ `
CREATE TRIGGER roles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION farol_session_changed();
`,
};

export const roleMigrations: Migration[] = [migration023Roles, migration024RoleEvents];
