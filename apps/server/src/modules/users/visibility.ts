import type { AuthUser } from '../../auth/types';
import { hasPermissions, isClientRole } from '../../auth/types';
import type { Database } from '../../db/database';

/**
 * Who may read whom: oneself; staff holding users.view (or admin) anyone; a client the users of their own
 * company; anyone the people they share a conversation with.
 */
export const canSeeUser = async (db: Database, viewer: AuthUser, targetId: number): Promise<boolean> => {
  if (viewer.id === targetId) return true;
  const client = isClientRole(viewer.role);
  if (!client && hasPermissions(viewer, ['users.view'])) return true;
  const { rows } = await db.query<{ visible: boolean }>(
    `SELECT (
        ($3::int IS NOT NULL AND u.company_id = $3::int)
        OR EXISTS (
          SELECT 1 FROM conversation_participants mine
            JOIN conversation_participants theirs ON theirs.conversation_id = mine.conversation_id
           WHERE mine.user_id = $1 AND theirs.user_id = u.id)
      ) AS visible
       FROM users u WHERE u.id = $2`,
    [viewer.id, targetId, client ? viewer.companyId : null],
  );
  return rows[0]?.visible === true;
};
