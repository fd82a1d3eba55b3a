import {
  CheckCheckIcon,
  CheckIcon,
  ExternalLinkIcon,
  RefreshCwIcon,
  Trash2Icon,
  TriangleAlertIcon,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type * as React from 'react';
import { useMessages } from '../i18n/messages-provider';
import { cn } from '../lib/cn';
import { Button } from '../primitives/button/button';
import { IconButton } from '../primitives/icon-button/icon-button';
import { Popover, PopoverAnchor, PopoverContent } from '../primitives/popover/popover';
import { Spinner } from '../primitives/spinner/spinner';
import { notificationIconVariants, notificationItemVariants } from './notification-center-variants';
import { notificationIcon } from './notification-icon';
import { formatRelativeTime, toTimestamp } from './relative-time';
import { isUnread, type NotificationCenterProps, type NotificationItem } from './types';

export type NotificationPanelProps = Omit<
  NotificationCenterProps,
  'unreadCount' | 'open' | 'defaultOpen' | 'onOpenChange' | 'className'
> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  unread: number;
  /** The bell, rendered by NotificationCenter: the popover is placed against it and gives focus back to it. */
  triggerRef: React.RefObject<HTMLButtonElement | null>;
  /** The panel's id, which the bell's aria-controls names. */
  contentId: string;
};

/**
 * The popover of the notification centre, a chunk of its own: Radix Popover and its positioning code
 * (floating-ui) load on the bell's first hover, focus or click, not with the page. The bell stays in
 * NotificationCenter, so this does what Radix's trigger would: it anchors the panel on the bell, ignores a
 * press on the bell as an outside click (the bell's own click toggles) and returns focus to it on close.
 */
export function NotificationPanel({
  items,
  unread,
  loading = false,
  refreshing = false,
  error = null,
  onRefresh,
  onRetry,
  onMarkAllRead,
  onMarkRead,
  onRemove,
  onOpen,
  onSelect,
  open,
  onOpenChange: setOpen,
  now,
  align = 'end',
  triggerRef,
  contentId,
}: NotificationPanelProps) {
  const messages = useMessages();
  const t = messages.notifications;
  const clock = useClock(now, open);
  const titleId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  // As in Radix's non-modal popover: focus goes back to the bell unless the person clicked or tabbed away.
  const interactedOutsideRef = useRef(false);
  const pointerDownOutsideRef = useRef(false);

  const select = (item: NotificationItem) => {
    onSelect?.(item);
    setOpen(false);
    if (isUnread(item)) onMarkRead?.(item);
  };

  const remove = (item: NotificationItem, index: number) => {
    // The item is about to disappear: hand focus to its neighbour so the keyboard user stays in the list.
    const rows = listRef.current?.querySelectorAll<HTMLElement>('[data-slot="notification-select"]');
    const neighbour = rows?.[index + 1] ?? rows?.[index - 1];
    neighbour?.focus();
    onRemove?.(item);
  };

  let body: React.ReactNode;
  if (loading) {
    body = (
      <div className="flex justify-center px-4 py-10">
        <Spinner label={t.loading} showLabel />
      </div>
    );
  } else if (error) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center">
        <TriangleAlertIcon aria-hidden="true" className="size-6 text-destructive" />
        <p className="text-sm">{typeof error === 'string' ? error : t.error}</p>
        <Button size="sm" variant="secondary" onClick={onRetry ?? onRefresh}>
          <RefreshCwIcon aria-hidden="true" />
          {t.retry}
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    body = <p className="px-4 py-10 text-center text-sm text-muted-foreground">{t.empty}</p>;
  } else {
    body = (
      <ul
        ref={listRef}
        aria-labelledby={titleId}
        data-slot="notification-list"
        className="max-h-[min(26rem,calc(100svh-10rem))] overflow-y-auto overscroll-contain"
      >
        {items.map((item, index) => (
          <NotificationRow
            key={item.id}
            item={item}
            now={clock}
            onSelect={() => select(item)}
            onOpen={
              item.link
                ? () => {
                    onOpen?.(item);
                    setOpen(false);
                  }
                : undefined
            }
            onMarkRead={isUnread(item) ? () => onMarkRead?.(item) : undefined}
            onRemove={() => remove(item, index)}
          />
        ))}
      </ul>
    );
  }

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverAnchor virtualRef={triggerRef as React.RefObject<HTMLButtonElement>} />
      <PopoverContent
        id={contentId}
        data-slot="notification-center"
        aria-labelledby={titleId}
        align={align}
        className="w-[min(24rem,calc(100vw-1rem))] p-0"
        onInteractOutside={(event) => {
          const target = event.target as Node | null;
          if (triggerRef.current?.contains(target)) {
            event.preventDefault();
            return;
          }
          interactedOutsideRef.current = true;
          if (event.detail.originalEvent.type === 'pointerdown') pointerDownOutsideRef.current = true;
          else if (event.detail.originalEvent.type === 'focusin' && pointerDownOutsideRef.current)
            event.preventDefault();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (!interactedOutsideRef.current) triggerRef.current?.focus();
          interactedOutsideRef.current = false;
          pointerDownOutsideRef.current = false;
        }}
      >
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b px-4 py-3">
          <h2 id={titleId} className="text-base font-semibold">
            {t.title}
          </h2>
          <span data-slot="notification-unread" className="text-sm text-muted-foreground">
            {t.unreadCount(unread)}
          </span>
          <div className="ml-auto flex items-center gap-1">
            <Button
              size="sm"
              variant="ghost"
              onClick={onRefresh}
              disabled={refreshing}
              aria-busy={refreshing}
            >
              <RefreshCwIcon aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
              {t.refresh}
            </Button>
          </div>
          {unread > 0 ? (
            <Button size="sm" variant="link" className="h-7 px-1" onClick={onMarkAllRead}>
              <CheckCheckIcon aria-hidden="true" />
              {t.markAllRead}
            </Button>
          ) : null}
        </div>
        {body}
      </PopoverContent>
    </Popover>
  );
}

interface NotificationRowProps {
  item: NotificationItem;
  now: number | Date;
  onSelect: () => void;
  onOpen: (() => void) | undefined;
  onMarkRead: (() => void) | undefined;
  onRemove: () => void;
}

function NotificationRow({ item, now, onSelect, onOpen, onMarkRead, onRemove }: NotificationRowProps) {
  const t = useMessages().notifications;
  const Icon = notificationIcon(item.type);
  const unread = isUnread(item);
  const created = toTimestamp(item.createdAt);
  const severityText =
    item.severity === 'warning' || item.severity === 'error' ? t.severity[item.severity] : null;

  return (
    <li
      data-slot="notification-item"
      data-state={unread ? 'unread' : 'read'}
      data-severity={item.severity}
      className={notificationItemVariants({ unread })}
    >
      <button
        type="button"
        data-slot="notification-select"
        onClick={onSelect}
        className="flex min-w-0 flex-1 items-start gap-3 rounded-md px-2 py-2 text-left outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className={notificationIconVariants({ severity: item.severity })}>
          <Icon aria-hidden="true" data-icon={item.type} />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          {severityText ? <span className="sr-only">{`${severityText}: `}</span> : null}
          {item.title ? <span className="text-sm font-semibold break-words">{item.title}</span> : null}
          <span className="text-sm break-words text-popover-foreground">{item.message}</span>
          <span className="flex items-center gap-2 text-xs text-muted-foreground">
            {created !== null ? (
              <time dateTime={new Date(created).toISOString()}>
                {formatRelativeTime(created, now, t.time)}
              </time>
            ) : null}
            {unread ? (
              <>
                <span aria-hidden="true" className="size-2 rounded-full bg-primary" />
                <span className="sr-only">{t.unreadItem}</span>
              </>
            ) : null}
          </span>
        </span>
      </button>
      <div className="flex shrink-0 flex-col items-center gap-0.5 py-1">
        {onOpen ? (
          <IconButton size="sm" label={t.open} onClick={onOpen}>
            <ExternalLinkIcon aria-hidden="true" />
          </IconButton>
        ) : null}
        {onMarkRead ? (
          <IconButton size="sm" label={t.markRead} onClick={onMarkRead}>
            <CheckIcon aria-hidden="true" />
          </IconButton>
        ) : null}
        <IconButton size="sm" label={t.remove} onClick={onRemove}>
          <Trash2Icon aria-hidden="true" />
        </IconButton>
      </div>
    </li>
  );
}

/** The given clock, or the real one refreshed every 30 s while the popover is open. */
function useClock(now: number | Date | undefined, active: boolean): number | Date {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (now !== undefined || !active) return;
    setTick(Date.now());
    const timer = setInterval(() => setTick(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [now, active]);
  return now ?? tick;
}
