// The notifications domain's MSW handlers and fixtures (gathered by @farol/data/mocks).
export { makeNotification, notificationFixtures } from './fixtures';
export { createNotificationHandlers, notificationHandlers } from './handlers';
export type { NotificationMockOptions } from './handlers';
