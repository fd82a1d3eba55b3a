import type * as React from 'react';
import { useTasksMessages } from './messages';
import { cn } from '../lib/cn';
import { Avatar } from '../primitives/avatar/avatar';
import type { TaskPersonView } from './types';

export type PresenceAvatarsProps = Omit<React.ComponentProps<'p'>, 'children'> & {
  /** The other people viewing (not the current user); nothing renders when empty. */
  people: readonly TaskPersonView[];
  /** Avatars shown before "+N" (default 4). */
  max?: number;
};

/** "Também vendo:" and the avatars of who else has the board open; screen readers hear every name. */
export function PresenceAvatars({ people, max = 4, className, ...props }: PresenceAvatarsProps) {
  const t = useTasksMessages().presence;
  if (people.length === 0) return null;
  const shown = people.slice(0, max);
  const names = people.map((person) => person.name).join(', ');
  return (
    <p
      data-slot="presence-avatars"
      className={cn('flex items-center gap-2 text-xs text-muted-foreground', className)}
      {...props}
    >
      <span aria-hidden="true">{t.prefix}</span>
      <span className="sr-only">{t.label(names)}</span>
      <span aria-hidden="true" className="flex items-center -space-x-2">
        {shown.map((person) => (
          <Avatar
            key={person.id}
            name={person.name}
            src={person.avatarUrl}
            decorative
            title={person.name}
            className="size-7 text-[0.6875rem] ring-2 ring-background"
          />
        ))}
        {people.length > max ? (
          <span className="inline-flex size-7 items-center justify-center rounded-full bg-secondary text-[0.6875rem] font-semibold text-secondary-foreground ring-2 ring-background">
            {t.more(people.length - max)}
          </span>
        ) : null}
      </span>
    </p>
  );
}
