import { USER_PRESENCE_LABELS, type UserPresenceStatus } from '@farol/data/users';
import { Badge, cn } from '@farol/ui';

// The dot carries the colour (decorative); the word says it, so presence never rests on colour alone.
const PRESENCE_DOT: Record<UserPresenceStatus, string> = {
  online: 'bg-emerald-400',
  ausente: 'bg-amber-400',
  offline: 'bg-zinc-400',
};

/** Online / Ausente / Offline, a dot and the word. */
export function PresenceBadge({ presence, className }: { presence: UserPresenceStatus; className?: string }) {
  return (
    <Badge variant="outline" data-presence={presence} className={cn('gap-1.5 font-medium', className)}>
      <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', PRESENCE_DOT[presence])} />
      {USER_PRESENCE_LABELS[presence]}
    </Badge>
  );
}
