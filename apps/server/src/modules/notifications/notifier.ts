import {
  notificationInputSchema,
  SERVER_EVENTS,
  type Notification,
  type NotificationEvent,
  type NotificationInput,
} from '@farol/data/contract';
import type { Database } from '../../db/database';
import { parse } from '../../http/validation';
import { insertNotification } from './queries';

/** The part of the realtime server a notifier needs. */
export interface UserPusher {
  toUser(userId: number, event: string, payload: unknown): void;
}

export type Notify = (userId: number, input: NotificationInput) => Promise<Notification>;

/** `notify(userId, input)`: stores the notification, then pushes `notification` to room `user:{id}`. */
export const createNotifier = ({ db, realtime }: { db: Database; realtime: UserPusher }): Notify => {
  return async (userId, input) => {
    const notification = await insertNotification(db, userId, parse(notificationInputSchema, input));
    const event: NotificationEvent = { __kind: 'notification', notification };
    realtime.toUser(userId, SERVER_EVENTS.notification[0], event);
    return notification;
  };
};
