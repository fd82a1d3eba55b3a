import type { CompanyTabProps } from '../../../lib/module-registry';
import { PasswordsPage } from '../list/passwords-page';

/** The company page's Senhas tab: the company's items, searched and filtered like the vault's list. */
export function CompanyPasswordsTab({ companyId }: CompanyTabProps) {
  return <PasswordsPage companyId={companyId} />;
}
