import type { UserDirectoryList, UserProfile } from '../contract/user-directory';
import type { UserPresenceEvent } from '../contract/user-directory-constants';
import type { LiveHandler } from '../realtime/live-handler';
import { userKeys } from './keys';

/** Whether a cached directory list was asked with a presence filter (its members change with presence). */
const filtersByPresence = (queryKey: readonly unknown[]) => {
  const params = queryKey[2];
  return typeof params === 'object' && params !== null && 'status' in params;
};

/**
 * user:presence (staff holding users.view): the person's presence is patched in place in every cached
 * directory page and on their page; pages filtered by presence (whose members change) refetch once per burst.
 */
export const usersLive: LiveHandler = ({ realtime, queryClient, options }) => {
  const delayMs = options.lists?.delayMs ?? 400;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refetchFiltered = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void queryClient.invalidateQueries({
        queryKey: userKeys.lists(),
        predicate: (query) => filtersByPresence(query.queryKey),
      });
    }, delayMs);
  };

  const onPresence = ({ userId, status }: UserPresenceEvent) => {
    queryClient.setQueriesData<UserDirectoryList>({ queryKey: userKeys.lists() }, (list) => {
      if (!list?.items.some((item) => item.id === userId && item.presence !== status)) return list;
      return {
        ...list,
        items: list.items.map((item) => (item.id === userId ? { ...item, presence: status } : item)),
      };
    });
    queryClient.setQueryData<UserProfile>(userKeys.detail(userId), (profile) =>
      profile && profile.presence !== status ? { ...profile, presence: status } : profile,
    );
    const filtered = queryClient
      .getQueryCache()
      .findAll({ queryKey: userKeys.lists() })
      .some((query) => filtersByPresence(query.queryKey));
    if (filtered) refetchFiltered();
  };

  const unsubscribe = realtime.on('user:presence', onPresence);
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
};
