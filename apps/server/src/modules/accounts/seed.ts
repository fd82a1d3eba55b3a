import type { Database } from '../../db/database';
import type { DemoUserIds } from '../../seed/module-seed';

/**
 * The demo's accounts: Acme's client user is the company's "gestor da empresa" (manages Acme's portal users),
 * and each demo account has signed in once, so the table's last access reads something.
 */
export const seedAccounts = async (tx: Database, users: DemoUserIds) => {
  const acme = users['cliente@acme.com.br'];
  if (acme !== undefined) await tx.query('UPDATE users SET company_manager = true WHERE id = $1', [acme]);
  await tx.query(
    `INSERT INTO user_last_access (user_id, at)
     SELECT id, now() - (id % 7) * interval '1 day' - interval '2 hours' FROM unnest($1::int[]) AS id
     ON CONFLICT (user_id) DO NOTHING`,
    [Object.values(users)],
  );
};
