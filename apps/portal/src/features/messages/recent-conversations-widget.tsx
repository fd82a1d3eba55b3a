import { useSession } from '@farol/data';
import { useConversations } from '@farol/data/messages';
import { Link } from 'react-router-dom';
import { WidgetCard } from '../../lib/widget-card';
import { ConversationList } from './components/conversation-list';

/** The latest conversations, linking into the messages page of the area (staff or portal). */
export function RecentConversationsWidget({ basePath, limit = 5 }: { basePath: string; limit?: number }) {
  const { user } = useSession();
  const conversations = useConversations();
  return (
    <WidgetCard
      title="Conversas recentes"
      action={
        <Link to={basePath} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Ver todas
        </Link>
      }
    >
      <ConversationList
        conversations={conversations.data?.items.slice(0, limit)}
        meId={user?.id ?? null}
        basePath={basePath}
        selectedId={null}
        loading={conversations.isPending}
        error={conversations.isError}
        onRetry={() => void conversations.refetch()}
      />
    </WidgetCard>
  );
}

/** The staff dashboard's widget, linking into /messages. */
export function StaffConversationsWidget() {
  return <RecentConversationsWidget basePath="/messages" />;
}

/** The portal home's widget, linking into /portal/messages. */
export function PortalConversationsWidget() {
  return <RecentConversationsWidget basePath="/portal/messages" />;
}
