import type { BoardUpdatedEvent, TaskBoardView, TaskCommentedEvent, TaskEvent } from '../contract/task';
import { createCoalescedRefresher } from '../lib/coalesced-refresh';
import type { LiveHandler } from '../realtime/live-handler';
import { appendComment } from './api/task-parts';
import { applyTaskToCaches, removeTaskFromCaches } from './board-cache';
import { taskKeys } from './keys';

/**
 * A board's room (the page joins it with `useBoardRoom`): other people's new cards, moves and edits are
 * written into the open board and side panel at once (a card older than the one held is ignored); comments
 * join the open thread; a column or label change replaces the board's header and columns. Lists across
 * boards (Minhas tarefas, a chamado's tasks, the boards' counts) refetch at most once per burst.
 */
export const tasksLive: LiveHandler = ({ realtime, queryClient, options }) => {
  const lists = createCoalescedRefresher(
    queryClient,
    [taskKeys.lists(), taskKeys.mine(), taskKeys.boardLists(), [...taskKeys.all, 'for-ticket']],
    options.lists,
  );
  const onTask = (event: TaskEvent) => {
    applyTaskToCaches(queryClient, event.task);
    lists.schedule();
  };
  const onComment = (event: TaskCommentedEvent) => {
    appendComment(queryClient, event.taskId, event.comment);
  };
  const onBoard = (event: BoardUpdatedEvent) => {
    queryClient.setQueryData<TaskBoardView>(taskKeys.board(event.boardId), (view) =>
      view ? { ...view, board: event.board, columns: event.columns, labels: event.labels } : view,
    );
    lists.schedule();
  };
  const subscriptions = [
    realtime.on('task:created', onTask),
    realtime.on('task:updated', onTask),
    realtime.on('task:moved', onTask),
    realtime.on('task:deleted', (event) => {
      removeTaskFromCaches(queryClient, event.boardId, event.taskId);
      lists.schedule();
    }),
    realtime.on('task:commented', onComment),
    realtime.on('board:updated', onBoard),
  ];
  return () => {
    lists.cancel();
    for (const unsubscribe of subscriptions) unsubscribe();
  };
};
