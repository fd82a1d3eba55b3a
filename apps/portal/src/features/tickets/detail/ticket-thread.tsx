import { isClient, type TicketDetail, type TicketMessage } from '@farol/data';
import { useTicketMessages } from '@farol/data/tickets';
import { Avatar, Badge, Button, Spinner, cn } from '@farol/ui';
import { LockIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { TicketAttachments } from './ticket-attachments';
import { TicketTime } from '../shared/ticket-time';

/** 'Cliente' or 'Equipe', from the author's role. */
export const authorSideLabel = (role: string) => (isClient({ role }) ? 'Cliente' : 'Equipe');

interface ThreadEntryProps {
  authorName: string;
  side: string;
  createdAt: string;
  body: string;
  attachments: TicketDetail['attachments'];
  internal?: boolean;
  /** A label before the author ('Abertura do chamado'). */
  kind?: ReactNode;
}

function ThreadEntry({
  authorName,
  side,
  createdAt,
  body,
  attachments,
  internal = false,
  kind,
}: ThreadEntryProps) {
  return (
    <li>
      <article
        aria-label={internal ? `Nota interna de ${authorName}` : `${authorName} (${side.toLowerCase()})`}
        data-internal={internal || undefined}
        className={cn(
          'flex gap-3 rounded-lg border p-3 md:p-4',
          internal ? 'border-dashed border-amber-400/70 bg-amber-400/10' : 'bg-card text-card-foreground',
        )}
      >
        <Avatar name={authorName} size="sm" decorative className="max-sm:hidden" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {internal ? (
              <Badge variant="outline" className="gap-1 border-amber-400/70">
                <LockIcon aria-hidden="true" className="size-3" />
                Nota interna
              </Badge>
            ) : null}
            {kind}
            <span className="font-semibold">{authorName}</span>
            <Badge variant="secondary">{side}</Badge>
            <TicketTime iso={createdAt} />
          </header>
          {body ? <p className="text-sm break-words whitespace-pre-wrap">{body}</p> : null}
          <TicketAttachments attachments={attachments} />
        </div>
      </article>
    </li>
  );
}

export interface TicketThreadProps {
  ticket: TicketDetail;
}

/**
 * The opening description with its files, then the replies oldest first. Internal notes (staff only ever
 * receive them) are dashed and labelled 'Nota interna'.
 */
export function TicketThread({ ticket }: TicketThreadProps) {
  const messages = useTicketMessages(ticket.id);
  const items: TicketMessage[] = messages.data?.items ?? [];

  return (
    <section aria-labelledby="ticket-thread-heading" className="flex flex-col gap-3">
      <h2 id="ticket-thread-heading" className="sr-only">
        Conversa do chamado
      </h2>
      <div role="log" aria-label="Conversa do chamado">
        <ol className="flex flex-col gap-3">
          <ThreadEntry
            kind={<span className="text-xs font-medium text-muted-foreground uppercase">Abertura</span>}
            authorName={ticket.requester.name}
            side="Solicitante"
            createdAt={ticket.created_at}
            body={ticket.description}
            attachments={ticket.attachments}
          />
          {items.map((message) => (
            <ThreadEntry
              key={message.id}
              authorName={message.author.name}
              side={authorSideLabel(message.author.role)}
              createdAt={message.created_at}
              body={message.body}
              attachments={message.attachments}
              internal={message.internal}
            />
          ))}
        </ol>
      </div>
      {messages.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label="Carregando respostas…" showLabel />
        </div>
      ) : messages.isError && !messages.data ? (
        <div role="alert" className="flex flex-wrap items-center justify-center gap-3 py-4 text-sm">
          <span>Não foi possível carregar as respostas.</span>
          <Button size="sm" variant="secondary" onClick={() => void messages.refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="py-2 text-center text-sm text-muted-foreground">Nenhuma resposta ainda.</p>
      ) : null}
    </section>
  );
}
