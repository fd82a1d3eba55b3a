import { useState } from 'react';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  useRemoveNotification,
  useUnreadNotificationCount,
} from '@farol/data/notifications';
import { buttonClass } from './harness';

/** Every notification hook, rendered as plain accessible HTML: a designer's view of the data states. */
export function NotificationsHarness() {
  const list = useNotifications();
  const count = useUnreadNotificationCount();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const remove = useRemoveNotification();
  const [lastError, setLastError] = useState<string | null>(null);
  const onError = (error: Error) => setLastError(error.message);

  return (
    <section aria-labelledby="notifications-title" className="space-y-4">
      <h1 id="notifications-title" className="text-lg font-semibold">
        Notificações
      </h1>
      <p>
        Não lidas: <output aria-label="Não lidas">{count.data ?? '—'}</output>
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonClass}
          onClick={() => {
            void list.refetch();
            void count.refetch();
          }}
        >
          Atualizar
        </button>
        {(count.data ?? 0) > 0 && (
          <button
            type="button"
            className={buttonClass}
            onClick={() => markAll.mutate(undefined, { onError })}
          >
            Marcar todas como lidas
          </button>
        )}
      </div>
      {lastError && <p role="alert">Último erro: {lastError}</p>}
      {list.isPending && list.fetchStatus === 'fetching' ? (
        <p>Carregando…</p>
      ) : list.isError && !list.data ? (
        <p role="alert">Erro ao carregar: {list.error.message}</p>
      ) : list.data?.length === 0 ? (
        <p>Sem notificações.</p>
      ) : (
        <ul aria-label="Lista de notificações" className="space-y-2">
          {list.data?.map((item) => (
            <li
              key={item.id}
              aria-labelledby={`notification-${item.id}`}
              className="flex flex-wrap items-center gap-2"
            >
              <span id={`notification-${item.id}`}>{item.message}</span>
              <span>{item.read_at ? 'Lida' : 'Não lida'}</span>
              <button
                type="button"
                className={buttonClass}
                disabled={item.read_at !== null}
                onClick={() => markRead.mutate(item.id, { onError })}
              >
                Marcar como lida<span className="sr-only"> — {item.message}</span>
              </button>
              <button
                type="button"
                className={buttonClass}
                onClick={() => remove.mutate(item.id, { onError })}
              >
                Remover<span className="sr-only"> — {item.message}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
