import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TASK_ATTACHMENT_FIELD,
  TASK_ATTACHMENT_MAX_FILES,
  TASK_ATTACHMENT_TYPES,
  TASK_TEMPLATES,
  apiErrorBodySchema,
  applyTaskTemplateSchema,
  createChecklistItemSchema,
  createTaskBoardSchema,
  createTaskColumnSchema,
  createTaskCommentSchema,
  createTaskLabelSchema,
  createTaskLinkSchema,
  createTaskSchema,
  createTasksFromTicketSchema,
  deleteTaskColumnQuerySchema,
  moveTaskSchema,
  myTasksSchema,
  taskAttachmentSchema,
  taskBoardListQuerySchema,
  taskBoardListSchema,
  taskBoardSchema,
  taskBoardViewSchema,
  taskChecklistItemSchema,
  taskColumnSchema,
  taskCommentListQuerySchema,
  taskCommentListSchema,
  taskCommentSchema,
  taskConflictBodySchema,
  taskCreatedListSchema,
  taskDetailSchema,
  taskFormOptionsSchema,
  taskLabelListQuerySchema,
  taskLabelListSchema,
  taskLabelSchema,
  taskLinkSchema,
  taskListQuerySchema,
  taskListSchema,
  taskMoveResultSchema,
  taskTemplateListSchema,
  taskWatchingSchema,
  ticketTasksSchema,
  updateChecklistItemSchema,
  updateTaskBoardSchema,
  updateTaskColumnSchema,
  updateTaskCommentSchema,
  updateTaskLabelSchema,
  updateTaskSchema,
} from '@farol/data/contract';
import { viewerOf, type RouteAccess } from '../../http/access';
import { fileResponse, noContent } from '../../http/openapi';
import { createUploadSlots, UPLOAD_SLOTS } from '../../http/uploads';
import { idParam, idParamsSchema } from '../../http/validation';
import { auditSource } from '../../shared/audit';
import { discardStaged, stageFiles } from '../../http/stored-files';
import { readTaskFiles, sendTaskAttachment } from './attachments';
import { createTaskEvents } from './events';
import { createTaskReminders } from './reminders';
import { TASKS_MANAGE, TASKS_VIEW, loadTaskRow } from './repository';
import { createTaskService } from './service';
import { boardSocket, createBoardPresence } from './socket';

/** Staff holding tasks.view read; clients never reach the tasks. */
const READER: RouteAccess = { permission: TASKS_VIEW, clients: false, scope: 'company' };
/**
 * Work on a task by a manager or one of its assignees (move, checklist, comments, files, watching): the route
 * needs tasks.view, the service checks the rest.
 */
const WORKER: RouteAccess = READER;
/** Boards, columns, labels and task fields: tasks.manage. */
const WRITER: RouteAccess = { permission: TASKS_MANAGE, clients: false, scope: 'company' };

const upload = {
  field: TASK_ATTACHMENT_FIELD,
  maxFiles: TASK_ATTACHMENT_MAX_FILES,
  types: TASK_ATTACHMENT_TYPES,
};

const ticketParamsSchema = z.object({ ticketId: idParam('ticketId') });
const columnParamsSchema = idParamsSchema.extend({ columnId: idParam('columnId') });
const itemParamsSchema = idParamsSchema.extend({ itemId: idParam('itemId') });
const commentParamsSchema = idParamsSchema.extend({ commentId: idParam('commentId') });
const linkParamsSchema = idParamsSchema.extend({ linkId: idParam('linkId') });
const attachmentParamsSchema = idParamsSchema.extend({ attachmentId: idParam('attachmentId') });
/** A 409: the tasks' own (with its reason) or any other conflict. */
const conflictSchema = z.union([taskConflictBodySchema, apiErrorBodySchema]);
const linkListSchema = z.object({ items: z.array(taskLinkSchema) });
const attachmentListSchema = z.object({ items: z.array(taskAttachmentSchema) });

/** Tarefas under /api/tasks (issue 16): boards, columns, labels, tasks and their parts; board rooms on the socket. */
export const tasksPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const events = createTaskEvents({ db, realtime: app.realtime, notify: app.notify, log: app.log });
  const service = createTaskService({ db, audit: app.audit, events });
  const { boards, columns, labels, tasks, checklist, comments, links, attachments } = service;
  const uploadSlots = createUploadSlots(UPLOAD_SLOTS);

  app.realtime.onConnection(
    boardSocket({ db, presence: createBoardPresence(app.realtime.io, app.realtime) }),
  );

  const reminders = createTaskReminders({ db, notify: app.notify, log: app.log });
  let stopReminders = () => {};
  app.addHook('onReady', async () => {
    stopReminders = reminders.start();
  });
  app.addHook('onClose', async () => stopReminders());

  // ------------------------------------------------------------ tasks across boards

  app.get(
    '',
    {
      config: { access: READER },
      schema: {
        summary:
          'Tasks across the boards the caller sees: filtered (board, column, chamado, assignee, label, due…), paged',
        querystring: taskListQuerySchema,
        response: { 200: taskListSchema },
      },
    },
    async (request) => tasks.list(viewerOf(request), request.query),
  );

  app.post(
    '',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Create a task (top of its column unless a position is given)',
        body: createTaskSchema,
        response: { 201: taskDetailSchema, 409: conflictSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await tasks.create(viewerOf(request), request.body, auditSource(request))),
  );

  app.get(
    '/mine',
    {
      config: { access: READER },
      schema: {
        summary: '"Minhas tarefas": my open tasks overdue, due today and due this week',
        response: { 200: myTasksSchema },
      },
    },
    async (request) => tasks.mine(viewerOf(request)),
  );

  app.get(
    '/options',
    {
      config: { access: READER },
      schema: {
        summary:
          'What the forms offer: staff with tasks.view (and their login for @mentions), companies, boards',
        response: { 200: taskFormOptionsSchema },
      },
    },
    async (request) => service.options(viewerOf(request).scope),
  );

  app.get(
    '/templates',
    {
      config: { access: READER },
      schema: {
        summary: 'The task templates (checklists and task sets)',
        response: { 200: taskTemplateListSchema },
      },
    },
    async () => ({
      items: TASK_TEMPLATES.map((template) => ({
        ...template,
        tasks: template.tasks.map((task) => ({ ...task, checklist: [...task.checklist] })),
      })),
    }),
  );

  app.get(
    '/for-ticket/:ticketId',
    {
      config: { access: READER },
      schema: {
        summary:
          "A chamado's tasks, and whether all of them are concluded (the chamado then suggests resolving)",
        params: ticketParamsSchema,
        response: { 200: ticketTasksSchema },
      },
    },
    async (request) => tasks.forTicket(viewerOf(request), request.params.ticketId),
  );

  app.post(
    '/from-ticket',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Create a task (or a template’s set) from a chamado, pre-filled and linked to it',
        body: createTasksFromTicketSchema,
        response: { 201: taskCreatedListSchema, 409: conflictSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await tasks.fromTicket(viewerOf(request), request.body, auditSource(request))),
  );

  // ------------------------------------------------------------ labels

  app.get(
    '/labels',
    {
      config: { access: READER },
      schema: {
        summary: 'Global labels, plus a board’s own with ?board_id=',
        querystring: taskLabelListQuerySchema,
        response: { 200: taskLabelListSchema },
      },
    },
    async (request) => labels.list(viewerOf(request), request.query.board_id),
  );

  app.post(
    '/labels',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Create a label (global, or a board’s)',
        body: createTaskLabelSchema,
        response: { 201: taskLabelSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await labels.create(viewerOf(request), request.body, auditSource(request))),
  );

  app.patch(
    '/labels/:id',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Rename, recolour or nest a label',
        params: idParamsSchema,
        body: updateTaskLabelSchema,
        response: { 200: taskLabelSchema },
      },
    },
    async (request) =>
      labels.update(viewerOf(request), request.params.id, request.body, auditSource(request)),
  );

  app.delete(
    '/labels/:id',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Delete a label (tasks lose it)',
        params: idParamsSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await labels.remove(viewerOf(request), request.params.id, auditSource(request));
      return reply.status(204).send();
    },
  );

  // ------------------------------------------------------------ boards and columns

  app.get(
    '/boards',
    {
      config: { access: READER },
      schema: {
        summary: 'The boards the caller sees, with their counts (archived ones with ?archived=true)',
        querystring: taskBoardListQuerySchema,
        response: { 200: taskBoardListSchema },
      },
    },
    async (request) => boards.list(viewerOf(request), request.query),
  );

  app.post(
    '/boards',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Create a board with the default columns (and a template’s tasks)',
        body: createTaskBoardSchema,
        response: { 201: taskBoardSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await boards.create(viewerOf(request), request.body, auditSource(request))),
  );

  app.get(
    '/boards/:id',
    {
      config: { access: READER },
      schema: {
        summary: 'The whole board: its columns, labels, every task and the people tasks may be assigned to',
        params: idParamsSchema,
        response: { 200: taskBoardViewSchema },
      },
    },
    async (request) => boards.view(viewerOf(request), request.params.id),
  );

  app.patch(
    '/boards/:id',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Change a board',
        params: idParamsSchema,
        body: updateTaskBoardSchema,
        response: { 200: taskBoardSchema },
      },
    },
    async (request) =>
      boards.update(viewerOf(request), request.params.id, request.body, auditSource(request)),
  );

  app.post(
    '/boards/:id/archive',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Archive a board (it leaves the lists; its tasks stay)',
        params: idParamsSchema,
        response: { 200: taskBoardSchema },
      },
    },
    async (request) => boards.setArchived(viewerOf(request), request.params.id, true, auditSource(request)),
  );

  app.post(
    '/boards/:id/unarchive',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Bring an archived board back',
        params: idParamsSchema,
        response: { 200: taskBoardSchema },
      },
    },
    async (request) => boards.setArchived(viewerOf(request), request.params.id, false, auditSource(request)),
  );

  app.delete(
    '/boards/:id',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Delete an archived board with its tasks (else 409)',
        params: idParamsSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await boards.remove(viewerOf(request), request.params.id, auditSource(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/boards/:id/columns',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Add a column (last unless a position is given)',
        params: idParamsSchema,
        body: createTaskColumnSchema,
        response: { 201: taskColumnSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await columns.create(viewerOf(request), request.params.id, request.body, auditSource(request))),
  );

  app.patch(
    '/boards/:id/columns/:columnId',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Change a column; a reorder sends only its new position (one row written)',
        params: columnParamsSchema,
        body: updateTaskColumnSchema,
        response: { 200: taskColumnSchema },
      },
    },
    async (request) =>
      columns.update(
        viewerOf(request),
        request.params.id,
        request.params.columnId,
        request.body,
        auditSource(request),
      ),
  );

  app.delete(
    '/boards/:id/columns/:columnId',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Delete a column; one with tasks needs ?move_to= (else 409)',
        params: columnParamsSchema,
        querystring: deleteTaskColumnQuerySchema,
        response: { 204: noContent, 409: conflictSchema },
      },
    },
    async (request, reply) => {
      await columns.remove(
        viewerOf(request),
        request.params.id,
        request.params.columnId,
        request.query.move_to,
        auditSource(request),
      );
      return reply.status(204).send();
    },
  );

  app.post(
    '/boards/:id/apply-template',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Add a template’s tasks with their checklists to a board',
        params: idParamsSchema,
        body: applyTaskTemplateSchema,
        response: { 201: taskCreatedListSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await tasks.applyTemplate(viewerOf(request), request.params.id, request.body, auditSource(request)),
        ),
  );

  // ------------------------------------------------------------ one task

  app.get(
    '/:id',
    {
      config: { access: READER },
      schema: {
        summary: 'A task with its checklist, links, files, watchers and activity (the side panel)',
        params: idParamsSchema,
        response: { 200: taskDetailSchema },
      },
    },
    async (request) => tasks.get(viewerOf(request), request.params.id),
  );

  app.patch(
    '/:id',
    {
      config: { access: WRITER },
      schema: {
        summary:
          'Change a task’s fields; with `version`, a task changed meanwhile answers 409 with the current one',
        params: idParamsSchema,
        body: updateTaskSchema,
        response: { 200: taskDetailSchema, 409: conflictSchema },
      },
    },
    async (request) => tasks.update(viewerOf(request), request.params.id, request.body, auditSource(request)),
  );

  app.delete(
    '/:id',
    {
      config: { access: WRITER },
      schema: { summary: 'Delete a task', params: idParamsSchema, response: { 204: noContent } },
    },
    async (request, reply) => {
      await tasks.remove(viewerOf(request), request.params.id, auditSource(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/:id/move',
    {
      config: { access: WORKER },
      schema: {
        summary:
          'Move a task (tasks.manage or an assignee): one row written; 409 on a stale version (with the current task), a bloqueio WIP limit, or a blocked task going to concluído without confirm',
        params: idParamsSchema,
        body: moveTaskSchema,
        response: { 200: taskMoveResultSchema, 409: conflictSchema },
      },
    },
    async (request) => tasks.move(viewerOf(request), request.params.id, request.body, auditSource(request)),
  );

  app.put(
    '/:id/watching',
    {
      config: { access: WORKER },
      schema: {
        summary: 'Follow a task or stop',
        params: idParamsSchema,
        body: taskWatchingSchema,
        response: { 200: taskDetailSchema },
      },
    },
    async (request) =>
      tasks.setWatching(viewerOf(request), request.params.id, request.body.watching, auditSource(request)),
  );

  app.post(
    '/:id/checklist',
    {
      config: { access: WORKER },
      schema: {
        summary: 'Add a checklist item (tasks.manage or an assignee)',
        params: idParamsSchema,
        body: createChecklistItemSchema,
        response: { 201: taskChecklistItemSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await checklist.add(viewerOf(request), request.params.id, request.body, auditSource(request))),
  );

  app.patch(
    '/:id/checklist/:itemId',
    {
      config: { access: WORKER },
      schema: {
        summary: 'Tick, rename, assign or reorder a checklist item (also by the item’s own assignee)',
        params: itemParamsSchema,
        body: updateChecklistItemSchema,
        response: { 200: taskChecklistItemSchema },
      },
    },
    async (request) =>
      checklist.update(
        viewerOf(request),
        request.params.id,
        request.params.itemId,
        request.body,
        auditSource(request),
      ),
  );

  app.delete(
    '/:id/checklist/:itemId',
    {
      config: { access: WORKER },
      schema: { summary: 'Remove a checklist item', params: itemParamsSchema, response: { 204: noContent } },
    },
    async (request, reply) => {
      await checklist.remove(
        viewerOf(request),
        request.params.id,
        request.params.itemId,
        auditSource(request),
      );
      return reply.status(204).send();
    },
  );

  app.get(
    '/:id/comments',
    {
      config: { access: READER },
      schema: {
        summary: 'A task’s comments, oldest first',
        params: idParamsSchema,
        querystring: taskCommentListQuerySchema,
        response: { 200: taskCommentListSchema },
      },
    },
    async (request) => comments.list(viewerOf(request), request.params.id, request.query),
  );

  app.post(
    '/:id/comments',
    {
      config: { access: WORKER },
      schema: {
        summary: 'Comment (tasks.manage or an assignee); @login and mention_ids notify those people',
        params: idParamsSchema,
        body: createTaskCommentSchema,
        response: { 201: taskCommentSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await comments.add(viewerOf(request), request.params.id, request.body, auditSource(request))),
  );

  app.patch(
    '/:id/comments/:commentId',
    {
      config: { access: WORKER },
      schema: {
        summary: 'Edit one’s own comment',
        params: commentParamsSchema,
        body: updateTaskCommentSchema,
        response: { 200: taskCommentSchema },
      },
    },
    async (request) =>
      comments.edit(
        viewerOf(request),
        request.params.id,
        request.params.commentId,
        request.body.body,
        auditSource(request),
      ),
  );

  app.delete(
    '/:id/comments/:commentId',
    {
      config: { access: WORKER },
      schema: {
        summary: 'Delete a comment (its author, or tasks.manage)',
        params: commentParamsSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await comments.remove(
        viewerOf(request),
        request.params.id,
        request.params.commentId,
        auditSource(request),
      );
      return reply.status(204).send();
    },
  );

  app.post(
    '/:id/links',
    {
      config: { access: WRITER },
      schema: {
        summary: 'Link to another task: bloqueia, bloqueada_por, relaciona, duplica, duplicada_por',
        params: idParamsSchema,
        body: createTaskLinkSchema,
        response: { 201: linkListSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        items: await links.add(viewerOf(request), request.params.id, request.body, auditSource(request)),
      }),
  );

  app.delete(
    '/:id/links/:linkId',
    {
      config: { access: WRITER },
      schema: { summary: 'Remove a link', params: linkParamsSchema, response: { 204: noContent } },
    },
    async (request, reply) => {
      await links.remove(viewerOf(request), request.params.id, request.params.linkId, auditSource(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/:id/attachments',
    {
      config: { access: WORKER, upload },
      schema: {
        summary: `Attach files (multipart/form-data, field ${TASK_ATTACHMENT_FIELD}): images or PDF, like the chamados'`,
        params: idParamsSchema,
        response: { 201: attachmentListSchema },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      // Refused before the upload is read when the caller may not attach (the write checks again).
      await service.assertMayWorkOn(viewer, request.params.id);
      const release = await uploadSlots.acquire();
      try {
        const files = await readTaskFiles(request);
        const staged = await stageFiles(db, files);
        try {
          const items = await attachments.add(viewer, request.params.id, staged, auditSource(request));
          return reply.status(201).send({ items });
        } catch (error) {
          await discardStaged(db, staged).catch(() => undefined);
          throw error;
        }
      } finally {
        release();
      }
    },
  );

  app.get(
    '/:id/attachments/:attachmentId',
    {
      config: { access: READER },
      schema: {
        summary: 'One file of a task',
        params: attachmentParamsSchema,
        response: { 200: fileResponse(TASK_ATTACHMENT_TYPES, 'The file, inline; PDFs sandboxed') },
      },
    },
    async (request, reply) => {
      await loadTaskRow(db, viewerOf(request).scope, request.params.id);
      return sendTaskAttachment(db, reply, request.params.id, request.params.attachmentId);
    },
  );

  app.delete(
    '/:id/attachments/:attachmentId',
    {
      config: { access: WORKER },
      schema: {
        summary: 'Remove a file (its sender, or tasks.manage)',
        params: attachmentParamsSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await attachments.remove(
        viewerOf(request),
        request.params.id,
        request.params.attachmentId,
        auditSource(request),
      );
      return reply.status(204).send();
    },
  );
};
