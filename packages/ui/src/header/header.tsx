import { MenuIcon, MessageSquareIcon } from 'lucide-react';
import type * as React from 'react';
import { useMessages } from '../i18n/messages-provider';
import { cn } from '../lib/cn';
import { defaultRenderLink, type RenderLink } from '../lib/render-link';
import { NotificationCenter } from '../notification-center/notification-center';
import type { NotificationCenterProps } from '../notification-center/types';
import { Avatar } from '../primitives/avatar/avatar';
import { CountBadge } from '../primitives/badge/badge';
import { buttonVariants } from '../primitives/button/button-variants';
import { IconButton } from '../primitives/icon-button/icon-button';

export interface HeaderUser {
  name: string;
  avatarUrl?: string | null;
}

export type HeaderProps = Omit<React.ComponentProps<'header'>, 'title' | 'children'> & {
  /** The page title (the app picks it from the path). */
  title: string;
  /** Opens the mobile sidebar; the menu button shows below 768 px only. */
  onMenuClick?: () => void;
  /** Whether the menu the button opens is open now (`aria-expanded`). */
  menuExpanded?: boolean;
  /** The id of the menu the button opens (`aria-controls`). */
  menuControls?: string;
  messagesHref?: string;
  messagesUnread?: number;
  /** Link slot, so any router works; a plain <a> by default. */
  renderLink?: RenderLink;
  profileHref?: string;
  user?: HeaderUser;
  /** The notification centre's props; omit to leave the bell out. */
  notifications?: NotificationCenterProps;
  /** Anything else for the right-hand side, before the bell. */
  actions?: React.ReactNode;
  /** What leads the bar on the left, before the title (a logo, a menu of sections). */
  leading?: React.ReactNode;
  /** The title stays the page's <h1> for screen readers but is not drawn (the leading content says it). */
  titleHidden?: boolean;
};

const iconLinkClass = cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative');

export function Header({
  title,
  onMenuClick,
  menuExpanded = false,
  menuControls,
  messagesHref = '/messages',
  messagesUnread = 0,
  renderLink = defaultRenderLink,
  profileHref = '/profile',
  user,
  notifications,
  actions,
  leading,
  titleHidden = false,
  className,
  ...props
}: HeaderProps) {
  const t = useMessages().header;
  const messagesLabel = messagesUnread > 0 ? t.messagesWithUnread(messagesUnread) : t.messages;
  const profileLabel = user ? t.profileOf(user.name) : t.profile;

  return (
    <header
      data-slot="header"
      className={cn(
        'sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b bg-background px-3 md:px-6',
        className,
      )}
      {...props}
    >
      {onMenuClick ? (
        // 44 px: the touch size, on the phones that see it.
        <IconButton
          label={t.openMenu}
          onClick={onMenuClick}
          aria-expanded={menuExpanded}
          aria-controls={menuControls}
          className="size-11 md:hidden"
          data-slot="header-menu"
        >
          <MenuIcon aria-hidden="true" className="size-5" />
        </IconButton>
      ) : null}
      {leading}
      <h1 className={titleHidden ? 'sr-only' : 'min-w-0 flex-1 truncate text-lg font-semibold md:text-xl'}>
        {title}
      </h1>
      {titleHidden ? <div className="flex-1" /> : null}
      <div className="flex items-center gap-1">
        {actions}
        {notifications ? <NotificationCenter {...notifications} /> : null}
        {renderLink({
          href: messagesHref,
          title: messagesLabel,
          className: iconLinkClass,
          children: (
            <>
              <MessageSquareIcon aria-hidden="true" className="size-5" />
              <span className="sr-only">{messagesLabel}</span>
              <CountBadge count={messagesUnread} />
            </>
          ),
        })}
        {renderLink({
          href: profileHref,
          title: profileLabel,
          className: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'ml-1 rounded-full'),
          children: (
            <>
              {user ? <Avatar name={user.name} src={user.avatarUrl} size="sm" decorative /> : null}
              <span className="sr-only">{profileLabel}</span>
            </>
          ),
        })}
      </div>
    </header>
  );
}
