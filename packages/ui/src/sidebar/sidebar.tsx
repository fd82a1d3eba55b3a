import * as DialogPrimitive from '@radix-ui/react-dialog';
import { LighthouseIcon, LogOutIcon, XIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type * as React from 'react';
import { useMessages } from '../i18n/messages-provider';
import { cn } from '../lib/cn';
import { defaultRenderLink, type RenderLink } from '../lib/render-link';
import { useControllableState } from '../lib/use-controllable-state';
import { useIsMobile } from '../lib/use-media-query';
import { Avatar } from '../primitives/avatar/avatar';
import { IconButton } from '../primitives/icon-button/icon-button';
import type { NavItem } from './nav-items';
import { sidebarItemVariants, sidebarRailVariants } from './sidebar-variants';

export interface SidebarUser {
  name: string;
  /** Shown under the name as given (e.g. 'Administrador'). */
  role: string;
  avatarUrl?: string | null;
}

export type SidebarProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The entries this person sees, in order, the current one marked `active`. */
  items: readonly NavItem[];
  user: SidebarUser;
  onSignOut?: () => void;
  /** Link slot, so any router works; a plain <a> by default. */
  renderLink?: RenderLink;
  /** Where the logo leads (the person's home). */
  logoHref: string;
  /** Desktop: whether the rail is expanded to 280 px (it expands on hover and focus). */
  expanded?: boolean;
  defaultExpanded?: boolean;
  onExpandedChange?: (expanded: boolean) => void;
  /** Mobile (< 768 px): whether the overlay is open. */
  mobileOpen?: boolean;
  defaultMobileOpen?: boolean;
  onMobileOpenChange?: (open: boolean) => void;
};

/**
 * The staff navigation. Desktop: an 88 px rail whose panel widens to 280 px over the content on hover or
 * keyboard focus (the rail keeps its 88 px footprint, so the page never reflows). Mobile: hidden, opened
 * as a modal overlay that closes on the backdrop, the close button, a nav click or Escape.
 */
export function Sidebar({
  items,
  user,
  onSignOut,
  renderLink = defaultRenderLink,
  logoHref,
  expanded: expandedProp,
  defaultExpanded = false,
  onExpandedChange,
  mobileOpen: mobileOpenProp,
  defaultMobileOpen = false,
  onMobileOpenChange,
  className,
  ...props
}: SidebarProps) {
  const messages = useMessages();
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useControllableState({
    prop: expandedProp,
    defaultProp: defaultExpanded,
    onChange: onExpandedChange,
  });
  const [mobileOpen, setMobileOpen] = useControllableState({
    prop: mobileOpenProp,
    defaultProp: defaultMobileOpen,
    onChange: onMobileOpenChange,
  });

  // The overlay has no Radix trigger (the header's menu button opens it), so focus return is done here.
  const returnFocusRef = useRef<HTMLElement | null>(null);

  // Growing past the breakpoint leaves no overlay behind.
  useEffect(() => {
    if (!isMobile && mobileOpen) setMobileOpen(false);
  }, [isMobile, mobileOpen, setMobileOpen]);

  const panel = { items, renderLink, logoHref, user, onSignOut };

  if (isMobile) {
    return (
      <DialogPrimitive.Root open={mobileOpen} onOpenChange={setMobileOpen}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay data-slot="sidebar-backdrop" className="fixed inset-0 z-50 bg-black/60" />
          <DialogPrimitive.Content
            data-slot="sidebar"
            data-state="open"
            data-mobile=""
            aria-describedby={undefined}
            aria-modal="true"
            onOpenAutoFocus={() => {
              returnFocusRef.current =
                document.activeElement instanceof HTMLElement ? document.activeElement : null;
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnFocusRef.current?.focus();
            }}
            className={cn('fixed inset-y-0 left-0 z-50 w-[280px] max-w-[85vw] outline-none', className)}
          >
            <DialogPrimitive.Title className="sr-only">{messages.sidebar.mobileTitle}</DialogPrimitive.Title>
            <SidebarPanel
              {...panel}
              collapsed={false}
              onNavigate={() => setMobileOpen(false)}
              closeButton={
                <DialogPrimitive.Close asChild>
                  <IconButton label={messages.sidebar.closeMenu} className="ml-auto text-sidebar-foreground">
                    <XIcon aria-hidden="true" />
                  </IconButton>
                </DialogPrimitive.Close>
              }
            />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    );
  }

  return (
    <div
      data-slot="sidebar"
      data-state={expanded ? 'expanded' : 'collapsed'}
      className={cn('sticky top-0 z-40 h-svh w-[88px] shrink-0 max-md:hidden', className)}
      {...props}
    >
      <div
        data-slot="sidebar-rail"
        className={sidebarRailVariants({ expanded })}
        onMouseEnter={() => setExpanded(true)}
        onMouseLeave={() => setExpanded(false)}
        onFocus={() => setExpanded(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setExpanded(false);
        }}
      >
        <SidebarPanel {...panel} collapsed={!expanded} />
      </div>
    </div>
  );
}

interface SidebarPanelProps {
  items: readonly NavItem[];
  renderLink: RenderLink;
  logoHref: string;
  user: SidebarUser;
  onSignOut: (() => void) | undefined;
  collapsed: boolean;
  onNavigate?: () => void;
  closeButton?: React.ReactNode;
}

function SidebarPanel({
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
