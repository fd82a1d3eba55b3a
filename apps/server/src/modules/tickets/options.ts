import { TICKET_CATEGORIES, type TicketFormOptions } from '@farol/data/contract';
import { CLIENT_ROLES } from '../../auth/types';
import type { Database } from '../../db/database';
import type { Viewer } from '../../http/access';
import { companyScopeSql } from '../../http/company-scope';
import { nameSql, STAFF_WITH_KEY_SQL } from '../../shared/users';
import { TICKETS_PERMISSION } from './repository';

type CompanyOption = TicketFormOptions['companies'][number];

/**
 * What the ticket forms offer the caller: staff pick any company and branch and any colleague holding
 * tickets.view; a client sees only their own company (none without one) and assigns nobody.
 */
export const ticketFormOptions = async (db: Database, viewer: Viewer): Promise<TicketFormOptions> => {
  const client = viewer.scope.kind === 'company';
  const companyId = viewer.scope.kind === 'company' ? viewer.scope.companyId : null;
  const categories = [...TICKET_CATEGORIES];
  if (client && companyId === null) return { companies: [], assignees: [], categories };
  const companyParams: unknown[] = [];
  const [companies, assignees] = await Promise.all([
    db.query<CompanyOption>(
      `SELECT c.id, c.name,
         COALESCE(json_agg(json_build_object('id', b.id, 'name', b.name) ORDER BY b.name, b.id)
           FILTER (WHERE b.id IS NOT NULL), '[]'::json) AS branches
       FROM companies c LEFT JOIN branches b ON b.company_id = c.id
       WHERE ${companyScopeSql(viewer.scope, companyParams, 'c.id')}
       GROUP BY c.id ORDER BY c.name, c.id`,
      companyParams,
    ),
    client
      ? Promise.resolve({ rows: [] })
      : db.query<{ id: number; name: string }>(
          `SELECT u.id, ${nameSql('u')} AS name FROM users u WHERE ${STAFF_WITH_KEY_SQL} ORDER BY name, u.id`,
          [TICKETS_PERMISSION, CLIENT_ROLES],
        ),
  ]);
  return { companies: companies.rows, assignees: assignees.rows, categories };
};
