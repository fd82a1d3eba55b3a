import type { Branch, CompanyDetail } from '@farol/data';
import { formatCnpj, formatPhone, useBranches, useDeleteBranch } from '@farol/data/companies';
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  IconButton,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableLoadingRows,
  TableRow,
  toast,
  useIsMobile,
} from '@farol/ui';
import { MapPinIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { BranchFormDialog } from '../forms/entity-form-dialogs';
import { branchAddress } from './branch-address';
import { TabError, TabSection } from './tab-section';

type Editing = { branch?: Branch } | null;

function HeadOfficeBadge() {
  return <Badge variant="secondary">Matriz</Badge>;
}

function BranchActions({
  companyId,
  branch,
  onEdit,
}: {
  companyId: number;
  branch: Branch;
  onEdit: () => void;
}) {
  const remove = useDeleteBranch(companyId);
  return (
    <div className="flex justify-end gap-1">
      <IconButton size="sm" label={`Editar ${branch.name}`} onClick={onEdit}>
        <PencilIcon aria-hidden="true" />
      </IconButton>
      <ConfirmDialog
        trigger={
          <IconButton size="sm" label={`Excluir ${branch.name}`}>
            <Trash2Icon aria-hidden="true" />
          </IconButton>
        }
        variant="destructive"
        title={`Excluir ${branch.name}?`}
        description="Uma filial com chamados abertos não pode ser excluída."
        confirmLabel="Excluir filial"
        onConfirm={async () => {
          await remove.mutateAsync(branch.id);
          toast.success('Filial excluída.', { id: `branch-${branch.id}-deleted` });
        }}
      />
    </div>
  );
}

/** Filiais: name (matriz marked), CNPJ, address, phone, open chamados; add and edit in a dialog. */
export function CompanyBranchesTab({ company, canManage }: { company: CompanyDetail; canManage: boolean }) {
  const branches = useBranches(company.id);
  const [editing, setEditing] = useState<Editing>(null);
  const isMobile = useIsMobile();
  const items = branches.data?.items;

  let body;
  if (branches.isError && !items) {
    body = <TabError what="as filiais" onRetry={() => void branches.refetch()} />;
  } else if (items && items.length === 0) {
    body = (
      <EmptyState
        border="dashed"
        size="compact"
        titleAs="h3"
        icon={<MapPinIcon />}
        title="Nenhuma filial cadastrada"
        description="Os endereços da empresa (matriz e filiais) aparecem aqui."
        action={
          canManage ? (
            <Button size="sm" onClick={() => setEditing({})}>
              Nova filial
            </Button>
          ) : null
        }
      />
    );
  } else if (isMobile) {
    body = (
      <ul aria-label="Filiais" aria-busy={!items} className="flex flex-col gap-2">
        {!items ? (
          <li className="text-sm text-muted-foreground" role="status">
            Carregando filiais…
          </li>
        ) : (
          items.map((branch) => (
            <li key={branch.id} className="flex flex-col gap-1 rounded-xl border bg-card p-3">
              <div className="flex items-start justify-between gap-2">
                <p className="flex flex-wrap items-center gap-2 font-medium break-words">
                  {branch.name}
                  {branch.head_office ? <HeadOfficeBadge /> : null}
                </p>
                {canManage ? (
                  <BranchActions
                    companyId={company.id}
                    branch={branch}
                    onEdit={() => setEditing({ branch })}
                  />
                ) : null}
              </div>
              {branch.cnpj ? (
                <p className="font-mono text-xs text-muted-foreground tabular-nums">
                  {formatCnpj(branch.cnpj)}
                </p>
              ) : null}
              <p className="text-sm">{branchAddress(branch) || 'Sem endereço'}</p>
              <p className="flex flex-wrap justify-between gap-x-3 text-sm text-muted-foreground">
                <span>{branch.phone ? formatPhone(branch.phone) : 'Sem telefone'}</span>
                <span>
                  {branch.open_tickets} {branch.open_tickets === 1 ? 'chamado aberto' : 'chamados abertos'}
                </span>
              </p>
            </li>
          ))
        )}
      </ul>
    );
  } else {
    body = (
      <Table label="Filiais da empresa" aria-busy={!items}>
        <TableCaption className="sr-only">Filiais</TableCaption>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Filial</TableHead>
            <TableHead>CNPJ</TableHead>
            <TableHead>Endereço</TableHead>
            <TableHead>Telefone</TableHead>
            <TableHead className="text-right">Chamados abertos</TableHead>
            {canManage ? (
              <TableHead>
                <span className="sr-only">Ações</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {!items ? (
            <TableLoadingRows columns={canManage ? 6 : 5} rows={3} label="Carregando filiais…" />
          ) : (
            items.map((branch) => (
              <TableRow key={branch.id}>
                <TableCell className="min-w-[10rem]">
                  <span className="flex flex-wrap items-center gap-2 font-medium break-words">
                    {branch.name}
                    {branch.head_office ? <HeadOfficeBadge /> : null}
                  </span>
                  {branch.opening_hours ? (
                    <span className="text-xs text-muted-foreground">{branch.opening_hours}</span>
                  ) : null}
                </TableCell>
                <TableCell className="font-mono text-xs whitespace-nowrap tabular-nums">
                  {branch.cnpj ? formatCnpj(branch.cnpj) : '—'}
                </TableCell>
                <TableCell className="min-w-[14rem]">{branchAddress(branch) || '—'}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {branch.phone ? formatPhone(branch.phone) : '—'}
                </TableCell>
                <TableCell className="text-right tabular-nums">{branch.open_tickets}</TableCell>
                {canManage ? (
                  <TableCell>
                    <BranchActions
                      companyId={company.id}
                      branch={branch}
                      onEdit={() => setEditing({ branch })}
                    />
                  </TableCell>
                ) : null}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    );
  }

  return (
    <TabSection
      title="Filiais"
      action={
        canManage && items && items.length > 0 ? (
          <Button size="sm" onClick={() => setEditing({})}>
            <PlusIcon aria-hidden="true" />
            Nova filial
          </Button>
        ) : null
      }
    >
      {body}
      {canManage ? (
        <BranchFormDialog
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
          companyId={company.id}
          companyName={company.name}
          branch={editing?.branch}
          suggestedCnpj={company.suggested_branch_cnpj}
        />
      ) : null}
    </TabSection>
  );
}
