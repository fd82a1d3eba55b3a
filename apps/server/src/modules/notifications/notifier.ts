import { notificationInputSchema, SERVER_EVENTS, type NotificationEvent } from '@farol/data/contract';
import { parse } from '../../http/validation';
import type { Notify } from '../../shared/notify';
import type { NotificationRepository } from './repository';

/** The part of the realtime server a notifier needs. */
export interface UserPusher {
  toUser(userId: number, event: string, payload: unknown): void;
}

/** `notify(userId, input)`: stores the notification, then pushes `notification` to room `user:{id}`. */
export const createNotifier = ({
  notifications,
  realtime,
}: {
  notifications: NotificationRepository;
  realtime: UserPusher;
}): Notify => {
  return async (userId, input) => {
    const notification = await notifications.insert(userId, parse(notificationInputSchema, input));
    const event: NotificationEvent = { __kind: 'notification', notification };
    realtime.toUser(userId, SERVER_EVENTS.notification[0], event);
    return notification;
  };
};
