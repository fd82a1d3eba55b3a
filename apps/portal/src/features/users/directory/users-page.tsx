import { isApiError } from '@farol/data';
import { USER_DIRECTORY_PAGE_SIZE, useUserOptions, useUsers } from '@farol/data/users';
import { Button, EmptyState, PageHeader, Pagination, useIsMobile } from '@farol/ui';
import { SearchXIcon, ShieldAlertIcon, UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { failureMessage } from '../../../lib/form-errors';
import { renderRouterLink } from '../../../lib/router-link';
import { peopleCountLabel } from '../shared/person-format';
import { directoryHref, useDirectoryParams } from '../shared/use-directory-params';
import { DirectoryFilters } from './directory-filters';
import { DirectoryCards, DirectoryTable } from './directory-list';

/**
 * /users: the people the viewer may see — the team and the clients' users with their company — searched and
 * filtered through the URL, with whether each is online now (live), a table on wide screens and cards on phones.
 */
export function UsersPage() {
  const { params, filtered, update, clear } = useDirectoryParams();
  const people = useUsers({ ...params, limit: USER_DIRECTORY_PAGE_SIZE });
  const options = useUserOptions();
  const DirectoryList = useIsMobile() ? DirectoryCards : DirectoryTable;
  const forbidden = isApiError(people.error) && people.error.status === 403;
  const data = people.data;
  const page = params.page ?? 1;

  let body: ReactNode;
  if (forbidden) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ShieldAlertIcon />}
        title="Você não tem permissão para ver os usuários"
        description="Peça a um administrador o acesso a Usuários."
      />
    );
  } else if (people.isError && !data) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<UsersIcon />}
        title="Não foi possível carregar os usuários."
        description={failureMessage(people.error, 'Tente novamente em instantes.')}
        action={
          <Button size="sm" variant="secondary" onClick={() => void people.refetch()}>
            Tentar novamente
          </Button>
        }
      />
    );
  } else if (data && data.items.length === 0 && data.total > 0) {
    body = (
      <EmptyState
        border="dashed"
        icon={<SearchXIcon />}
        title="Esta página não existe."
        action={
          <Button size="sm" variant="secondary" onClick={() => update({ page: 1 })}>
            Ir para a primeira página
          </Button>
        }
      />
    );
  } else if (data && data.items.length === 0 && filtered) {
    body = (
      <EmptyState
        border="dashed"
        icon={<SearchXIcon />}
        title="Nenhum usuário encontrado"
        description="Ninguém corresponde à busca ou aos filtros escolhidos."
        action={
          <Button size="sm" variant="secondary" onClick={clear}>
            Limpar filtros
          </Button>
        }
      />
    );
  } else if (data && data.items.length === 0) {
    body = (
      <EmptyState
        border="dashed"
        icon={<UsersIcon />}
        title="Nenhum usuário cadastrado"
        description="As pessoas da equipe e dos clientes aparecem aqui quando suas contas são criadas."
      />
    );
  } else {
    body = (
      <>
        <DirectoryList people={data?.items} busy={people.isPlaceholderData} />
        {data && data.total > USER_DIRECTORY_PAGE_SIZE ? (
          <Pagination
            page={page}
            total={data.total}
            pageSize={USER_DIRECTORY_PAGE_SIZE}
            getPageHref={(target) => directoryHref({ ...params, page: target })}
            renderLink={renderRouterLink}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <PageHeader
        title="Usuários"
        description="A equipe e os usuários dos clientes: contato, empresa e quem está online agora."
      />
      {forbidden ? null : (
        <>
          <DirectoryFilters params={params} update={update} options={options.data} />
          {/* Announced when it changes (a filter, a search), not on every presence change: the total holds. */}
          <p aria-live="polite" className="h-5 text-sm text-muted-foreground tabular-nums">
            {data ? peopleCountLabel(data.total) : ''}
          </p>
        </>
      )}
      {body}
    </div>
  );
}
