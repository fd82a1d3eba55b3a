import {
  notificationInputSchema,
  SERVER_EVENTS,
  type Notification,
  type NotificationEvent,
  type NotificationInput,
} from '@farol/data/contract';
import { parse } from '../../http/validation';
import type { NotificationRepository } from './repository';

/** The part of the realtime server a notifier needs. */
export interface UserPusher {
  toUser(userId: number, event: string, payload: unknown): void;
}

export type Notify = (userId: number, input: NotificationInput) => Promise<Notification>;

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
