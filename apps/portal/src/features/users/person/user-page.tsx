import { PERMISSIONS, hasPermission, isApiError, isClient, useSession } from '@farol/data';
import { useUser } from '@farol/data/users';
import {
  Avatar,
  Breadcrumbs,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  Skeleton,
} from '@farol/ui';
import { ShieldAlertIcon, UserXIcon } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import { useModules, userPageSections } from '../../../lib/module-registry';
import { renderRouterLink } from '../../../lib/router-link';
import { OpenConversationButton } from '../shared/open-conversation-button';
import { formatDate, roleName, telHref } from '../shared/person-format';
import { PresenceBadge } from '../shared/presence-badge';
import { PersonAudit } from './person-audit';
import { PersonTickets } from './person-tickets';

const LINK =
  'break-all text-primary underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

const parseId = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

/**
 * /users/:id: a person's page — contact facts, company, role and presence (live), "Abrir conversa", a staff
 * member's open chamados, the sections other modules add (Segurança, Acessos…) and, for users.manage, the
 * account's audit trail.
 */
export function UserPage() {
  const id = parseId(useParams().id);
  const { user: viewer } = useSession();
  const modules = useModules();
  const person = useUser(id);
  const crumbs = (
    <Breadcrumbs
      items={[{ label: 'Usuários', href: '/users' }, { label: person.data?.name ?? 'Pessoa' }]}
      renderLink={renderRouterLink}
    />
  );

  if (id === null || (isApiError(person.error) && person.error.status === 404)) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-4">
        {crumbs}
        <EmptyState
          role="alert"
          border="dashed"
          icon={<UserXIcon />}
          title="Usuário não encontrado"
          description="A pessoa não existe ou você não tem acesso a ela."
          action={
            <Button asChild size="sm" variant="secondary">
              <Link to="/users">Voltar para Usuários</Link>
            </Button>
          }
        />
      </div>
    );
  }
  if (isApiError(person.error) && person.error.status === 403) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-4">
        {crumbs}
        <EmptyState
          role="alert"
          border="dashed"
          icon={<ShieldAlertIcon />}
          title="Você não tem permissão para ver esta pessoa"
          description="Peça a um administrador o acesso a Usuários."
        />
      </div>
    );
  }
  if (person.isError) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-4">
        {crumbs}
        <EmptyState
          role="alert"
          border="dashed"
          icon={<UserXIcon />}
          title="Não foi possível carregar esta pessoa."
          description={failureMessage(person.error, 'Tente novamente em instantes.')}
          action={
            <Button size="sm" variant="secondary" onClick={() => void person.refetch()}>
              Tentar novamente
            </Button>
          }
        />
      </div>
    );
  }
  const data = person.data;
  if (!data) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Carregando pessoa…"
        className="mx-auto flex max-w-5xl flex-col gap-4"
      >
        {crumbs}
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="h-48 rounded-xl" />
      </div>
    );
  }

  const staffPerson = !isClient(data);
  const sections = userPageSections(viewer, modules, viewer?.id === data.id);
  const showTickets = staffPerson && hasPermission(viewer, PERMISSIONS.TICKETS_VIEW);
  const showAudit = viewer !== null && !isClient(viewer) && hasPermission(viewer, PERMISSIONS.USERS_MANAGE);
  const sectionUser = {
    id: data.id,
    name: data.name,
    email: data.email,
    role: data.role,
    company_id: data.company_id,
    company_name: data.company_name,
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      {crumbs}
      <header className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:flex-row sm:items-center">
        <Avatar name={data.name} src={data.profile_picture ?? undefined} size="lg" decorative />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1 className="text-xl font-semibold break-words">{data.name}</h1>
          <p className="text-sm break-words text-muted-foreground">
            {roleName(data.role)}
            {data.job_title ? ` · ${data.job_title}` : ''}
            {data.company_name ? ` · ${data.company_name}` : ' · Equipe interna'}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <PresenceBadge presence={data.presence} />
          <OpenConversationButton person={data} size="default" variant="default" />
        </div>
      </header>

      <Card role="region" aria-labelledby="person-contact-title">
        <CardHeader>
          <CardTitle asChild>
            <h2 id="person-contact-title">Contato</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact label="E-mail">
              <a href={`mailto:${data.email}`} className={LINK}>
                {data.email}
              </a>
            </Fact>
            <Fact label="Telefone">
              {data.phone ? (
                <a href={telHref(data.phone)} className={LINK}>
                  {data.phone}
                </a>
              ) : (
                <span className="text-muted-foreground">Não informado</span>
              )}
            </Fact>
            <Fact label="Empresa">
              {data.company_id !== null && data.company_name ? (
                viewer !== null && !isClient(viewer) && hasPermission(viewer, PERMISSIONS.COMPANIES_VIEW) ? (
                  <Link to={`/companies/${data.company_id}`} className={LINK}>
                    {data.company_name}
                  </Link>
                ) : (
                  data.company_name
                )
              ) : (
                'Equipe interna'
              )}
            </Fact>
            <Fact label="Função">{roleName(data.role)}</Fact>
            {data.job_title ? <Fact label="Cargo">{data.job_title}</Fact> : null}
            {data.department ? <Fact label="Departamento">{data.department}</Fact> : null}
            {data.username ? <Fact label="Usuário">{data.username}</Fact> : null}
            <Fact label="No Farol desde">
              <time dateTime={data.created_at}>{formatDate(data.created_at)}</time>
            </Fact>
          </dl>
        </CardContent>
      </Card>

      {showTickets ? <PersonTickets personId={data.id} /> : null}

      {sections.map((section) => {
        const Section = section.component;
        return (
          <section key={section.id} aria-label={section.title} data-section={section.id}>
            <Suspense fallback={<Skeleton className="h-32 rounded-xl" />}>
              <Section user={sectionUser} />
            </Suspense>
          </section>
        );
      })}

      {showAudit ? <PersonAudit personId={data.id} /> : null}
    </div>
  );
}
