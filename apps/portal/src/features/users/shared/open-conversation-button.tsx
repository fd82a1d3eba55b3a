import { isApiError, useSession } from '@farol/data';
import { useStartConversation } from '@farol/data/messages';
import { Button, toast } from '@farol/ui';
import { MessageSquareIcon } from 'lucide-react';
import { useNavigate } from 'react-router-dom';

/**
 * "Abrir conversa": opens the conversation with this person in Mensagens (the server answers the existing one
 * between the two, or starts it). Not shown on one's own card.
 */
export function OpenConversationButton({
  person,
  size = 'sm',
  variant = 'outline',
}: {
  person: { id: number; name: string };
  size?: 'sm' | 'default';
  variant?: 'outline' | 'default';
}) {
  const { user } = useSession();
  const navigate = useNavigate();
  const start = useStartConversation();
  if (!user || user.id === person.id) return null;
  return (
    <Button
      size={size}
      variant={variant}
      disabled={start.isPending}
      aria-label={`Abrir conversa com ${person.name}`}
      onClick={() =>
        start.mutate(
          { participant_ids: [person.id] },
          {
            onSuccess: (conversation) => void navigate(`/messages/${conversation.id}`),
            onError: (error) =>
              toast.error(
                isApiError(error) ? error.message : 'Não foi possível abrir a conversa. Tente novamente.',
                { id: `conversation-${person.id}` },
              ),
          },
        )
      }
    >
      <MessageSquareIcon aria-hidden="true" />
      {start.isPending ? 'Abrindo…' : 'Abrir conversa'}
    </Button>
  );
}
