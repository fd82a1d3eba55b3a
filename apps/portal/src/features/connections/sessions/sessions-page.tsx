import { isApiError, type ConnectionSession } from '@farol/data';
import { useConnectionSessions, useEndConnectionSession, connectionKeys } from '@farol/data/connections';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  Field,
  FieldLabel,
  PageHeader,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
  toast,
} from '@farol/ui';
import { useQueryClient } from '@tanstack/react-query';
import { ActivityIcon, HistoryIcon, ServerOffIcon, ShieldAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import { useConnectionRights } from '../shared/connection-format';
import { SessionsTable } from '../shared/sessions-table';

/** "Encerrar sessão": an admin ends a live session, with an optional reason (audited). */
export function EndSessionDialog({
  session,
  onOpenChange,
}: {
  session: ConnectionSession | null;
  onOpenChange: (open: boolean) => void;
}) {
  const end = useEndConnectionSession();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      open={session !== null}
      onOpenChange={onOpenChange}
      title="Encerrar esta sessão?"
      description={
        session
          ? `${session.person?.name ?? 'A pessoa'} será desconectada de ${session.connection.name} agora.`
          : undefined
      }
      confirmLabel="Encerrar sessão"
      variant="destructive"
      errorMessage={
        end.isError ? failureMessage(end.error, 'Não foi possível encerrar a sessão.') : undefined
      }
      onConfirm={async () => {
        if (!session) return;
        await end.mutateAsync({ id: session.id, reason: reason.trim() || undefined });
        setReason('');
        toast.success('Sessão encerrada');
        void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
      }}
    >
      <Field>
        <FieldLabel>Motivo (opcional)</FieldLabel>
        <Textarea
          rows={2}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
    </ConfirmDialog>
  );
}

function SessionList({ state }: { state: 'active' | 'ended' }) {
  const rights = useConnectionRights();
  const sessions = useConnectionSessions({ state, limit: 50 });
  const [ending, setEnding] = useState<ConnectionSession | null>(null);
  if (isApiError(sessions.error) && sessions.error.status === 403) {
    return (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ShieldAlertIcon />}
        title="Você não tem permissão para ver as sessões"
        description="Peça a um administrador o acesso a Conexões."
      />
    );
  }
  if (sessions.isError && !sessions.data) {
    return (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ServerOffIcon />}
        title="Não foi possível carregar as sessões."
        description={failureMessage(sessions.error, 'Tente novamente em instantes.')}
        action={
          <Button size="sm" variant="secondary" onClick={() => void sessions.refetch()}>
            Tentar novamente
          </Button>
        }
      />
    );
  }
  if (sessions.data && sessions.data.items.length === 0) {
    return (
      <EmptyState
        border="dashed"
        icon={state === 'active' ? <ActivityIcon /> : <HistoryIcon />}
        title={state === 'active' ? 'Nenhuma sessão ativa agora' : 'Nenhuma sessão no histórico'}
        description={
          state === 'active'
            ? 'Quando alguém conectar a um servidor, a sessão aparece aqui.'
            : 'As sessões encerradas aparecem aqui, com quem, quando, por quê e por quanto tempo.'
        }
      />
    );
  }
  return (
    <>
      <SessionsTable
        label={state === 'active' ? 'Sessões ativas' : 'Histórico de sessões'}
        sessions={sessions.data?.items}
        canAudit={rights.audit}
        canManage={rights.manage}
        onEnd={setEnding}
      />
      <EndSessionDialog session={ending} onOpenChange={(open) => (open ? null : setEnding(null))} />
    </>
  );
}

/**
 * /connections/sessions: who is connected now (asked again every 10 s; "Assistir" and "Encerrar" for
 * connections.manage) and the history (with "Ver gravação" for connections.audit).
 */
export function SessionsPage() {
  const [search, setSearch] = useSearchParams();
  const tab = search.get('aba') === 'historico' ? 'historico' : 'ativas';
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <PageHeader
        title="Sessões"
        description="Cada sessão fica registrada: quem, onde, por quê, o chamado, quando e por quanto tempo."
      />
      <Tabs
        value={tab}
        onValueChange={(value) => setSearch(value === 'ativas' ? {} : { aba: value }, { replace: true })}
      >
        <TabsList>
          <TabsTrigger value="ativas">Ativas</TabsTrigger>
          <TabsTrigger value="historico">Histórico</TabsTrigger>
        </TabsList>
        <TabsContent value="ativas">
          <SessionList state="active" />
        </TabsContent>
        <TabsContent value="historico">
          <SessionList state="ended" />
        </TabsContent>
      </Tabs>
    </div>
  );
}
