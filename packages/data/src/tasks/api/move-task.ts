import type { TaskBoardView, TaskMoveResult } from '../../contract/task';
import type { ApiClient } from '../../http/api-client';
import { useApiClient } from '../../http/api-client-context';
import { applyTaskToCaches, moveBoardTask } from '../board-cache';
import { taskKeys } from '../keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskMoveUrl } from './task-urls';
import { settleRefusedTaskWrite } from './update-task';

export interface MoveTaskInput {
  taskId: number;
  columnId: number;
  /** The new order key, between the new neighbours' (orderKeyBetween). */
  position: string;
  /** The version the person saw; an older one answers 409 with the task as it is now. */
  version: number;
  /** Move a blocked task into a concluído column anyway (after the person confirmed). */
  confirm?: boolean;
}

/** POST /api/tasks/:id/move → the task, the next occurrence of a recurring one, and a WIP warning. */
export function moveTask(api: Pick<ApiClient, 'post'>, input: MoveTaskInput): Promise<TaskMoveResult> {
  return api.post<TaskMoveResult>(taskMoveUrl(input.taskId), {
    column_id: input.columnId,
    position: input.position,
    version: input.version,
    confirm: input.confirm ?? false,
  });
}

/**
 * A move shows at once (the card in its new place, the columns' counts following) and is undone if the server
 * refuses it. On a version conflict the card goes where the server has it now; the page tells the person
 * (`taskConflictOf(error)`: 'version', 'blocked', 'wip_limit').
 */
export function useMoveTask(boardId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const boardKey = taskKeys.board(boardId);
  return useMutation({
    mutationFn: (input: MoveTaskInput) => moveTask(api, input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: boardKey, exact: true });
      const board = queryClient.getQueryData<TaskBoardView>(boardKey);
      if (board)
        queryClient.setQueryData(
          boardKey,
          moveBoardTask(board, input.taskId, input.columnId, input.position),
        );
      return { board };
    },
    onError: (error, input, snapshot) =>
      settleRefusedTaskWrite(queryClient, boardId, input.taskId, snapshot, error),
    onSuccess: (result) => {
      applyTaskToCaches(queryClient, result.task);
      if (result.next) applyTaskToCaches(queryClient, result.next);
    },
  });
}
