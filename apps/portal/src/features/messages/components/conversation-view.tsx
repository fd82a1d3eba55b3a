import { type ChatMessage, isApiError, useApiClient, useSession } from '@farol/data';
import {
  getConversationMessages,
  useConversationMessages,
  useMarkConversationRead,
} from '@farol/data/messages';
import { useRealtime } from '@farol/data/realtime';
import { Button, Spinner } from '@farol/ui';
import { ArrowLeftIcon } from 'lucide-react';
import { Fragment, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { conversationTitle, typingText } from '../conversation-title';
import { dayLabel, isOtherDay } from '../day-label';
import { useOutbox } from '../use-outbox';
import { useTypingPeople, useTypingSignal } from '../use-typing';
import { ConversationAvatar } from './conversation-avatar';
import { MessageBubble } from './message-bubble';
import { MessageComposer } from './message-composer';

/** Older pages and the newest one, each message once, in id (= time) order. */
export function mergeMessages(...lists: ReadonlyArray<readonly ChatMessage[]>): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const list of lists) for (const message of list) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

interface OlderState {
  items: ChatMessage[];
  hasMore: boolean | null;
  loading: boolean;
  error: string | null;
}

export interface ConversationViewProps {
  conversationId: number;
  basePath: string;
}

/**
 * One conversation, live: joins its room while open, shows new messages as they arrive, who is typing,
 * sends with an acknowledgement, loads older pages and moves the read marker to the newest message.
 * Mount it with `key={conversationId}` so each conversation starts fresh.
 */
export function ConversationView({ conversationId, basePath }: ConversationViewProps) {
  const api = useApiClient();
  const realtime = useRealtime();
  const { user } = useSession();
  const meId = user?.id ?? null;
  const page = useConversationMessages(conversationId);
  const outbox = useOutbox(conversationId);
  const typing = useTypingSignal(conversationId);
  const typers = useTypingPeople(conversationId, meId);
  const { mutate: markRead } = useMarkConversationRead();
  const [older, setOlder] = useState<OlderState>({ items: [], hasMore: null, loading: false, error: null });
  const scroller = useRef<HTMLDivElement>(null);
  const keepOffset = useRef<number | null>(null);

  useEffect(() => {
    realtime.joinConversation(conversationId);
    return () => realtime.leaveConversation(conversationId);
  }, [realtime, conversationId]);

  const messages = useMemo(
    () => mergeMessages(older.items, page.data?.items ?? []),
    [older.items, page.data?.items],
  );
  const storedClientIds = useMemo(
    () => new Set(messages.map((message) => message.client_id).filter(Boolean)),
    [messages],
  );
  const pending = outbox.items.filter((item) => !storedClientIds.has(item.clientId));
  const newestId = messages.at(-1)?.id;

  // Opened or a new message arrived while looking at it: it is read (spec §4 counts the open one as read).
  useEffect(() => {
    if (newestId !== undefined) markRead({ conversationId, messageId: newestId });
  }, [conversationId, newestId, markRead]);

  // Stay at the bottom as messages arrive; after loading older ones, keep the reader where they were.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (keepOffset.current !== null) {
      element.scrollTop = element.scrollHeight - keepOffset.current;
      keepOffset.current = null;
    } else {
      element.scrollTop = element.scrollHeight;
    }
  }, [messages.length, pending.length]);

  const hasMore = older.hasMore ?? page.data?.has_more ?? false;
  const loadOlder = async () => {
    const oldest = messages[0];
    if (!oldest || older.loading) return;
    setOlder((state) => ({ ...state, loading: true, error: null }));
    try {
      const answer = await getConversationMessages(api, conversationId, { before: oldest.id });
      keepOffset.current = scroller.current
        ? scroller.current.scrollHeight - scroller.current.scrollTop
        : null;
      setOlder((state) => ({
        items: mergeMessages(answer.items, state.items),
        hasMore: answer.has_more,
        loading: false,
        error: null,
      }));
    } catch (error) {
      setOlder((state) => ({
        ...state,
        loading: false,
        error: isApiError(error) ? error.message : 'Não foi possível carregar as mensagens anteriores.',
      }));
    }
  };

  const conversation = page.data?.conversation;
  const title = conversation ? conversationTitle(conversation, meId) : 'Conversa';
  const typingLine = typingText(typers);

  let body: React.ReactNode;
  if (page.isPending) {
    body = (
      <div className="flex flex-1 items-center justify-center">
        <Spinner label="Carregando mensagens…" showLabel />
      </div>
    );
  } else if (page.isError && !page.data) {
    const notFound = isApiError(page.error) && (page.error.status === 404 || page.error.status === 403);
    body = (
      <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <p>{notFound ? 'Conversa não encontrada.' : 'Não foi possível carregar a conversa.'}</p>
        {notFound ? (
          <Link to={basePath} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Voltar para as conversas
          </Link>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => void page.refetch()}>
            Tentar novamente
          </Button>
        )}
      </div>
    );
  } else {
    body = (
      // Focusable, so the history scrolls by keyboard too (a scrollable region needs a tab stop).
      <div
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label="Histórico de mensagens"
        className="flex-1 overflow-y-auto px-3 py-4 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset md:px-6"
        data-slot="message-scroller"
      >
        {hasMore ? (
          <div className="mb-4 flex flex-col items-center gap-2">
            <Button size="sm" variant="outline" onClick={() => void loadOlder()} disabled={older.loading}>
              {older.loading ? <Spinner size="sm" label="Carregando…" className="text-current" /> : null}
              Carregar mensagens anteriores
            </Button>
            {older.error ? (
              <p role="alert" className="text-sm text-destructive">
                {older.error}
              </p>
            ) : null}
          </div>
        ) : null}
        {messages.length === 0 && pending.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">
            Nenhuma mensagem ainda. Escreva a primeira.
          </p>
        ) : null}
        <div role="log" aria-label={`Mensagens com ${title}`}>
          <ol className="flex flex-col gap-3">
            {messages.map((message, index) => {
              const previous = messages[index - 1];
              const newDay = !previous || isOtherDay(previous.created_at, message.created_at);
              return (
                <Fragment key={message.id}>
                  {newDay ? <DaySeparator at={message.created_at} /> : null}
                  <MessageBubble
                    text={message.text}
                    senderName={message.sender_name}
                    createdAt={message.created_at}
                    mine={String(message.sender_id) === String(meId)}
                  />
                </Fragment>
              );
            })}
            {pending.map((item) => (
              <MessageBubble
                key={item.clientId}
                text={item.text}
                senderName={user?.name ?? ''}
                createdAt={item.createdAt}
                mine
                delivery={item.status}
                {...(item.error ? { error: item.error } : {})}
                onRetry={() => outbox.retry(item.clientId)}
                onDiscard={() => outbox.discard(item.clientId)}
              />
            ))}
          </ol>
        </div>
      </div>
    );
  }

  return (
    <section
      aria-labelledby={`conversation-${conversationId}-title`}
      className="flex min-h-0 flex-1 flex-col"
    >
      <div className="flex h-14 shrink-0 items-center gap-3 border-b px-3 md:px-6">
        <Link
          to={basePath}
          className="inline-flex size-9 items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring md:hidden"
        >
          <ArrowLeftIcon aria-hidden="true" className="size-5" />
          <span className="sr-only">Voltar para as conversas</span>
        </Link>
        {conversation ? (
          <ConversationAvatar conversation={conversation} meId={meId} title={title} size="sm" />
        ) : null}
        <h2 id={`conversation-${conversationId}-title`} className="min-w-0 truncate font-semibold">
          {title}
        </h2>
      </div>
      {body}
      <p aria-live="polite" className="h-6 shrink-0 px-4 text-xs text-muted-foreground italic md:px-6">
        {typingLine ?? ''}
      </p>
      <MessageComposer
        onSend={(text) => {
          typing.stop();
          outbox.enqueue(text);
        }}
        onTyping={typing.onInput}
        disabled={page.isPending || (page.isError && !page.data)}
      />
    </section>
  );
}

/** The day above its messages ('Hoje', 'Ontem', '23 de novembro'), so days never read as one. */
function DaySeparator({ at }: { at: string }) {
  return (
    <li data-slot="day-separator" className="flex items-center gap-3 py-1 text-xs text-muted-foreground">
      <span aria-hidden="true" className="h-px flex-1 bg-border" />
      <span>{dayLabel(at)}</span>
      <span aria-hidden="true" className="h-px flex-1 bg-border" />
    </li>
  );
}
