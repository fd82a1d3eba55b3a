/**
 * What follows a committed company change: `company:created` / `company:updated` with the whole Company to
 * every staff member holding companies.view who reaches it (looked up per event, like the tickets' events). Called only
 * after the transaction commits, so nobody is told of a change that was rolled back.
 */
import { SERVER_EVENTS, type Company } from '@farol/data/contract';
import type { Database } from '../../db/database';
import { userRoom, type RoomEmitter } from '../../realtime';
import { staffWithKey } from '../../shared/users';
import { COMPANIES_VIEW } from './repository';

export interface CompanyEvents {
  created(company: Company): Promise<void>;
  /** The company changed (its fields, logo, archive state, or its branches' and contacts' counts). */
  updated(company: Company): Promise<void>;
}

export const createCompanyEvents = ({
  db,
  realtime,
}: {
  db: Database;
  realtime: RoomEmitter;
}): CompanyEvents => {
  const emit = async (event: string, company: Company) => {
    // Staff limited to other companies (issue 13's company scope) are not told of this one.
    const staff = await staffWithKey(db, COMPANIES_VIEW, null, company.id);
    if (staff.length > 0) realtime.toRooms(staff.map(userRoom), event, company);
  };
  return {
    created: (company) => emit(SERVER_EVENTS.companyCreated[0], company),
    updated: (company) => emit(SERVER_EVENTS.companyUpdated[0], company),
  };
};
