import type { Conversation } from '@farol/data';
import { Avatar, avatarVariants } from '@farol/ui';
import { UsersIcon } from 'lucide-react';
import { otherParticipants } from '../conversation-title';

/** One person's picture or initials; a group (more than one other person) gets the group's own mark. */
export function ConversationAvatar({
  conversation,
  meId,
  title,
  size = 'default',
}: {
  conversation: Pick<Conversation, 'participants'>;
  meId: number | string | null | undefined;
  title: string;
  size?: 'sm' | 'default';
}) {
  const others = otherParticipants(conversation, meId);
  if (others.length > 1) {
    return (
      <span data-slot="group-avatar" aria-hidden="true" className={avatarVariants({ size })}>
        <UsersIcon className={size === 'sm' ? 'size-4' : 'size-5'} />
      </span>
    );
  }
  const other = others[0];
  return <Avatar name={other?.name ?? title} src={other?.profile_picture} size={size} decorative />;
}
