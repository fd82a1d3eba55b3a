import type { UserDirectoryEntry } from '@farol/data';
import {
  Avatar,
  Skeleton,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableLoadingRows,
  TableRow,
  cn,
} from '@farol/ui';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { OpenConversationButton } from '../shared/open-conversation-button';
import { roleName, telHref, userPath } from '../shared/person-format';
import { PresenceBadge } from '../shared/presence-badge';

export interface DirectoryListProps {
  /** Undefined while the first page loads (placeholders keep the layout still). */
  people: readonly UserDirectoryEntry[] | undefined;
  /** Another page or filter is loading while the previous one stays on screen. */
  busy?: boolean;
}

const LINK_OVER_ROW =
  "font-medium break-words underline-offset-4 outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring";
const INLINE_LINK =
  'relative z-10 break-all underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring';

const Missing = () => <span className="text-muted-foreground">—</span>;

/** One person. The name's link stretches over the row; e-mail, phone and "Abrir conversa" sit above it. */
const PersonRow = memo(function PersonRow({ person }: { person: UserDirectoryEntry }) {
  return (
    <TableRow data-user-id={person.id} className="relative">
      <TableCell className="max-w-[20rem] min-w-[14rem]">
        <span className="flex items-center gap-3">
          <Avatar name={person.name} src={person.profile_picture ?? undefined} size="sm" decorative />
          <Link to={userPath(person.id)} className={cn('line-clamp-2', LINK_OVER_ROW)}>
            {person.name}
          </Link>
        </span>
      </TableCell>
      <TableCell className="whitespace-nowrap">{roleName(person.role)}</TableCell>
      <TableCell className="max-w-[14rem] break-words">{person.company_name ?? <Missing />}</TableCell>
      <TableCell className="max-w-[16rem]">
        <a href={`mailto:${person.email}`} className={INLINE_LINK}>
          {person.email}
        </a>
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        {person.phone ? (
          <a href={telHref(person.phone)} className={INLINE_LINK}>
            {person.phone}
          </a>
        ) : (
          <Missing />
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <PresenceBadge presence={person.presence} />
      </TableCell>
      <TableCell className="text-right">
        <span className="relative z-10 inline-flex">
          <OpenConversationButton person={person} />
        </span>
      </TableCell>
    </TableRow>
  );
});

/** The directory as a table on wide screens. */
export function DirectoryTable({ people, busy = false }: DirectoryListProps) {
  return (
    <Table
      label="Lista de usuários"
      aria-busy={people === undefined || busy}
      className={cn(busy && 'opacity-70 transition-opacity')}
    >
      <TableCaption className="sr-only">Usuários</TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Nome</TableHead>
          <TableHead>Função</TableHead>
          <TableHead>Empresa</TableHead>
          <TableHead>E-mail</TableHead>
          <TableHead>Telefone</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>
            <span className="sr-only">Ações</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {people === undefined ? (
          <TableLoadingRows columns={7} rows={8} label="Carregando usuários…" />
        ) : (
          people.map((person) => <PersonRow key={person.id} person={person} />)
        )}
      </TableBody>
    </Table>
  );
}

const PersonCard = memo(function PersonCard({ person }: { person: UserDirectoryEntry }) {
  return (
    <li
      data-user-id={person.id}
      className="relative flex flex-col gap-2 rounded-xl border bg-card p-3 hover:border-primary"
    >
      <span className="flex items-start gap-3">
        <Avatar name={person.name} src={person.profile_picture ?? undefined} decorative />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <Link to={userPath(person.id)} className={cn(LINK_OVER_ROW, 'after:rounded-xl')}>
            {person.name}
          </Link>
          <span className="text-sm break-words text-muted-foreground">
            {roleName(person.role)}
            {person.company_name ? ` · ${person.company_name}` : ''}
          </span>
        </span>
        <PresenceBadge presence={person.presence} />
      </span>
      <span className="flex flex-col gap-1 text-sm">
        <a href={`mailto:${person.email}`} className={INLINE_LINK}>
          {person.email}
        </a>
        {person.phone ? (
          <a href={telHref(person.phone)} className={cn(INLINE_LINK, 'tabular-nums')}>
            {person.phone}
          </a>
        ) : null}
      </span>
      <span className="relative z-10 flex">
        <OpenConversationButton person={person} />
      </span>
    </li>
  );
});

/** The directory on a phone (below 768 px): one card each, the whole card a link to the person. */
export function DirectoryCards({ people, busy = false }: DirectoryListProps) {
  if (people === undefined) {
    return (
      <ul aria-busy="true" aria-label="Carregando usuários…" className="flex flex-col gap-3">
        {Array.from({ length: 5 }, (_, index) => (
          <li key={index}>
            <Skeleton className="h-32 rounded-xl" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul
      aria-label="Lista de usuários"
      aria-busy={busy}
      className={cn('flex flex-col gap-3', busy && 'opacity-70 transition-opacity')}
    >
      {people.map((person) => (
        <PersonCard key={person.id} person={person} />
      ))}
    </ul>
  );
}
