import {
  BellIcon,
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
import { useControllableState } from '../lib/use-controllable-state';
import { CountBadge } from '../primitives/badge/badge';
import { Button } from '../primitives/button/button';
import { IconButton } from '../primitives/icon-button/icon-button';
import { Popover, PopoverContent, PopoverTrigger } from '../primitives/popover/popover';
import { Spinner } from '../primitives/spinner/spinner';
import { notificationIconVariants, notificationItemVariants } from './notification-center-variants';
import { notificationIcon } from './notification-icon';
import { formatRelativeTime, toTimestamp } from './relative-time';
import { isUnread, type NotificationItem } from './types';

export interface NotificationCenterProps {
  items: readonly NotificationItem[];
  /** The server's unread count; counted from `items` when omitted. */
  unreadCount?: number;
  /** First load: shows 'Carregando…' instead of the list. */
  loading?: boolean;
  /** A refetch is running: the Atualizar button spins and waits. */
  refreshing?: boolean;
  /** The list failed to load: `true` for the default text, or the text to show. */
  error?: boolean | string | null;
  onRefresh?: () => void;
  /** The error state's retry; `onRefresh` when omitted. */
  onRetry?: () => void;
  onMarkAllRead?: () => void;
  onMarkRead?: (item: NotificationItem) => void;
  onRemove?: (item: NotificationItem) => void;
  /** The open button of an item with a link. */
  onOpen?: (item: NotificationItem) => void;
  /** A click (or Enter/Space) on an item; the popover closes and an unread item is marked read. */
  onSelect?: (item: NotificationItem) => void;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The clock for relative times; the real clock (ticking every 30 s while open) when omitted. */
  now?: number | Date;
  align?: 'start' | 'center' | 'end';
  className?: string;
}

/** The header's bell and its popover: spec §2 "Notification dialog". Props in, events out. */
export function NotificationCenter({
  items,
  unreadCount,
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
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  now,
  align = 'end',
  className,
}: NotificationCenterProps) {
  const messages = useMessages();
  const t = messages.notifications;
  const [open, setOpen] = useControllableState({
    prop: openProp,
    defaultProp: defaultOpen,
    onChange: onOpenChange,
  });
  const clock = useClock(now, open);
  const titleId = useId();
  const listRef = useRef<HTMLUListElement>(null);

  const unread = Math.max(0, unreadCount ?? items.filter(isUnread).length);

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
      <PopoverTrigger asChild>
        <IconButton
          label={unread > 0 ? t.triggerWithUnread(unread) : t.trigger}
          data-slot="notification-trigger"
          className={className}
        >
          <BellIcon aria-hidden="true" className="size-5" />
          <CountBadge count={unread} />
        </IconButton>
      </PopoverTrigger>
      <PopoverContent
        data-slot="notification-center"
        aria-labelledby={titleId}
        align={align}
        className="w-[min(24rem,calc(100vw-1rem))] p-0"
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
