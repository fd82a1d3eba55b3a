import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TICKET_ATTACHMENT_FIELD,
  TICKET_ATTACHMENT_MAX_FILES,
  TICKET_ATTACHMENT_TYPES,
  createTicketMessageSchema,
  createTicketSchema,
  ticketDetailSchema,
  ticketFormOptionsSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketMessageListSchema,
  ticketMessageSchema,
  ticketSchema,
  ticketSummarySchema,
  updateTicketSchema,
  type TicketList,
} from '@farol/data/contract';
import { isClientRole } from '../../auth/types';
import { viewerOf, type RouteAccess } from '../../http/access';
import { DATABASE_JSON, fileResponse } from '../../http/openapi';
import { createUploadSlots, UPLOAD_SLOTS } from '../../http/uploads';
import { idParam, idParamsSchema } from '../../http/validation';
import { auditSource } from '../../shared/audit';
import { readFormFiles, sendAttachment, uploadSlotHooks } from './attachments';
import { createTicketEvents } from './events';
import { createTicketListReader } from './list-cache';
import { ticketFormOptions } from './options';
import { loadTicket } from './repository';
import { createTicketService } from './service';
import { ticketSummary } from './summary';

const attachmentParamsSchema = idParamsSchema.extend({ attachmentId: idParam('attachmentId') });

/** Clients (their own company's tickets) or staff holding tickets.view (admins hold every key). */
const READER: RouteAccess = { permission: 'tickets.view', clients: true, scope: 'company' };
/** Staff only: changing a ticket, the dashboard counts. */
const STAFF: RouteAccess = { permission: 'tickets.view', clients: false, scope: 'company' };

const upload = {
  field: TICKET_ATTACHMENT_FIELD,
  maxFiles: TICKET_ATTACHMENT_MAX_FILES,
  types: TICKET_ATTACHMENT_TYPES,
};

/** Chamados under /api/tickets (also answered under /api/support/tickets, an alias the app rewrites). */
export const ticketsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const lists = createTicketListReader(db, { cache: app.config.ticketListCache });
  const events = createTicketEvents({ db, realtime: app.realtime, notify: app.notify, log: app.log });
  const tickets = createTicketService({ db, audit: app.audit, events, onChange: lists.invalidate });
  // Big uploads take turns; small requests take no slot and are answered meanwhile.
  const uploadSlots = createUploadSlots(UPLOAD_SLOTS);
  app.decorateRequest('ticketFiles', null);
  app.decorateRequest('releaseUploadSlot', null);

  app.get(
    '',
    {
      config: { access: READER },
      schema: {
        summary: 'One page of chamados, filtered and sorted',
        description: DATABASE_JSON,
        querystring: ticketListQuerySchema,
        response: { 200: ticketListSchema },
      },
    },
    async (request, reply) => {
      const body = await lists.read(viewerOf(request), request.query);
      // Already the TicketList JSON (see listTicketsJson): a string is sent as it is.
      return reply.type('application/json; charset=utf-8').send(body as unknown as TicketList);
    },
  );

  app.post(
    '',
    {
      config: { access: READER, upload },
      preValidation: readFormFiles(uploadSlots),
      ...uploadSlotHooks,
      schema: {
        summary: 'Open a chamado (JSON, or multipart with up to 5 files)',
        body: createTicketSchema,
        response: { 201: ticketSchema },
      },
    },
    async (request, reply) => {
      const ticket = await tickets.create(
        viewerOf(request),
        request.body,
        request.ticketFiles ?? [],
        auditSource(request),
      );
      return reply.status(201).send(ticket);
    },
  );

  // Static paths: fastify's router prefers them to `/:id`, whatever the registration order.
  app.get(
    '/summary',
    {
      config: { access: STAFF },
      schema: { summary: "The dashboard's counts", response: { 200: ticketSummarySchema } },
    },
    async (request) => ticketSummary(db, viewerOf(request)),
  );

  app.get(
    '/options',
    {
      config: { access: READER },
      schema: {
        summary: 'What the forms offer: companies with branches, assignees, categories',
        response: { 200: ticketFormOptionsSchema },
      },
    },
    async (request) => ticketFormOptions(db, viewerOf(request)),
  );

  app.get(
    '/:id',
    {
      config: { access: READER },
      schema: {
        summary: 'One chamado with its history and the files of its opening',
        params: idParamsSchema,
        response: { 200: ticketDetailSchema },
      },
    },
    async (request) => tickets.get(viewerOf(request), request.params.id),
  );

  app.patch(
    '/:id',
    {
      config: { access: STAFF },
      schema: {
        summary: 'Change status (allowed transitions, else 409), priority, assignee or category',
        params: idParamsSchema,
        body: updateTicketSchema,
        response: { 200: ticketSchema },
      },
    },
    async (request) =>
      tickets.update(viewerOf(request), request.params.id, request.body, auditSource(request)),
  );

  app.get(
    '/:id/messages',
    {
      config: { access: READER },
      schema: {
        summary: 'The thread (internal notes for staff only)',
        params: idParamsSchema,
        response: { 200: ticketMessageListSchema },
      },
    },
    async (request) => tickets.listMessages(viewerOf(request), request.params.id),
  );

  app.post(
    '/:id/messages',
    {
      config: { access: READER, upload },
      preValidation: readFormFiles(uploadSlots, ['internal']),
      ...uploadSlotHooks,
      schema: {
        summary: 'Reply or add an internal note (staff), with up to 5 files',
        params: idParamsSchema,
        body: createTicketMessageSchema,
        response: { 201: ticketMessageSchema },
      },
    },
    async (request, reply) => {
      const message = await tickets.addMessage(
        viewerOf(request),
        request.params.id,
        request.body,
        request.ticketFiles ?? [],
        auditSource(request),
      );
      return reply.status(201).send(message);
    },
  );

  app.get(
    '/:id/attachments/:attachmentId',
    {
      config: { access: READER },
      schema: {
        summary: 'One file of the chamado (a note’s files for staff only)',
        params: attachmentParamsSchema,
        response: { 200: fileResponse(TICKET_ATTACHMENT_TYPES, 'The file, inline; PDFs sandboxed') },
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const viewer = viewerOf(request);
      // Read access to the ticket is the rule (404 for another company's); notes stay staff-only.
      await loadTicket(db, viewer.scope, id);
      return sendAttachment(db, reply, id, attachmentId, { includeInternal: !isClientRole(viewer.role) });
    },
  );
};
