import type { CompanyDetail } from '@farol/data';
import { formatCnpj, useDeleteCompany, useSetCompanyArchived } from '@farol/data/companies';
import { Avatar, Button, ConfirmDialog, PageHeader, toast } from '@farol/ui';
import { ArchiveIcon, ArchiveRestoreIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { renderRouterLink } from '../../../lib/router-link';
import { CompanyFormDialog } from '../forms/company-form-dialog';
import { CompanyKindBadge, CompanyStatusBadge } from '../shared/company-badges';

/** Editar, Arquivar or Reativar, and Excluir: each refusal (open chamados, records that refer to it) says why. */
function CompanyActions({ company }: { company: CompanyDetail }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const archive = useSetCompanyArchived(company.id);
  const remove = useDeleteCompany();
  const archived = company.archived_at !== null;
  return (
    <>
      <Button variant="outline" onClick={() => setEditing(true)}>
        <PencilIcon aria-hidden="true" />
        Editar
      </Button>
      <ConfirmDialog
        trigger={
          <Button variant="outline">
            {archived ? <ArchiveRestoreIcon aria-hidden="true" /> : <ArchiveIcon aria-hidden="true" />}
            {archived ? 'Reativar' : 'Arquivar'}
          </Button>
        }
        title={archived ? `Reativar ${company.name}?` : `Arquivar ${company.name}?`}
        description={
          archived
            ? 'A empresa volta à lista e fica ativa outra vez.'
            : 'A empresa sai da lista (fica em “Somente arquivadas”) e passa a inativa. Nada é apagado.'
        }
        confirmLabel={archived ? 'Reativar empresa' : 'Arquivar empresa'}
        onConfirm={async () => {
          await archive.mutateAsync(!archived);
          toast.success(archived ? 'Empresa reativada.' : 'Empresa arquivada.', {
            id: `company-${company.id}-archived`,
          });
        }}
      />
      <ConfirmDialog
        trigger={
          <Button variant="ghost" className="text-destructive hover:text-destructive">
            <Trash2Icon aria-hidden="true" />
            Excluir
          </Button>
        }
        variant="destructive"
        title={`Excluir ${company.name}?`}
        description="Só uma empresa sem chamados, filiais e contatos pode ser excluída; as outras se arquivam. Não há como desfazer."
        confirmLabel="Excluir empresa"
        onConfirm={async () => {
          await remove.mutateAsync(company.id);
          toast.success(`${company.name} foi excluída.`, { id: `company-${company.id}-deleted` });
          void navigate('/companies', { replace: true });
        }}
      />
      <CompanyFormDialog open={editing} onOpenChange={setEditing} company={company} />
    </>
  );
}

export interface CompanyHeaderProps {
  company: CompanyDetail;
  /** companies.manage: the write actions show. */
  canManage: boolean;
}

/** Logo, name, razão social, CNPJ, tipo and status, and what the person may do to the company. */
export function CompanyHeader({ company, canManage }: CompanyHeaderProps) {
  return (
    <div className="flex items-start gap-4">
      <Avatar
        name={company.name}
        src={company.logo_url}
        size="lg"
        decorative
        className="mt-7 max-sm:hidden"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <PageHeader
          title={company.name}
          breadcrumbs={[{ label: 'Empresas', href: '/companies' }, { label: company.name }]}
          renderLink={renderRouterLink}
          description={
            <>
              {company.legal_name}
              {company.cnpj ? (
                <>
                  <span aria-hidden="true"> · </span>
                  <span className="sr-only">, </span>
                  <span className="font-mono tabular-nums">CNPJ {formatCnpj(company.cnpj)}</span>
                </>
              ) : null}
            </>
          }
          actions={canManage ? <CompanyActions company={company} /> : null}
        />
        <div className="flex flex-wrap items-center gap-1.5">
          <CompanyKindBadge kind={company.kind} />
          <CompanyStatusBadge company={company} />
          {company.segment ? <span className="text-sm text-muted-foreground">{company.segment}</span> : null}
        </div>
      </div>
    </div>
  );
}
