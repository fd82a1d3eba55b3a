import { TICKET_OPEN_STATUSES } from '@farol/data/contract';
import { registerOffboardingStep } from '../../shared/offboarding';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The built-in steps: the person's open chamados and open tasks go to the chosen person. */
export const registerBuiltInOffboardingSteps = () => {
  registerOffboardingStep({
    id: 'chamados',
    label: 'Chamados abertos',
    order: 10,
    reassigns: true,
    async preview(tx, userId) {
      const { rows } = await tx.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM tickets WHERE assignee_id = $1 AND status = ANY($2::text[])',
        [userId, TICKET_OPEN_STATUSES],
      );
      const count = rows[0]?.count ?? 0;
      return {
        count,
        summary:
          count === 0
            ? 'Nenhum chamado aberto atribuído.'
            : `${plural(count, 'chamado aberto será transferido', 'chamados abertos serão transferidos')} para quem você escolher.`,
      };
    },
    async run(tx, { userId, userName, assigneeId, assigneeName, actorId }) {
      const { rows } = await tx.query<{ id: number }>(
        `UPDATE tickets SET assignee_id = $2, updated_at = now()
          WHERE assignee_id = $1 AND status = ANY($3::text[]) RETURNING id`,
        [userId, assigneeId, TICKET_OPEN_STATUSES],
      );
      if (rows.length > 0) {
        await tx.query(
          `INSERT INTO ticket_history (ticket_id, user_id, field, old_value, new_value)
           SELECT id, $2, 'assignee', $3, $4 FROM unnest($1::int[]) AS id`,
          [rows.map((row) => row.id), actorId, userName, assigneeName],
        );
      }
      return rows.length === 0
        ? 'Nenhum chamado aberto para transferir.'
        : `${plural(rows.length, 'chamado transferido', 'chamados transferidos')} para ${assigneeName ?? 'ninguém'}.`;
    },
  });

  registerOffboardingStep({
    id: 'tarefas',
    label: 'Tarefas abertas',
    order: 20,
    reassigns: true,
    async preview(tx, userId) {
      const { rows } = await tx.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM task_assignees a JOIN tasks t ON t.id = a.task_id
          WHERE a.user_id = $1 AND t.completed_at IS NULL`,
        [userId],
      );
      const count = rows[0]?.count ?? 0;
      return {
        count,
        summary:
          count === 0
            ? 'Nenhuma tarefa aberta atribuída.'
            : `${plural(count, 'tarefa aberta será transferida', 'tarefas abertas serão transferidas')} para quem você escolher.`,
      };
    },
    async run(tx, { userId, assigneeId, assigneeName }) {
      // The chosen person joins each open task (unless already on it); the leaver leaves it.
      const { rows } = await tx.query<{ task_id: number }>(
        `DELETE FROM task_assignees a USING tasks t
          WHERE t.id = a.task_id AND a.user_id = $1 AND t.completed_at IS NULL RETURNING a.task_id`,
        [userId],
      );
      const ids = rows.map((row) => row.task_id);
      if (ids.length > 0 && assigneeId !== null) {
        await tx.query(
          `INSERT INTO task_assignees (task_id, user_id) SELECT id, $2 FROM unnest($1::int[]) AS id
           ON CONFLICT DO NOTHING`,
          [ids, assigneeId],
        );
        await tx.query(
          'UPDATE tasks SET version = version + 1, updated_at = now() WHERE id = ANY($1::int[])',
          [ids],
        );
      }
      return ids.length === 0
        ? 'Nenhuma tarefa aberta para transferir.'
        : `${plural(ids.length, 'tarefa transferida', 'tarefas transferidas')} para ${assigneeName ?? 'ninguém'}.`;
    },
  });
};
