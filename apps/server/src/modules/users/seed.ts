import type { Database } from '../../db/database';

/** The team's own phones (client users show their company contact's, which the companies seed writes). */
const STAFF_PHONES: Record<string, string> = {
  'admin@farol.dev': '(11) 3456-7000',
  'gestor@farol.dev': '(11) 98765-4321',
  'tecnico@farol.dev': '(11) 97654-3210',
};

/** The directory's demo data: the demo team's phones. */
export const seedUsers = async (tx: Database, users: Record<string, number>): Promise<void> => {
  for (const [email, phone] of Object.entries(STAFF_PHONES)) {
    const id = users[email];
    if (id !== undefined) await tx.query('UPDATE users SET phone = $2 WHERE id = $1', [id, phone]);
  }
};
