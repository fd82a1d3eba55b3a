import { useSession, type CompanyDetail } from '@farol/data';
import { formatPhone } from '@farol/data/companies';
import { Card, CardContent, CardHeader, CardTitle, cn } from '@farol/ui';
import { Suspense, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CompanyFigurePlaceholder, FIGURE_LINK_CLASS as LINK_CLASS } from '../../../lib/company-figure';
import { companyPageFigures, useModules } from '../../../lib/module-registry';
import { companyPath, formatDate, websiteLink } from '../shared/company-format';

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-0.5', wide && 'sm:col-span-2')}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children ?? <span className="text-muted-foreground">—</span>}</dd>
    </div>
  );
}

const none = <span className="text-muted-foreground">Não informado</span>;

/**
 * The figures other modules add through the registry (`companyFigures`: the chamados' open, overdue and last
 * contact; later tarefas, senhas…), in their order, each drawn by its own lazily loaded component.
 */
function ModuleFigures({ companyId }: { companyId: number }) {
  const { user } = useSession();
  const modules = useModules();
  const figures = useMemo(() => companyPageFigures(user, modules), [user, modules]);
  if (figures.length === 0) return null;
  return (
    <div
      role="group"
      aria-label="Indicadores"
      className="grid grid-cols-[repeat(auto-fit,minmax(12rem,1fr))] gap-4"
    >
      {figures.map(({ id, cards = 1, component: Figures }) => (
        <Suspense
          key={id}
          fallback={Array.from({ length: cards }, (_, index) => (
            <CompanyFigurePlaceholder key={index} />
          ))}
        >
          <Figures companyId={companyId} />
        </Suspense>
      ))}
    </div>
  );
}

/** Visão geral: the figures modules add (chamados open, overdue, last contact…) and the facts of the company. */
export function CompanyOverviewTab({ company }: { company: CompanyDetail }) {
  const site = company.website ? websiteLink(company.website) : null;
  return (
    <div className="flex flex-col gap-4">
      <ModuleFigures companyId={company.id} />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Dados da empresa</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
            <Fact label="Razão social">{company.legal_name}</Fact>
            <Fact label="Inscrição estadual">{company.state_registration ?? none}</Fact>
            <Fact label="Inscrição municipal">{company.municipal_registration ?? none}</Fact>
            <Fact label="Site">
              {site ? (
                <a href={site.href} target="_blank" rel="noreferrer noopener" className={LINK_CLASS}>
                  {site.label}
                  <span className="sr-only"> (abre em nova aba)</span>
                </a>
              ) : (
                none
              )}
            </Fact>
            <Fact label="Domínios de e-mail">
              {company.email_domains.length > 0 ? company.email_domains.join(', ') : none}
            </Fact>
            <Fact label="Telefone">
              {company.phone ? (
                <a href={`tel:${company.phone}`} className={LINK_CLASS}>
                  {formatPhone(company.phone)}
                </a>
              ) : (
                none
              )}
            </Fact>
            <Fact label="Responsável">
              {company.account_manager?.name ?? (
                <span className="text-muted-foreground">Sem responsável</span>
              )}
            </Fact>
            <Fact label="Cadastrada em">{formatDate(company.created_at)}</Fact>
            <Fact label="Grupo econômico" wide>
              <GroupFacts company={company} />
            </Fact>
            <Fact label="Observações" wide>
              {company.notes ? <span className="whitespace-pre-wrap">{company.notes}</span> : none}
            </Fact>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}

/** The parent company and the companies under this one, each a link to its page. */
function GroupFacts({ company }: { company: CompanyDetail }) {
  if (!company.parent && company.children.length === 0) return none;
  return (
    <span className="flex flex-col gap-1">
      {company.parent ? (
        <span>
          Faz parte de{' '}
          <Link to={companyPath(company.parent.id)} className={LINK_CLASS}>
            {company.parent.name}
          </Link>
        </span>
      ) : null}
      {company.children.length > 0 ? (
        <span>
          Empresas do grupo:{' '}
          {company.children.map((child, index) => (
            <span key={child.id}>
              {index > 0 ? ', ' : null}
              <Link to={companyPath(child.id)} className={LINK_CLASS}>
                {child.name}
              </Link>
            </span>
          ))}
        </span>
      ) : null}
    </span>
  );
}
