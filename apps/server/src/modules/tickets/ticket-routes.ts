import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import {
  createTicketMessageSchema,
  createTicketSchema,
  ticketListQuerySchema,
  updateTicketSchema,
} from '@farol/data/contract';
import { currentUser } from '../../auth/guard';
import { isClientRole } from '../../auth/types';
import { forbidden } from '../../http/errors';
import { idParam, idParamsSchema, parse } from '../../http/validation';
import { readTicketForm, sendAttachment } from './ticket-attachments';
import { createTicketListReader } from './ticket-list-cache';
import { ticketFormOptions } from './ticket-options';
import {
  addTicketMessage,
  canUseTickets,
  createTicket,
  getTicket,
  listTicketMessages,
  loadTicket,
  updateTicket,
  type TicketDeps,
} from './ticket-service';
import { ticketSummary } from './ticket-summary';

const attachmentParamsSchema = idParamsSchema.extend({ attachmentId: idParam('attachmentId') });

/** Both prefixes answer the same handlers (`/api/support/tickets…` is an alias). */
export const TICKET_PREFIXES = ['/api/tickets', '/api/support/tickets'] as const;

export const registerTicketRoutes = (
  app: FastifyInstance,
  { listCache, ...deps }: Omit<TicketDeps, 'log' | 'onChange'> & { listCache?: boolean },
) => {
  const lists = createTicketListReader(deps.db, { cache: listCache });
  const ticketDeps: TicketDeps = { ...deps, log: app.log, onChange: lists.invalidate };
  const { db } = deps;
  // Clients (their own company) or staff holding tickets.view (admins hold every key).
  const ticketUser: preHandlerAsyncHookHandler = async (request) => {
    if (!canUseTickets(currentUser(request))) throw forbidden();
  };
  const staffOnly: preHandlerAsyncHookHandler = async (request) => {
    if (isClientRole(currentUser(request).role)) throw forbidden();
  };
  const reader = { preHandler: [app.authenticate, ticketUser] };
  const staff = { preHandler: [app.authenticate, ticketUser, staffOnly] };

  for (const prefix of TICKET_PREFIXES) {
    app.get(prefix, reader, async (request, reply) => {
      const query = parse(ticketListQuerySchema, request.query);
      // Already the TicketList JSON (see listTicketsJson); sent as is.
      const body = await lists.read(currentUser(request), query);
      return reply.type('application/json; charset=utf-8').send(body);
    });

    app.post(prefix, reader, async (request, reply) => {
      const { fields, files } = await readTicketForm(request);
      const input = parse(createTicketSchema, fields);
      return reply.status(201).send(await createTicket(ticketDeps, currentUser(request), input, files));
    });

    // Static paths: fastify's router prefers them to `/:id`, whatever the registration order.
    app.get(`${prefix}/summary`, staff, async (request) => ticketSummary(db, currentUser(request)));

    app.get(`${prefix}/options`, reader, async (request) => ticketFormOptions(db, currentUser(request)));

    app.get(`${prefix}/:id`, reader, async (request) => {
      const { id } = parse(idParamsSchema, request.params);
      return getTicket(db, currentUser(request), id);
    });

    app.patch(`${prefix}/:id`, staff, async (request) => {
      const { id } = parse(idParamsSchema, request.params);
      const input = parse(updateTicketSchema, request.body);
      return updateTicket(ticketDeps, currentUser(request), id, input);
    });

    app.get(`${prefix}/:id/messages`, reader, async (request) => {
      const { id } = parse(idParamsSchema, request.params);
      return listTicketMessages(db, currentUser(request), id);
    });

    app.post(`${prefix}/:id/messages`, reader, async (request, reply) => {
      const { id } = parse(idParamsSchema, request.params);
      const { fields, files } = await readTicketForm(request, ['internal']);
      const input = parse(createTicketMessageSchema, fields);
      return reply
        .status(201)
        .send(await addTicketMessage(ticketDeps, currentUser(request), id, input, files));
    });

    app.get(`${prefix}/:id/attachments/:attachmentId`, reader, async (request, reply) => {
      const { id, attachmentId } = parse(attachmentParamsSchema, request.params);
      const caller = currentUser(request);
      // Read access to the ticket is the rule (404 for another company's); notes stay staff-only.
      await loadTicket(db, caller, id);
      return sendAttachment(db, reply, id, attachmentId, { includeInternal: !isClientRole(caller.role) });
    });
  }
};
