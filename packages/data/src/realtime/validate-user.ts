import {
  USER_PRESENCE_STATUSES,
  type UserPresenceEvent,
  type UserPresenceStatus,
} from '../contract/user-directory-constants';
import { isRecord } from '../lib/values';

// The directory's live event (contract/user-directory-constants.ts), checked by hand as the other live payloads
// are (the realtime entry carries no zod). A payload that fails is dropped and logged by the caller.

const isStatus = (value: unknown): value is UserPresenceStatus =>
  (USER_PRESENCE_STATUSES as readonly unknown[]).includes(value);

/** user:presence: a positive integer id and one of the three statuses. */
export function parseUserPresenceEvent(raw: unknown): UserPresenceEvent | null {
  if (!isRecord(raw)) return null;
  const { userId, status } = raw;
  if (typeof userId !== 'number' || !Number.isSafeInteger(userId) || userId <= 0) return null;
  return isStatus(status) ? { userId, status } : null;
}
