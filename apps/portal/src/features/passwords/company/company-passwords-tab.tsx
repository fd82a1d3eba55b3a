import type { CompanyTabProps } from '../../../lib/module-registry';
import { PasswordsPage } from '../list/passwords-page';
import { VaultRequestsPage } from '../requests/vault-requests-page';
import { useCanManagePasswords } from '../shared/password-labels';

/**
 * The company page's Senhas tab: the company's items, searched and filtered like the vault's list, and (for
 * those who manage the vault) its credential requests with "Pedir credencial".
 */
export function CompanyPasswordsTab({ companyId }: CompanyTabProps) {
  const canManage = useCanManagePasswords();
  return (
    <div className="flex flex-col gap-8">
      <PasswordsPage companyId={companyId} />
      {canManage ? <VaultRequestsPage companyId={companyId} /> : null}
    </div>
  );
}
