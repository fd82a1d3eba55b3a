import type { CompanyEvent } from '../contract/realtime';
import { createCoalescedRefresher } from '../lib/coalesced-refresh';
import type { LiveHandler } from '../realtime/live-handler';
import { companyKeys } from './keys';

/**
 * company:created and company:updated (staff with companies.view). The open company page refetches what
 * changed — the company and whichever of its tabs is on screen (branches, contacts, activity: the server sends
 * company:updated for those changes too); lists (whose order, filters and counts may have moved) refetch at
 * most once per burst, as an import of many rows emits many events.
 */
export const companiesLive: LiveHandler = ({ realtime, queryClient, options }) => {
  const lists = createCoalescedRefresher(
    queryClient,
    [companyKeys.lists(), companyKeys.options()],
    options.lists,
  );
  const onUpdated = (event: CompanyEvent) => {
    void queryClient.invalidateQueries({ queryKey: companyKeys.detail(event.id) });
    lists.schedule();
  };
  const subscriptions = [
    realtime.on('company:created', () => lists.schedule()),
    realtime.on('company:updated', onUpdated),
  ];
  return () => {
    lists.cancel();
    for (const unsubscribe of subscriptions) unsubscribe();
  };
};
