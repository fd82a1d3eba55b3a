import { isAdmin, isApiError, useSession } from '@farol/data';
import { usePasswordOptions, useDeleteFolder, type VaultFolder } from '@farol/data/passwords';
import {
  Badge,
  Breadcrumbs,
  Button,
  ConfirmDialog,
  EmptyState,
  IconButton,
  PageHeader,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableLoadingRows,
  TableRow,
  toast,
} from '@farol/ui';
import { FolderIcon, FolderPlusIcon, PencilIcon, ShieldAlertIcon, Trash2Icon, UsersIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { failureMessage } from '../../../lib/form-errors';
import { renderRouterLink } from '../../../lib/router-link';
import { AccessDialog } from '../access/access-dialog';
import { AccessBadge } from '../shared/password-labels';
import { FolderDialog } from './folder-dialog';

const itemsLabel = (count: number) => (count === 1 ? '1 item' : `${count} itens`);

/**
 * /passwords/folders (passwords.manage): the vault's folders, per company or internal — created, renamed,
 * moved (an empty one), deleted (an empty one), and shared through "Acessos" by those who manage them.
 */
export function FoldersPage() {
  const options = usePasswordOptions();
  const { user } = useSession();
  const admin = isAdmin(user);
  const [editing, setEditing] = useState<VaultFolder | 'new' | null>(null);
  const [sharing, setSharing] = useState<VaultFolder | null>(null);
  const [deleting, setDeleting] = useState<VaultFolder | null>(null);
  const remove = useDeleteFolder();

  const forbidden = isApiError(options.error) && options.error.status === 403;
  const folders = options.data?.folders;
  // An admin outside a folder's grants may still fix it (the server audits it).
  const manages = (folder: VaultFolder) => admin || folder.access === 'gerenciar';

  let body: ReactNode;
  if (forbidden) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ShieldAlertIcon />}
        title="Você não tem permissão para gerenciar as pastas do cofre"
        description="Peça a um administrador a permissão de gerenciar Senhas."
      />
    );
  } else if (options.isError && !folders) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<FolderIcon />}
        title="Não foi possível carregar as pastas."
        description={failureMessage(options.error, 'Tente novamente em instantes.')}
        action={
          <Button size="sm" variant="secondary" onClick={() => void options.refetch()}>
            Tentar novamente
          </Button>
        }
      />
    );
  } else if (folders && folders.length === 0) {
    body = (
      <EmptyState
        border="dashed"
        icon={<FolderIcon />}
        title="Nenhuma pasta ainda"
        description="Pastas agrupam os itens de uma empresa (ou internos) e levam os acessos, a exigência de motivo e a política de troca a todos eles."
        action={
          <Button onClick={() => setEditing('new')}>
            <FolderPlusIcon aria-hidden="true" />
            Nova pasta
          </Button>
        }
      />
    );
  } else {
    body = (
      <Table label="Pastas do cofre" aria-busy={folders === undefined}>
        <TableCaption className="sr-only">Pastas do cofre</TableCaption>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Pasta</TableHead>
            <TableHead>Empresa</TableHead>
            <TableHead>Itens</TableHead>
            <TableHead>Regras</TableHead>
            <TableHead>Seu acesso</TableHead>
            <TableHead>
              <span className="sr-only">Ações</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {folders === undefined ? (
            <TableLoadingRows columns={6} rows={4} label="Carregando as pastas…" />
          ) : (
            folders.map((folder) => (
              <TableRow key={folder.id} data-folder-id={folder.id}>
                <TableCell className="max-w-[20rem] min-w-[10rem] font-medium break-words">
                  {folder.name}
                </TableCell>
                <TableCell className="max-w-[16rem] break-words">
                  {folder.company?.name ?? <span className="text-muted-foreground">Interno</span>}
                </TableCell>
                <TableCell className="whitespace-nowrap">{itemsLabel(folder.item_count)}</TableCell>
                <TableCell>
                  <div className="flex flex-wrap gap-1">
                    {folder.require_reason ? <Badge variant="outline">Pede motivo</Badge> : null}
                    {folder.rotate_every_days ? (
                      <Badge variant="outline">Troca a cada {folder.rotate_every_days} dias</Badge>
                    ) : null}
                  </div>
                </TableCell>
                <TableCell>
                  <AccessBadge level={folder.access} />
                </TableCell>
                <TableCell>
                  {manages(folder) ? (
                    <div className="flex justify-end gap-1">
                      <IconButton
                        size="sm"
                        label={`Acessos de ${folder.name}`}
                        onClick={() => setSharing(folder)}
                      >
                        <UsersIcon aria-hidden="true" />
                      </IconButton>
                      <IconButton
                        size="sm"
                        label={`Editar ${folder.name}`}
                        onClick={() => setEditing(folder)}
                      >
                        <PencilIcon aria-hidden="true" />
                      </IconButton>
                      <IconButton
                        size="sm"
                        label={`Excluir ${folder.name}`}
                        onClick={() => setDeleting(folder)}
                      >
                        <Trash2Icon aria-hidden="true" />
                      </IconButton>
                    </div>
                  ) : null}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    );
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <Breadcrumbs
        items={[{ label: 'Senhas', href: '/passwords' }, { label: 'Pastas' }]}
        renderLink={renderRouterLink}
      />
      <PageHeader
        title="Pastas do cofre"
        description="Os acessos de uma pasta valem para todos os itens dela, inclusive os criados depois."
        actions={
          forbidden || (folders && folders.length === 0) ? null : (
            <Button onClick={() => setEditing('new')} disabled={folders === undefined}>
              <FolderPlusIcon aria-hidden="true" />
              Nova pasta
            </Button>
          )
        }
      />
      {body}
      {editing ? (
        <FolderDialog
          open
          onOpenChange={(open) => (open ? null : setEditing(null))}
          folder={editing === 'new' ? null : editing}
        />
      ) : null}
      {sharing ? (
        <AccessDialog
          open
          onOpenChange={(open) => (open ? null : setSharing(null))}
          target={{ folderId: sharing.id }}
          name={sharing.name}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        variant="destructive"
        title={deleting ? `Excluir a pasta ${deleting.name}?` : ''}
        description={
          deleting && deleting.item_count > 0
            ? `A pasta ainda tem ${itemsLabel(deleting.item_count)}. Mova-os para outra pasta ou arquive-os antes: sem a pasta, os acessos dela deixariam de protegê-los.`
            : 'A pasta vazia sai da lista e os acessos dela são apagados. A exclusão fica registrada na auditoria.'
        }
        confirmLabel="Excluir pasta"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting);
          } catch (error) {
            throw new Error(failureMessage(error, 'Não foi possível excluir a pasta.'));
          }
          toast.success(`Pasta "${deleting.name}" excluída.`);
        }}
      />
    </div>
  );
}
