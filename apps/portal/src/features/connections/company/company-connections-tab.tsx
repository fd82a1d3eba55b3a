import type { CompanyTabProps } from '../../../lib/module-registry';
import { ConnectionsPage } from '../list/connections-page';

/** The company page's Conexões tab: the company's connections, searched and filtered like the list. */
export function CompanyConnectionsTab({ companyId }: CompanyTabProps) {
  return <ConnectionsPage companyId={companyId} />;
}
