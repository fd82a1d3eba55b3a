import { isApiError } from '@farol/data';
import {
  COMPANY_PAGE_SIZE,
  useCompanies,
  useCompanyOptions,
  useExportCompanies,
} from '@farol/data/companies';
import { Button, EmptyState, PageHeader, Pagination, toast, useIsMobile } from '@farol/ui';
import {
  Building2Icon,
  DownloadIcon,
  PlusIcon,
  SearchXIcon,
  ShieldAlertIcon,
  UploadIcon,
} from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { failureMessage } from '../../../lib/form-errors';
import { renderRouterLink } from '../../../lib/router-link';
import { CompanyFormDialog } from '../forms/company-form-dialog';
import { CompanyImportDialog } from '../import/company-import-dialog';
import { companyCountLabel } from '../shared/company-format';
import { useCanManageCompanies } from '../shared/use-can-manage-companies';
import {
  companyListHref,
  companyListSort,
  companyQueryParams,
  useCompanyListParams,
  type CompanyListSortState,
} from '../shared/use-company-list-params';
import { CompanyListCards } from './company-list-cards';
import { CompanyListFilters } from './company-list-filters';
import { CompanyListTable } from './company-list-table';
import { saveFile } from '../../../lib/save-file';

type OpenDialog = 'create' | 'import' | null;

/**
 * /companies: every company staff keep (clientes, prospects, fornecedores, parceiros), searched and filtered
 * through the URL, sorted by the server, a table on wide screens and cards on phones.
 */
export function CompaniesPage() {
  const { params, filtered, update, clear } = useCompanyListParams();
  const canManage = useCanManageCompanies();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const companies = useCompanies(companyQueryParams(params, COMPANY_PAGE_SIZE));
  const options = useCompanyOptions();
  const exporter = useExportCompanies();
  const CompanyList = useIsMobile() ? CompanyListCards : CompanyListTable;
  const sort = companyListSort(params);
  const onSort = useCallback(
    (next: CompanyListSortState) => update({ sort: next.sort, order: next.order }),
    [update],
  );

  const forbidden = isApiError(companies.error) && companies.error.status === 403;
  const data = companies.data;
  const page = params.page ?? 1;

  const exportList = () =>
    exporter.mutate(
      { ...params, ...sort },
      {
        onSuccess: (blob) => {
          saveFile(blob, 'empresas.csv');
          toast.success('Lista exportada em empresas.csv.', { id: 'companies-export' });
        },
        onError: (error) =>
          toast.error(failureMessage(error, 'Não foi possível exportar as empresas.'), {
            id: 'companies-export',
          }),
      },
    );

  const openDialog = (next: OpenDialog) => () => setDialog(next);
  const newCompanyButton = (
    <Button onClick={openDialog('create')}>
      <PlusIcon aria-hidden="true" />
      Nova empresa
    </Button>
  );
  const importButton = (
    <Button variant="outline" onClick={openDialog('import')}>
      <UploadIcon aria-hidden="true" />
      Importar CSV
    </Button>
  );

  let body: ReactNode;
  if (forbidden) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ShieldAlertIcon />}
        title="Você não tem permissão para ver empresas"
        description="Peça a um administrador o acesso a Empresas."
      />
    );
  } else if (companies.isError && !data) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<Building2Icon />}
        title="Não foi possível carregar as empresas."
        description={failureMessage(companies.error, 'Tente novamente em instantes.')}
        action={
          <Button size="sm" variant="secondary" onClick={() => void companies.refetch()}>
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
        title="Nenhuma empresa encontrada"
        description="Nenhuma empresa corresponde à busca ou aos filtros escolhidos."
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
        icon={<Building2Icon />}
        title="Nenhuma empresa cadastrada"
        description={
          canManage
            ? 'Cadastre a primeira empresa ou importe uma planilha CSV com as que você já tem.'
            : 'As empresas cadastradas pela equipe aparecem aqui.'
        }
        action={
          canManage ? (
            <>
              {newCompanyButton}
              {importButton}
            </>
          ) : null
        }
      />
    );
  } else {
    body = (
      <>
        <CompanyList companies={data?.items} sort={sort} onSort={onSort} busy={companies.isPlaceholderData} />
        {data && data.total > COMPANY_PAGE_SIZE ? (
          <Pagination
            page={page}
            total={data.total}
            pageSize={COMPANY_PAGE_SIZE}
            getPageHref={(target) => companyListHref({ ...params, page: target })}
            renderLink={renderRouterLink}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <PageHeader
        title="Empresas"
        description="Clientes, prospects, fornecedores e parceiros, com suas filiais e contatos."
        actions={
          forbidden ? null : (
            <>
              {canManage ? (
                <>
                  {newCompanyButton}
                  {importButton}
                </>
              ) : null}
              <Button variant="outline" onClick={exportList} disabled={exporter.isPending}>
                <DownloadIcon aria-hidden="true" />
                {exporter.isPending ? 'Exportando…' : 'Exportar CSV'}
              </Button>
            </>
          )
        }
      />
      {forbidden ? null : (
        <>
          <CompanyListFilters params={params} update={update} options={options.data} />
          {/* Announced when it changes (a filter, a search), not on every live update: the total holds. */}
          <p aria-live="polite" className="h-5 text-sm text-muted-foreground tabular-nums">
            {data ? companyCountLabel(data.total) : ''}
          </p>
        </>
      )}
      {body}
      {canManage ? (
        <>
          <CompanyFormDialog
            open={dialog === 'create'}
            onOpenChange={(open) => setDialog(open ? 'create' : null)}
          />
          <CompanyImportDialog
            open={dialog === 'import'}
            onOpenChange={(open) => setDialog(open ? 'import' : null)}
          />
        </>
      ) : null}
    </div>
  );
}
