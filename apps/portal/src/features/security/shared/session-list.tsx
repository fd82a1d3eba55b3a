import {
  useActiveSessions,
  useRevokeOtherSessions,
  useRevokeSession,
  type ActiveSession,
} from '@farol/data/security';
import { Badge, Button, ConfirmDialog, toast } from '@farol/ui';
import { MonitorSmartphoneIcon } from 'lucide-react';
import { failureMessage } from '../../../lib/form-errors';
import { WidgetEmpty, WidgetError, WidgetLoading } from '../../../lib/widget-card';
import { formatDateTime } from './format';

export interface SessionListProps {
  /** A person's sessions (who manages users); without it, one's own. */
  userId?: number;
}

/** Live sessions, most recently used first: device, address, started, last seen; end one or all others. */
export function SessionList({ userId }: SessionListProps) {
  const sessions = useActiveSessions(userId);
  const revoke = useRevokeSession(userId);
  const revokeOthers = useRevokeOtherSessions(userId);
  const own = userId === undefined;

  if (sessions.isPending) return <WidgetLoading label="Carregando sessões…" />;
  if (sessions.isError) {
    return (
      <WidgetError message="Não foi possível carregar as sessões." onRetry={() => void sessions.refetch()} />
    );
  }
  const items = sessions.data.items;
  if (items.length === 0) return <WidgetEmpty>Nenhuma sessão ativa.</WidgetEmpty>;
  const others = items.filter((session) => !session.current).length;

  const end = async (session: ActiveSession) => {
    try {
      await revoke.mutateAsync(session.id);
      toast.success(`Sessão em ${session.device} encerrada.`);
    } catch (error) {
      throw new Error(failureMessage(error, 'Não foi possível encerrar a sessão.'));
    }
  };
  const endAll = async () => {
    try {
      const { revoked } = await revokeOthers.mutateAsync();
      toast.success(revoked === 1 ? '1 sessão encerrada.' : `${revoked} sessões encerradas.`);
    } catch (error) {
      throw new Error(failureMessage(error, 'Não foi possível encerrar as sessões.'));
    }
  };

  return (
    <div className="flex flex-col">
      <ul className="divide-y" aria-label={own ? 'Suas sessões ativas' : 'Sessões ativas'}>
        {items.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
            <MonitorSmartphoneIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            <div className="min-w-0 flex-1 text-sm">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <span className="break-all">{session.device}</span>
                {session.current ? <Badge variant="secondary">Esta sessão</Badge> : null}
              </p>
              <p className="break-all text-muted-foreground">
                {session.ip ?? 'Endereço desconhecido'} · início {formatDateTime(session.created_at)} · último
                uso {formatDateTime(session.last_seen_at ?? session.created_at)}
              </p>
            </div>
            {session.current ? null : (
              <ConfirmDialog
                trigger={
                  <Button size="sm" variant="outline">
                    Encerrar<span className="sr-only"> sessão em {session.device}</span>
                  </Button>
                }
                title="Encerrar esta sessão?"
                description={`O dispositivo ${session.device} (${session.ip ?? 'endereço desconhecido'}) precisará entrar novamente.`}
                confirmLabel="Encerrar sessão"
                variant="destructive"
                onConfirm={() => end(session)}
              />
            )}
          </li>
        ))}
      </ul>
      {(own ? others : items.length) > 0 ? (
        <div className="flex justify-end border-t px-4 py-3">
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="destructive">
                {own ? 'Encerrar todas as outras sessões' : 'Encerrar todas as sessões'}
              </Button>
            }
            title={own ? 'Encerrar todas as outras sessões?' : 'Encerrar todas as sessões desta pessoa?'}
            description={
              own
                ? 'Todos os outros dispositivos precisarão entrar novamente. Esta sessão continua.'
                : 'A pessoa será desconectada de todos os dispositivos.'
            }
            confirmLabel={own ? 'Encerrar as outras' : 'Encerrar todas'}
            variant="destructive"
            onConfirm={endAll}
          />
        </div>
      ) : null}
    </div>
  );
}
