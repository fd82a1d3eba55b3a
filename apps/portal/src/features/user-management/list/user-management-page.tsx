import { isAdmin, isApiError, useSession } from '@farol/data';
import {
  ACCOUNT_ACTION_LABELS,
  ACCOUNT_PAGE_SIZE,
  type Account,
  type AccountAction,
  type AccountSort,
  type AccountStatus,
  type InvitationLink,
} from '@farol/data/contract';
import {
  useAccountAction,
  useAccounts,
  useBulkAccountAction,
  useRenewInvitation,
} from '@farol/data/accounts';
import {
  Button,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  EmptyState,
  Field,
  FieldLabel,
  Input,
  PageHeader,
  Pagination,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  toast,
} from '@farol/ui';
import type { RowSelectionState } from '@tanstack/react-table';
import { KeyRoundIcon, PlusIcon, UserSearchIcon, ShieldAlertIcon, ShieldCheckIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import { CreateAccountDialog } from '../invite/create-account-dialog';
import { OffboardingDialog } from '../offboarding/offboarding-dialog';
import { ROLE_LABELS, STATUS_LABELS } from '../shared/account-labels';
import { AccountTable, type AccountRowAction } from './account-table';

const ALL = 'todos';

const TOOL_LINK =
  'inline-flex items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:text-muted-foreground';

/**
 * Where the rest of Gerenciar Usuários lives: the roles editor, "Por que ele vê isso?" and, for admins, who
 * must use two-factor sign-in.
 */
function ManagementLinks({ admin }: { admin: boolean }) {
  return (
    <nav aria-label="Mais em Gerenciar Usuários" className="flex flex-wrap gap-2">
      <Link to="/user-management/roles" className={TOOL_LINK}>
        <ShieldCheckIcon aria-hidden="true" /> Funções e permissões
      </Link>
      <Link to="/user-management/why" className={TOOL_LINK}>
        <UserSearchIcon aria-hidden="true" /> Por que ele vê isso?
      </Link>
      {admin ? (
        <Link to="/user-management/security" className={TOOL_LINK}>
          <KeyRoundIcon aria-hidden="true" /> Segurança de acesso
        </Link>
      ) : null}
    </nav>
  );
}

const CONFIRM_TEXT: Record<Exclude<AccountAction, 'reactivate'>, (who: string) => string> = {
  suspend: (who) =>
    `${who} sai de todas as sessões agora e não consegue entrar até ser reativado(a). O histórico fica guardado.`,
  deactivate: (who) =>
    `${who} sai de todas as sessões e a conta é encerrada. O histórico fica guardado. Para transferir o trabalho em aberto, use "Desligar".`,
};

/**
 * /user-management (Gerenciar Usuários): every account with its status, role, company, last access and 2FA;
 * search, filters, server-side sort and pages, bulk suspend / reactivate / deactivate, invitations and the
 * offboarding wizard.
 */
export function UserManagementPage() {
  const { user } = useSession();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<AccountStatus | typeof ALL>(ALL);
  const [role, setRole] = useState<string>(ALL);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ sort: AccountSort; order: 'asc' | 'desc' }>({
    sort: 'name',
    order: 'asc',
  });
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<{ account: Account | null; action: AccountAction } | null>(
    null,
  );
  const [offboarding, setOffboarding] = useState<Account | null>(null);
  const [link, setLink] = useState<{ account: Account; invitation: InvitationLink } | null>(null);

  const accounts = useAccounts({
    q: q.trim() || undefined,
    status: status === ALL ? undefined : status,
    role: role === ALL ? undefined : role,
    page,
    limit: ACCOUNT_PAGE_SIZE,
    ...sort,
  });
  const act = useAccountAction();
  const bulk = useBulkAccountAction();
  const renew = useRenewInvitation();
  const selfId = user ? Number(user.id) : null;
  const selectedIds = Object.keys(selection)
    .filter((id) => selection[id])
    .map(Number);

  const changeFilter = (apply: () => void) => {
    apply();
    setPage(1);
    setSelection({});
  };

  const onAction = useCallback(
    (account: Account, action: AccountRowAction) => {
      if (action === 'offboarding') setOffboarding(account);
      else if (action === 'invitation')
        renew.mutate(account.id, {
          onSuccess: (invitation) => setLink({ account, invitation }),
          onError: (error) => toast.error(failureMessage(error, 'Não foi possível gerar o convite.')),
        });
      else if (action === 'reactivate')
        act.mutate(
          { id: account.id, action },
          {
            onSuccess: () => toast.success(`${account.name} foi reativado(a).`),
            onError: (error) => toast.error(failureMessage(error, 'Não foi possível reativar.')),
          },
        );
      else setConfirming({ account, action });
    },
    [act, renew],
  );

  const runConfirmed = async () => {
    if (!confirming) return;
    const { account, action } = confirming;
    if (account) {
      await act.mutateAsync({ id: account.id, action });
      toast.success(
        `${account.name}: ${STATUS_LABELS[action === 'suspend' ? 'suspenso' : 'desativado'].toLowerCase()}.`,
      );
      return;
    }
    const result = await bulk.mutateAsync({ action, ids: selectedIds });
    setSelection({});
    if (result.updated.length > 0)
      toast.success(`${ACCOUNT_ACTION_LABELS[action]}: ${result.updated.length} conta(s).`);
    for (const refused of result.refused) toast.error(refused.message);
  };

  const forbidden = isApiError(accounts.error) && accounts.error.status === 403;
  if (forbidden) {
    return (
      <EmptyState
        icon={<ShieldAlertIcon />}
        title="Sem acesso"
        description="Você não tem permissão para gerenciar usuários."
      />
    );
  }

  const rows = accounts.data?.items ?? [];
  const filtered = Boolean(q.trim()) || status !== ALL || role !== ALL;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Gerenciar Usuários"
        description="Contas da equipe e dos clientes: convites, senhas temporárias, suspensão e desligamento."
        actions={
          <Button type="button" onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden="true" /> Nova conta
          </Button>
        }
      />
      <ManagementLinks admin={isAdmin(user)} />
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <Field>
          <FieldLabel>Buscar</FieldLabel>
          <Input
            type="search"
            placeholder="Nome, e-mail ou empresa"
            value={q}
            onChange={(event) => changeFilter(() => setQ(event.target.value))}
          />
        </Field>
        <Field>
          <FieldLabel>Status</FieldLabel>
          <Select
            value={status}
            onValueChange={(value) => changeFilter(() => setStatus(value as AccountStatus | typeof ALL))}
          >
            <SelectTrigger className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Todos</SelectItem>
              {(Object.keys(STATUS_LABELS) as AccountStatus[]).map((key) => (
                <SelectItem key={key} value={key}>
                  {STATUS_LABELS[key]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field>
          <FieldLabel>Função</FieldLabel>
          <Select value={role} onValueChange={(value) => changeFilter(() => setRole(value))}>
            <SelectTrigger className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Todas</SelectItem>
              {['admin', 'gestor', 'tecnico', 'cliente'].map((key) => (
                <SelectItem key={key} value={key}>
                  {ROLE_LABELS[key]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      </div>
      {selectedIds.length > 0 ? (
        <div
          role="toolbar"
          aria-label="Ações em lote"
          className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm"
        >
          <span className="font-medium">
            {selectedIds.length} {selectedIds.length === 1 ? 'conta selecionada' : 'contas selecionadas'}
          </span>
          {(['suspend', 'reactivate', 'deactivate'] as const).map((action) => (
            <Button
              key={action}
              type="button"
              size="sm"
              variant={action === 'deactivate' ? 'destructive' : 'outline'}
              onClick={() => setConfirming({ account: null, action })}
            >
              {ACCOUNT_ACTION_LABELS[action]}
            </Button>
          ))}
          <Button type="button" size="sm" variant="ghost" onClick={() => setSelection({})}>
            Limpar seleção
          </Button>
        </div>
      ) : null}
      {accounts.isError ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/50 px-3 py-2 text-sm text-destructive"
        >
          {failureMessage(accounts.error, 'Não foi possível carregar as contas.')}{' '}
          <Button type="button" size="sm" variant="outline" onClick={() => void accounts.refetch()}>
            Tentar novamente
          </Button>
        </p>
      ) : (
        <AccountTable
          rows={rows}
          loading={accounts.isPending}
          sort={sort}
          onSort={(next) => {
            setSort(next);
            setPage(1);
          }}
          selection={selection}
          onSelectionChange={setSelection}
          onAction={onAction}
          selfId={selfId}
          staff
          empty={filtered ? 'Nenhuma conta com esses filtros.' : 'Nenhuma conta ainda.'}
        />
      )}
      {accounts.data && accounts.data.total > ACCOUNT_PAGE_SIZE ? (
        <Pagination
          page={page}
          total={accounts.data.total}
          pageSize={ACCOUNT_PAGE_SIZE}
          onPageChange={(next) => {
            setPage(next);
            setSelection({});
          }}
        />
      ) : null}
      <CreateAccountDialog open={creating} onOpenChange={setCreating} />
      <OffboardingDialog
        account={offboarding}
        onOpenChange={(open) => (open ? undefined : setOffboarding(null))}
      />
      <ConfirmDialog
        open={confirming !== null && confirming.action !== 'reactivate'}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={
          confirming
            ? `${ACCOUNT_ACTION_LABELS[confirming.action]} ${
                confirming.account ? confirming.account.name : `${selectedIds.length} conta(s)`
              }?`
            : ''
        }
        description={
          confirming && confirming.action !== 'reactivate'
            ? CONFIRM_TEXT[confirming.action](confirming.account?.name ?? 'Cada pessoa escolhida')
            : undefined
        }
        confirmLabel={confirming ? ACCOUNT_ACTION_LABELS[confirming.action] : undefined}
        variant={confirming?.action === 'deactivate' ? 'destructive' : 'default'}
        onConfirm={runConfirmed}
      />
      <Dialog open={link !== null} onOpenChange={(open) => (open ? undefined : setLink(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Novo convite</DialogTitle>
            <DialogDescription>
              {link?.invitation.emailed
                ? `Enviado para ${link.account.email}. O link anterior deixou de valer.`
                : 'Nenhum servidor de e-mail configurado: copie o link e envie à pessoa. O link anterior deixou de valer.'}
            </DialogDescription>
          </DialogHeader>
          <Field>
            <FieldLabel>Link do convite</FieldLabel>
            <Input readOnly value={link?.invitation.url ?? ''} onFocus={(event) => event.target.select()} />
          </Field>
        </DialogContent>
      </Dialog>
    </div>
  );
}
