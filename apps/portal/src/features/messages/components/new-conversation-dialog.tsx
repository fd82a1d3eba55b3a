import { PERMISSIONS, hasPermission, isApiError, isClient, useSession } from '@farol/data';
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
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useConversations } from '../api/get-conversations';
import { useUsers } from '../api/get-users';
import { useStartConversation } from '../api/start-conversation';
import { roleLabel } from '../../../lib/user-display';

interface Contact {
  id: number;
  name: string;
  role: string;
  picture: string | null;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * "Nova conversa": staff with users.view pick anyone from GET /api/users; everyone else (clients, staff
 * without that key) picks among the people they already talk to, which is all the server lets them see.
 */
export function NewConversationDialog({ basePath }: { basePath: string }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const canListUsers = !isClient(user) && hasPermission(user, PERMISSIONS.USERS_VIEW);
  const users = useUsers({ q: query, enabled: open && canListUsers });
  const conversations = useConversations();
  const start = useStartConversation();

  const contacts = useMemo(() => {
    const needle = fold(query.trim());
    const found = new Map<number, Contact>();
    // The server already searched its list (names and e-mails); the known participants are searched here.
    for (const person of users.data?.items ?? []) {
      found.set(person.id, {
        id: person.id,
        name: person.name,
        role: person.role,
        picture: person.profile_picture,
      });
    }
    for (const conversation of conversations.data?.items ?? []) {
      for (const person of conversation.participants) {
        if (found.has(person.id) || (needle && !fold(person.name).includes(needle))) continue;
        found.set(person.id, {
          id: person.id,
          name: person.name,
          role: person.role,
          picture: person.profile_picture,
        });
      }
    }
    return [...found.values()]
      .filter((person) => String(person.id) !== String(user?.id))
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  }, [users.data, conversations.data, query, user?.id]);

  const choose = (contact: Contact) => {
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

  const loading = (canListUsers && users.isPending) || conversations.isPending;
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
          <DialogDescription>
            {canListUsers
              ? 'Escolha com quem você quer conversar.'
              : 'Escolha entre as pessoas da equipe que já falaram com você.'}
          </DialogDescription>
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
        {users.isError && canListUsers ? (
          <p role="alert" className="text-sm text-destructive">
            Não foi possível carregar a lista de usuários.
          </p>
        ) : null}
        <div className="max-h-72 overflow-y-auto rounded-md border">
          {loading ? (
            <div className="flex justify-center py-6">
              <Spinner label="Carregando pessoas…" showLabel />
            </div>
          ) : contacts.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-muted-foreground">
              {query.trim() ? 'Ninguém encontrado.' : 'Ninguém disponível para conversar ainda.'}
            </p>
          ) : (
            <ul aria-label="Pessoas">
              {contacts.map((contact) => (
                <li key={contact.id}>
                  <button
                    type="button"
                    disabled={start.isPending}
                    onClick={() => choose(contact)}
                    className="flex w-full items-center gap-3 px-3 py-2 text-left outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset disabled:opacity-60"
                  >
                    <Avatar name={contact.name} src={contact.picture} size="sm" decorative />
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
      </DialogContent>
    </Dialog>
  );
}
