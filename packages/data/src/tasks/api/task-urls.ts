export const TASKS_URL = '/api/tasks';
export const TASK_BOARDS_URL = `${TASKS_URL}/boards`;
export const TASK_LABELS_URL = `${TASKS_URL}/labels`;

const id = (value: number) => encodeURIComponent(value);

export const taskBoardUrl = (boardId: number) => `${TASK_BOARDS_URL}/${id(boardId)}`;
export const taskColumnsUrl = (boardId: number) => `${taskBoardUrl(boardId)}/columns`;
export const taskColumnUrl = (boardId: number, columnId: number) =>
  `${taskColumnsUrl(boardId)}/${id(columnId)}`;
export const taskUrl = (taskId: number) => `${TASKS_URL}/${id(taskId)}`;
export const taskMoveUrl = (taskId: number) => `${taskUrl(taskId)}/move`;
export const taskChecklistUrl = (taskId: number) => `${taskUrl(taskId)}/checklist`;
export const taskChecklistItemUrl = (taskId: number, itemId: number) =>
  `${taskChecklistUrl(taskId)}/${id(itemId)}`;
export const taskCommentsUrl = (taskId: number) => `${taskUrl(taskId)}/comments`;
export const taskLinksUrl = (taskId: number) => `${taskUrl(taskId)}/links`;
export const taskLinkUrl = (taskId: number, linkId: number) => `${taskLinksUrl(taskId)}/${id(linkId)}`;
export const taskWatchingUrl = (taskId: number) => `${taskUrl(taskId)}/watching`;
export const ticketTasksUrl = (ticketId: number) => `${TASKS_URL}/for-ticket/${id(ticketId)}`;
export const TASKS_FROM_TICKET_URL = `${TASKS_URL}/from-ticket`;
export const MY_TASKS_URL = `${TASKS_URL}/mine`;
export const TASK_OPTIONS_URL = `${TASKS_URL}/options`;

/** The board page of a task (its side panel open). */
export const taskPagePath = (boardId: number, taskId?: number) =>
  `/tasks/board/${id(boardId)}${taskId ? `?tarefa=${id(taskId)}` : ''}`;
