import { PERMISSIONS, hasPermission, useSession, type CompanyDetail, type SessionUser } from '@farol/data';
import { Spinner, Tabs, TabsContent, TabsList, TabsTrigger } from '@farol/ui';
import { Suspense, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { companyPageTabs, useModules, type FeatureModule } from '../../../lib/module-registry';
import { renderRouterLink } from '../../../lib/router-link';
import { companyPath } from '../shared/company-format';
import { CompanyActivityTab } from './company-activity-tab';
import { CompanyBranchesTab } from './company-branches-tab';
import { CompanyContactsTab } from './company-contacts-tab';
import { CompanyOverviewTab } from './company-overview-tab';
import { CompanyTicketsTab } from './company-tickets-tab';

/** The tab a company page opens on (no `?tab=` in its URL). */
export const OVERVIEW_TAB = 'visao-geral';

export interface CompanyTab {
  /** Its `?tab=` value. */
  id: string;
  label: string;
  /** A count shown beside the label (branches, contacts, open chamados). */
  count?: number;
  order: number;
  render: () => ReactNode;
}

interface TabContext {
  company: CompanyDetail;
  canManage: boolean;
  user: SessionUser | null;
  modules: readonly FeatureModule[];
}

/**
 * The page's own tabs, then those other modules add through the registry (`companyTabs`), by order; a
 * registered id the page already has is ignored, and a tab whose key the person lacks is left out.
 */
export function companyTabs({ company, canManage, user, modules }: TabContext): CompanyTab[] {
  const own: CompanyTab[] = [
    {
      id: OVERVIEW_TAB,
      label: 'Visão geral',
      order: 0,
      render: () => <CompanyOverviewTab company={company} />,
    },
    {
      id: 'filiais',
      label: 'Filiais',
      count: company.branch_count,
      order: 10,
      render: () => <CompanyBranchesTab company={company} canManage={canManage} />,
    },
    {
      id: 'contatos',
      label: 'Contatos',
      count: company.contact_count,
      order: 20,
      render: () => <CompanyContactsTab key={company.id} company={company} canManage={canManage} />,
    },
    ...(hasPermission(user, PERMISSIONS.TICKETS_VIEW)
      ? [
          {
            id: 'chamados',
            label: 'Chamados',
            count: company.open_tickets,
            order: 40,
            render: () => <CompanyTicketsTab company={company} />,
          },
        ]
      : []),
    {
      id: 'atividade',
      label: 'Atividade',
      order: 90,
      render: () => <CompanyActivityTab company={company} />,
    },
  ];
  const taken = new Set(own.map((tab) => tab.id));
  const added = companyPageTabs(user, modules)
    .filter((tab) => !taken.has(tab.id))
    .map<CompanyTab>(({ id, label, order, component: Tab }) => ({
      id,
      label,
      order,
      render: () => (
        <Suspense
          fallback={
            <div className="flex justify-center py-10">
              <Spinner label={`Carregando ${label}…`} showLabel />
            </div>
          }
        >
          <Tab companyId={company.id} />
        </Suspense>
      ),
    }));
  return [...own, ...added].sort((a, b) => a.order - b.order);
}

/** The company's sections as tabs the URL drives (`?tab=filiais`): a link each, so every tab can be bookmarked. */
export function CompanyTabs({ company, canManage }: { company: CompanyDetail; canManage: boolean }) {
  const [search] = useSearchParams();
  const { user } = useSession();
  const modules = useModules();
  const tabs = useMemo(
    () => companyTabs({ company, canManage, user, modules }),
    [company, canManage, user, modules],
  );
  const requested = search.get('tab') ?? OVERVIEW_TAB;
  const active = tabs.find((tab) => tab.id === requested) ?? tabs[0]!;
  return (
    <Tabs value={active.id} renderLink={renderRouterLink} activationMode="manual">
      <TabsList variant="line" aria-label="Seções da empresa">
        {tabs.map((tab) => (
          <TabsTrigger
            key={tab.id}
            value={tab.id}
            href={companyPath(company.id, tab.id === OVERVIEW_TAB ? undefined : tab.id)}
          >
            {tab.label}
            {tab.count !== undefined ? (
              <span className="rounded-full bg-secondary px-1.5 text-xs text-secondary-foreground tabular-nums">
                {tab.count.toLocaleString('pt-BR')}
              </span>
            ) : null}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={active.id} className="pt-1">
        {active.render()}
      </TabsContent>
    </Tabs>
  );
}
