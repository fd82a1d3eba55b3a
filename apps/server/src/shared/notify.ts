import type { Notification, NotificationInput } from '@farol/data/contract';

/**
 * `app.notify(userId, input)`: stores a notification and pushes it to the person's sockets. Implemented by
 * the notifications module; any module may call it.
 */
export type Notify = (userId: number, input: NotificationInput) => Promise<Notification>;
