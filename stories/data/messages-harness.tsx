import { useState } from 'react';
import { useMessagesUnreadCount } from '@farol/data/messages';
import { buttonClass } from './harness';

/** The header's messages badge, with buttons standing in for navigation. */
export function MessagesHarness({ openConversationId = null }: { openConversationId?: number | null }) {
  const [pathname, setPathname] = useState('/dashboard');
  const count = useMessagesUnreadCount({ pathname, openConversationId });
  return (
    <section aria-labelledby="messages-title" className="space-y-4">
      <h1 id="messages-title" className="text-lg font-semibold">
        Mensagens
      </h1>
      <p>Página atual: {pathname}</p>
      <p>
        Mensagens não lidas: <output aria-label="Mensagens não lidas">{count}</output>
      </p>
      <div className="flex gap-2">
        <button type="button" className={buttonClass} onClick={() => setPathname('/messages')}>
          Abrir mensagens
        </button>
        <button type="button" className={buttonClass} onClick={() => setPathname('/dashboard')}>
          Voltar ao painel
        </button>
      </div>
    </section>
  );
}
