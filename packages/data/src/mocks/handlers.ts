import type { HttpHandler } from 'msw';
import { accountHandlers } from '../accounts/mocks';
import { companyHandlers } from '../companies/mocks';
import { connectionHandlers } from '../connections/mocks';
import { messagesHandlers } from '../messages/mocks';
import { notificationHandlers } from '../notifications/mocks';
import { passwordHandlers, vaultRequestHandlers, vaultTransferHandlers } from '../passwords/mocks';
import { securityHandlers } from '../security/mocks';
import { authHandlers, profileHandlers } from '../session/mocks';
import { taskHandlers } from '../tasks/mocks';
import { ticketHandlers } from '../tickets/mocks';
import { roleHandlers } from '../roles/mocks';
import { userDirectoryHandlers } from '../users/mocks';

export { errorResponse } from './http';

/**
 * A fresh set of every domain's handlers (a new domain adds its key here), keyed so a story can override
 * one key (`msw.handlers.notifications`).
 */
export function createHandlers() {
  return {
    auth: authHandlers.default(),
    profile: profileHandlers.default(),
    notifications: notificationHandlers.default(),
    messages: messagesHandlers.default(),
    tickets: ticketHandlers.default(),
    companies: companyHandlers.default(),
    accounts: accountHandlers.default(),
    tasks: taskHandlers.default(),
    // Before the vault's own: its '/passwords/:id' would answer '/passwords/requests'.
    passwordRequests: vaultRequestHandlers.default(),
    // Import and export (POST only; before the vault's own too).
    passwordTransfer: vaultTransferHandlers.default(),
    passwords: passwordHandlers.default(),
    connections: connectionHandlers.default(),
    users: userDirectoryHandlers.default(),
    roles: roleHandlers.default(),
    security: securityHandlers.default(),
  };
}

/** The handler groups, by key. */
export type HandlerGroups = ReturnType<typeof createHandlers>;

export const handlers: HandlerGroups = createHandlers();

/** The groups flattened for `setupServer(...)` / `setupWorker(...)`. */
export function flattenHandlers(groups: Partial<HandlerGroups> = handlers): HttpHandler[] {
  return Object.values(groups).flat();
}
