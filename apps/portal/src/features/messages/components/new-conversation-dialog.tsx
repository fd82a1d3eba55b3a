import { isApiError, type UserSummary } from '@farol/data';
import { useContacts, useStartConversation } from '@farol/data/messages';
import {
  Avatar,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  Spinner,
} from '@farol/ui';
import { MessageSquarePlusIcon } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { roleLabel } from '../../../lib/user-display';

/** Enough to pick from; beyond it the search box narrows the list. */
const CONTACTS_SHOWN = 50;

/**
 * "Nova conversa": everyone picks from GET /api/messages/contacts, which answers exactly the people the server
 * lets them start a conversation with (staff: anyone; a client: staff and their own company).
 */
export function NewConversationDialog({ basePath }: { basePath: string }) {
  const navigate = useNavigate();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const contacts = useContacts({ q: query, limit: CONTACTS_SHOWN, enabled: open });
  const start = useStartConversation();
  const people = contacts.data?.items ?? [];
  const hidden = (contacts.data?.total ?? 0) - people.length;

  const choose = (contact: UserSummary) => {
    start.mutate(
      { participant_ids: [contact.id] },
      {
        onSuccess: (conversation) => {
          setOpen(false);
          setSearch('');
          void navigate(`${basePath}/${conversation.id}`);
        },
      },
    );
  };

  const startError = start.error
    ? isApiError(start.error)
      ? start.error.message
      : 'Não foi possível iniciar a conversa.'
    : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) start.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm">
          <MessageSquarePlusIcon aria-hidden="true" />
          Nova conversa
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Nova conversa</DialogTitle>
          <DialogDescription>Escolha com quem você quer conversar.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-search`} className="text-sm font-medium">
            Buscar pessoa
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Nome ou e-mail"
            className="h-10 rounded-md border border-input bg-background px-3 text-sm outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring"
          />
        </div>
        {startError ? (
          <p role="alert" className="text-sm text-destructive">
            {startError}
          </p>
        ) : null}
        {contacts.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Não foi possível carregar a lista de pessoas.
          </p>
        ) : null}
        <div className="max-h-72 overflow-y-auto rounded-md border">
          {contacts.isPending ? (
            <div className="flex justify-center py-6">
              <Spinner label="Carregando pessoas…" showLabel />
            </div>
          ) : people.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-muted-foreground">
              {query.trim() ? 'Ninguém encontrado.' : 'Ninguém disponível para conversar ainda.'}
            </p>
          ) : (
            <ul aria-label="Pessoas">
              {people.map((contact) => (
                <li key={contact.id}>
                  <button
                    type="button"
                    disabled={start.isPending}
                    onClick={() => choose(contact)}
                    className="flex w-full items-center gap-3 px-3 py-2 text-left outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset disabled:opacity-60"
                  >
                    <Avatar name={contact.name} src={contact.profile_picture} size="sm" decorative />
                    <span className="flex min-w-0 flex-col">
                      <span className="truncate text-sm font-medium">{contact.name}</span>
                      <span className="truncate text-xs text-muted-foreground">{roleLabel(contact)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {hidden > 0 ? (
          <p className="text-xs text-muted-foreground">
            {hidden === 1 ? 'Mais 1 pessoa' : `Mais ${hidden} pessoas`}. Refine a busca para encontrá-las.
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
