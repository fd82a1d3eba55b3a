import type { CompanyDetail } from '@farol/data';
import { formatPhone } from '@farol/data/companies';
import { Card, CardContent, CardHeader, CardTitle, cn, formatRelativeTime } from '@farol/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { companyPath, formatDate, formatDateTime, websiteLink } from '../shared/company-format';

const LINK_CLASS =
  'rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';

function Figure({
  label,
  value,
  detail,
  tone,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  tone?: 'alert';
}) {
  return (
    <Card className="gap-1">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-1">
        <p className={cn('text-2xl font-semibold tabular-nums', tone === 'alert' && 'text-destructive')}>
          {value}
        </p>
        {detail ? <p className="text-sm text-muted-foreground">{detail}</p> : null}
      </CardContent>
    </Card>
  );
}

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-0.5', wide && 'sm:col-span-2')}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children ?? <span className="text-muted-foreground">—</span>}</dd>
    </div>
  );
}

const none = <span className="text-muted-foreground">Não informado</span>;

/** "há 3 d · 18/11/2026, 14:03", or "Nenhum" when nobody wrote on its chamados yet. */
function lastContact(iso: string | null): { value: string; detail?: string } {
  if (!iso) return { value: 'Nenhum', detail: 'Sem mensagens nos chamados' };
  const time = Date.parse(iso);
  const text = formatRelativeTime(time, Math.max(Date.now(), time));
  return { value: text === 'agora' ? text : `há ${text}`, detail: formatDateTime(iso) };
}

/** Visão geral: the figures (open, overdue, last contact) and the facts of the company. */
export function CompanyOverviewTab({ company }: { company: CompanyDetail }) {
  const contact = lastContact(company.last_contact_at);
  const site = company.website ? websiteLink(company.website) : null;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Figure
          label="Chamados abertos"
          value={company.open_tickets.toLocaleString('pt-BR')}
          detail={
            <Link to={companyPath(company.id, 'chamados')} className={LINK_CLASS}>
              Ver chamados
            </Link>
          }
        />
        <Figure
          label="Atrasados"
          value={company.overdue_tickets.toLocaleString('pt-BR')}
          tone={company.overdue_tickets > 0 ? 'alert' : undefined}
          detail={company.overdue_tickets > 0 ? 'Passaram do prazo' : 'Nenhum fora do prazo'}
        />
        <Figure label="Último contato" value={contact.value} detail={contact.detail} />
      </div>
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
