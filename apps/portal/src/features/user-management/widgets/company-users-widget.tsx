import { useSession } from '@farol/data';
import { useAccountAction, useAccounts } from '@farol/data/accounts';
import type { Account, AccountSort } from '@farol/data/contract';
import { Button, toast } from '@farol/ui';
import type { RowSelectionState } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import { failureMessage } from '../../../lib/form-errors';
import { WidgetCard } from '../../../lib/widget-card';
import { CreateAccountDialog } from '../invite/create-account-dialog';
import { AccountTable, type AccountRowAction } from '../list/account-table';

/**
 * The portal home's "Usuários da empresa" for a client "gestor da empresa": their company's portal users,
 * invite a colleague, suspend or reactivate. For anyone else the server answers an empty list and the
 * widget stays out of the way.
 */
export function CompanyUsersWidget() {
  const [sort, setSort] = useState<{ sort: AccountSort; order: 'asc' | 'desc' }>({
    sort: 'name',
    order: 'asc',
  });
  const accounts = useAccounts({ limit: 50, ...sort });
  const act = useAccountAction();
  const { user } = useSession();
  const [inviting, setInviting] = useState(false);
  const [selection, setSelection] = useState<RowSelectionState>({});

  const onAction = useCallback(
    (account: Account, action: AccountRowAction) => {
      if (action !== 'suspend' && action !== 'reactivate') return;
      act.mutate(
        { id: account.id, action },
        {
          onSuccess: () =>
            toast.success(
              `${account.name} ${action === 'suspend' ? 'foi suspenso(a)' : 'foi reativado(a)'}.`,
            ),
          onError: (error) => toast.error(failureMessage(error, 'Não foi possível concluir.')),
        },
      );
    },
    [act],
  );

  if (!accounts.data || accounts.data.total === 0) return null;
  return (
    <WidgetCard
      title="Usuários da empresa"
      action={
        <Button type="button" size="sm" onClick={() => setInviting(true)}>
          Convidar colega
        </Button>
      }
    >
      <AccountTable
        rows={accounts.data.items}
        loading={accounts.isPending}
        sort={sort}
        onSort={setSort}
        selection={selection}
        onSelectionChange={setSelection}
        onAction={onAction}
        selfId={user ? Number(user.id) : null}
        staff={false}
        empty="Nenhum usuário."
      />
      <CreateAccountDialog open={inviting} onOpenChange={setInviting} clientManager />
    </WidgetCard>
  );
}
