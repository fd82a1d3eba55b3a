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
import { idParamsSchema, parse } from '../../http/validation';
import {
  addTicketMessage,
  canUseTickets,
  createTicket,
  getTicket,
  listTicketMessages,
  listTickets,
  updateTicket,
  type TicketDeps,
} from './ticket-service';

/** Both prefixes answer the same handlers (`/api/support/tickets…` is an alias). */
export const TICKET_PREFIXES = ['/api/tickets', '/api/support/tickets'] as const;

export const registerTicketRoutes = (app: FastifyInstance, deps: Omit<TicketDeps, 'log'>) => {
  const ticketDeps: TicketDeps = { ...deps, log: app.log };
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
    app.get(prefix, reader, async (request) =>
      listTickets(db, currentUser(request), parse(ticketListQuerySchema, request.query)),
    );

    app.post(prefix, reader, async (request, reply) => {
      const input = parse(createTicketSchema, request.body);
      return reply.status(201).send(await createTicket(ticketDeps, currentUser(request), input));
    });

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
      const input = parse(createTicketMessageSchema, request.body);
      return reply.status(201).send(await addTicketMessage(ticketDeps, currentUser(request), id, input));
    });
  }
};
