import { BellIcon } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import type * as React from 'react';
import { useMessages } from '../i18n/messages-provider';
import { useControllableState } from '../lib/use-controllable-state';
import { CountBadge } from '../primitives/badge/badge';
import { IconButton } from '../primitives/icon-button/icon-button';
import { isUnread } from './types';
import type * as PanelModule from './notification-panel';
import type { NotificationCenterProps } from './types';

let panelModule: Promise<typeof PanelModule> | undefined;
/** The popover's chunk, fetched once: on the bell's first hover or focus, so a click opens it at once. */
const loadPanel = () => (panelModule ??= import('./notification-panel'));
const NotificationPanel = lazy(async () => ({ default: (await loadPanel()).NotificationPanel }));

/**
 * The header's bell and its popover: spec §2 "Notification dialog". Props in, events out. The bell and its
 * badge render with the page; the popover (Radix Popover and its positioning code) is a lazy chunk, prefetched
 * when the pointer reaches the bell or the bell takes focus, and kept mounted once it has opened.
 */
export function NotificationCenter({
  unreadCount,
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  className,
  ...panelProps
}: NotificationCenterProps) {
  const t = useMessages().notifications;
  const [open, setOpen] = useControllableState({
    prop: openProp,
    defaultProp: defaultOpen,
    onChange: onOpenChange,
  });
  const [panelWanted, setPanelWanted] = useState(open);
  if (open && !panelWanted) setPanelWanted(true);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentId = useId();

  const unread = Math.max(0, unreadCount ?? panelProps.items.filter(isUnread).length);
  const prefetch = () => void loadPanel();

  return (
    <>
      <IconButton
        ref={triggerRef}
        label={unread > 0 ? t.triggerWithUnread(unread) : t.trigger}
        data-slot="notification-trigger"
        data-state={open ? 'open' : 'closed'}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        className={className}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => setOpen(!open)}
      >
        <BellIcon aria-hidden="true" className="size-5" />
        <CountBadge count={unread} />
      </IconButton>
      {panelWanted ? (
        <Suspense fallback={null}>
          <NotificationPanel
            {...panelProps}
            unread={unread}
            open={open}
            onOpenChange={setOpen}
            triggerRef={triggerRef}
            contentId={contentId}
          />
        </Suspense>
      ) : null}
    </>
  );
}
