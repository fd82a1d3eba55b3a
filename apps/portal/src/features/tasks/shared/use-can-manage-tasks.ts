import { PERMISSIONS, hasPermission, useSession } from '@farol/data';

/** Whether the signed-in person may write boards and any task (tasks.manage): those actions show only then. */
export function useCanManageTasks(): boolean {
  const { user } = useSession();
  return hasPermission(user, PERMISSIONS.TASKS_MANAGE);
}
