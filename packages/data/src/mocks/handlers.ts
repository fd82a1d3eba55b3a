import type { HttpHandler } from 'msw';
import { messagesHandlers } from '../messages/mocks/handlers';
import { notificationHandlers } from '../notifications/mocks/handlers';
import { authHandlers, profileHandlers } from '../session/mocks/handlers';
import { ticketHandlers } from '../tickets/mocks/handlers';

export { errorResponse } from './http';

export interface HandlerGroups {
  auth: HttpHandler[];
  profile: HttpHandler[];
  notifications: HttpHandler[];
  messages: HttpHandler[];
  tickets: HttpHandler[];
}

/**
 * A fresh set of every domain's handlers (a new domain adds its key here), keyed so a story can override one key (`msw.handlers.notifications`). */
export function createHandlers(): HandlerGroups {
  return {
    auth: authHandlers.default(),
    profile: profileHandlers.default(),
    notifications: notificationHandlers.default(),
    messages: messagesHandlers.default(),
    tickets: ticketHandlers.default(),
  };
}

export const handlers: HandlerGroups = createHandlers();

/** The groups flattened for `setupServer(...)` / `setupWorker(...)`. */
export function flattenHandlers(groups: Partial<HandlerGroups> = handlers): HttpHandler[] {
  return Object.values(groups).flat();
}
