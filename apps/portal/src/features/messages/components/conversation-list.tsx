import type { Conversation } from '@farol/data';
import { Button, cn, formatBadgeCount, formatRelativeTime, Spinner, unreadLabel } from '@farol/ui';
import { Link } from 'react-router-dom';
import { conversationTitle } from '../conversation-title';
import { ConversationAvatar } from './conversation-avatar';

export interface ConversationListProps {
  conversations: readonly Conversation[] | undefined;
  meId: number | string | null;
  basePath: string;
  selectedId: number | null;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  now?: number;
}

/** Conversations, newest activity first, unread ones marked (bold, count). */
export function ConversationList({
  conversations,
  meId,
  basePath,
  selectedId,
  loading,
  error,
  onRetry,
  now = Date.now(),
}: ConversationListProps) {
  if (loading) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Carregando conversas…" showLabel />
      </div>
    );
  }
  if (error && !conversations) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-10 text-center text-sm">
        <p>Não foi possível carregar as conversas.</p>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  if (!conversations || conversations.length === 0) {
    return (
      <p className="px-4 py-10 text-center text-sm text-muted-foreground">
        Nenhuma conversa ainda. Comece uma com “Nova conversa”.
      </p>
    );
  }
  return (
    <ul className="flex flex-col" aria-label="Conversas">
      {conversations.map((conversation) => {
        const title = conversationTitle(conversation, meId);
        const unread = conversation.unread_count;
        const last = conversation.last_message;
        const selected = conversation.id === selectedId;
        return (
          <li key={conversation.id} className="[&:last-child>a]:border-b-0">
            <Link
              to={`${basePath}/${conversation.id}`}
              aria-current={selected ? 'page' : undefined}
              className={cn(
                'flex items-center gap-3 border-b px-4 py-3 outline-none hover:bg-accent focus-visible:bg-accent',
                'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                selected && 'bg-accent',
              )}
            >
              <ConversationAvatar conversation={conversation} meId={meId} title={title} />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={cn('truncate text-sm', unread > 0 ? 'font-semibold' : 'font-medium')}>
                    {title}
                  </span>
                  <time dateTime={conversation.updated_at} className="shrink-0 text-xs text-muted-foreground">
                    {formatRelativeTime(conversation.updated_at, now)}
                  </time>
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span
                    className={cn(
                      'truncate text-sm',
                      unread > 0 ? 'text-foreground' : 'text-muted-foreground',
                    )}
                  >
                    {last
                      ? `${String(last.sender_id) === String(meId) ? 'Você: ' : ''}${last.text}`
                      : 'Sem mensagens'}
                  </span>
                  {unread > 0 ? (
                    <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                      <span aria-hidden="true">{formatBadgeCount(unread)}</span>
                      <span className="sr-only">{unreadLabel(unread)}</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
