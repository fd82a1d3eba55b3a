import { isPathWithin, useSession } from '@farol/data';
import { useConversations } from '@farol/data/messages';
import { cn } from '@farol/ui';
import { MessagesSquareIcon } from 'lucide-react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { ConversationList } from './components/conversation-list';
import { ConversationView } from './components/conversation-view';
import { NewConversationDialog } from './components/new-conversation-dialog';

/** A route's conversation id: a positive integer, else null. */
export function parseConversationId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** /messages[/:id] for staff and /portal/messages[/:id] for clients: one page for both. */
export function MessagesPage() {
  const { conversationId: rawId } = useParams();
  const { pathname } = useLocation();
  const { user } = useSession();
  const basePath = isPathWithin(pathname, '/portal') ? '/portal/messages' : '/messages';
  const conversationId = parseConversationId(rawId);
  const conversations = useConversations();

  if (rawId !== undefined && conversationId === null) return <Navigate to={basePath} replace />;

  return (
    // --page-chrome: the height the layout's header, menu and padding take (set on <main>).
    <div className="flex h-[calc(100svh-var(--page-chrome,7rem))] min-h-[26rem] overflow-hidden rounded-xl border bg-card/40">
      {/* The page's own heading (the staff header reads "Dashboard" here, as the spec says). */}
      <h2 className="sr-only">Mensagens</h2>
      <aside
        aria-labelledby="conversations-heading"
        className={cn(
          'flex w-full flex-col border-r md:w-80 md:shrink-0',
          conversationId !== null && 'max-md:hidden',
        )}
      >
        <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-b px-4">
          <h2 id="conversations-heading" className="font-semibold">
            Conversas
          </h2>
          <NewConversationDialog basePath={basePath} />
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ConversationList
            conversations={conversations.data?.items}
            meId={user?.id ?? null}
            basePath={basePath}
            selectedId={conversationId}
            loading={conversations.isPending}
            error={conversations.isError}
            onRetry={() => void conversations.refetch()}
          />
        </div>
      </aside>
      <div className={cn('flex min-w-0 flex-1 flex-col', conversationId === null && 'max-md:hidden')}>
        {conversationId !== null ? (
          <ConversationView key={conversationId} conversationId={conversationId} basePath={basePath} />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-muted-foreground">
            <MessagesSquareIcon aria-hidden="true" className="size-10" />
            <p>Escolha uma conversa para ler e responder.</p>
          </div>
        )}
      </div>
    </div>
  );
}
