import { LighthouseIcon, LogOutIcon } from 'lucide-react';
import type * as React from 'react';
import { useMessages } from '../i18n/messages-provider';
import { cn } from '../lib/cn';
import type { RenderLink } from '../lib/render-link';
import { Avatar } from '../primitives/avatar/avatar';
import type { NavItem, SidebarUser } from './nav-items';
import { sidebarItemVariants } from './sidebar-variants';

export interface SidebarPanelProps {
  items: readonly NavItem[];
  renderLink: RenderLink;
  logoHref: string;
  user: SidebarUser;
  onSignOut: (() => void) | undefined;
  collapsed: boolean;
  onNavigate?: () => void;
  closeButton?: React.ReactNode;
}

/** The rail's and the phone overlay's content: logo, navigation, profile and Sair. */
export function SidebarPanel({
  items,
  renderLink,
  logoHref,
  user,
  onSignOut,
  collapsed,
  onNavigate,
  closeButton,
}: SidebarPanelProps) {
  const messages = useMessages();
  // Collapsed, labels leave the screen but stay in the accessibility tree; the tooltip shows them on hover.
  const labelClass = collapsed ? 'sr-only' : 'truncate';

  return (
    <div className="flex h-full w-full min-w-0 flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground">
      <div className="flex h-16 shrink-0 items-center gap-2 px-3">
        {renderLink({
          href: logoHref,
          onClick: onNavigate,
          title: collapsed ? messages.sidebar.productName : undefined,
          className:
            'flex h-11 min-w-0 items-center gap-3 rounded-lg px-3 text-lg font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring',
          children: (
            <>
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                <LighthouseIcon aria-hidden="true" className="size-5" />
              </span>
              <span aria-hidden="true" className={labelClass}>
                {messages.sidebar.productName}
              </span>
              <span className="sr-only">{messages.sidebar.logoLabel}</span>
            </>
          ),
        })}
        {closeButton}
      </div>

      <nav
        aria-label={messages.sidebar.navLabel}
        className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto px-3 py-2"
      >
        <ul className="flex flex-col gap-1">
          {items.map((item) => {
            const active = item.active === true;
            const Icon = item.icon;
            return (
              <li key={item.id}>
                {renderLink({
                  href: item.href,
                  onClick: onNavigate,
                  'aria-current': active ? 'page' : undefined,
                  title: collapsed ? item.label : undefined,
                  className: sidebarItemVariants({ active }),
                  children: (
                    <>
                      <Icon aria-hidden="true" />
                      <span className={labelClass}>{item.label}</span>
                    </>
                  ),
                })}
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="flex shrink-0 flex-col gap-2 border-t border-sidebar-border px-3 py-3">
        <div data-slot="sidebar-profile" className="flex h-14 min-w-0 items-center gap-3 px-3">
          <Avatar
            name={user.name}
            src={user.avatarUrl}
            decorative
            title={collapsed ? user.name : undefined}
          />
          <div className={cn('min-w-0 leading-tight', collapsed && 'sr-only')}>
            <p className="truncate text-sm font-medium">{user.name}</p>
            <p className="truncate text-xs text-muted-foreground">{user.role}</p>
          </div>
        </div>
        <button
          type="button"
          onClick={onSignOut}
          title={collapsed ? messages.sidebar.signOut : undefined}
          className={sidebarItemVariants({ active: false })}
        >
          <LogOutIcon aria-hidden="true" />
          <span className={labelClass}>{messages.sidebar.signOut}</span>
        </button>
      </div>
    </div>
  );
}
