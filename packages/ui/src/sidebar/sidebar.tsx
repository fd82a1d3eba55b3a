import { lazy, Suspense, useEffect, useState } from 'react';
import type * as React from 'react';
import { cn } from '../lib/cn';
import { defaultRenderLink, type RenderLink } from '../lib/render-link';
import { useControllableState } from '../lib/use-controllable-state';
import { useIsMobile } from '../lib/use-media-query';
import type { NavItem, SidebarUser } from './nav-items';
import { SidebarPanel } from './sidebar-panel';
import { sidebarRailVariants } from './sidebar-variants';

export type { SidebarUser } from './nav-items';

const MobileSidebar = lazy(async () => ({ default: (await import('./mobile-sidebar')).MobileSidebar }));

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

  // The phone overlay (Radix Dialog) is a chunk of its own, fetched on its first opening and then kept.
  const [overlayWanted, setOverlayWanted] = useState(isMobile && mobileOpen);
  if (isMobile && mobileOpen && !overlayWanted) setOverlayWanted(true);

  // Growing past the breakpoint leaves no overlay behind.
  useEffect(() => {
    if (!isMobile && mobileOpen) setMobileOpen(false);
  }, [isMobile, mobileOpen, setMobileOpen]);

  const panel = { items, renderLink, logoHref, user, onSignOut };

  if (isMobile) {
    if (!overlayWanted) return null;
    return (
      <Suspense fallback={null}>
        <MobileSidebar {...panel} open={mobileOpen} onOpenChange={setMobileOpen} className={className} />
      </Suspense>
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
