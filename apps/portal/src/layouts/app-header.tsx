import { useSession } from '@farol/data';
import { useMessagesUnreadCount } from '@farol/data/messages';
import { Header } from '@farol/ui';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useNotificationCenter } from '../features/notifications/use-notification-center';
import { renderRouterLink } from '../lib/router-link';

export interface AppHeaderProps {
  title: string;
  messagesHref: string;
  onMenuClick?: () => void;
  /** Whether the menu the button opens is open (the button's aria-expanded). */
  menuExpanded?: boolean;
  /** The kit Header's layout slots, for the portal's one-bar header. */
  leading?: ReactNode;
  titleHidden?: boolean;
  actions?: ReactNode;
  className?: string;
}

/** The kit's Header on the session, the notification hooks and the messages counter (spec §2, §4). */
export function AppHeader({
  title,
  messagesHref,
  onMenuClick,
  menuExpanded = false,
  ...layout
}: AppHeaderProps) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const messagesUnread = useMessagesUnreadCount({ pathname });
  const notifications = useNotificationCenter();
  return (
    <Header
      {...layout}
      title={title}
      messagesHref={messagesHref}
      messagesUnread={messagesUnread}
      renderLink={renderRouterLink}
      profileHref="/profile"
      notifications={notifications}
      {...(onMenuClick ? { onMenuClick, menuExpanded } : {})}
      {...(user ? { user: { name: user.name, avatarUrl: user.profilePicture } } : {})}
    />
  );
}
