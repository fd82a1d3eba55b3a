import { useCompany } from '@farol/data/companies';
import { useParams } from 'react-router-dom';
import { parseCompanyId } from '../shared/company-format';
import { useCanManageCompanies } from '../shared/use-can-manage-companies';
import { CompanyHeader } from './company-header';
import { CompanyNotFound, CompanyQueryState } from './company-page-states';
import { CompanyTabs } from './company-tabs';

/** /companies/:id — the company as a hub: its header and actions, and its sections as tabs. */
export function CompanyPage() {
  const companyId = parseCompanyId(useParams().id);
  const company = useCompany(companyId);
  const canManage = useCanManageCompanies();
  if (companyId === null) return <CompanyNotFound />;
  if (!company.data) {
    return (
      <CompanyQueryState
        isPending={company.isPending}
        error={company.error}
        onRetry={() => void company.refetch()}
      />
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5">
      <CompanyHeader company={company.data} canManage={canManage} />
      <CompanyTabs company={company.data} canManage={canManage} />
    </div>
  );
}
