import * as DialogPrimitive from '@radix-ui/react-dialog';
import { XIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type * as React from 'react';
import { useMessages } from '../i18n/messages-provider';
import { useTasksMessages } from './messages';
import { cn } from '../lib/cn';
import { buttonVariants } from '../primitives/button/button-variants';

export type TaskPanelProps = Omit<React.ComponentProps<typeof DialogPrimitive.Content>, 'title'> & {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The panel's heading, e.g. the task's number and title; names the dialog. */
  title: React.ReactNode;
  /** A line under the title (board and column, say); describes the dialog. */
  description?: React.ReactNode;
  /** Controls beside the close button (a menu of actions, "Abrir em página"). */
  headerActions?: React.ReactNode;
  /** Pinned under the body (a comment box, save buttons). */
  footer?: React.ReactNode;
  /** Accessible name of the close button (default 'Fechar'). */
  closeLabel?: string;
};

/**
 * A side sheet from the right (Radix Dialog): focus moves in and is trapped, Escape and the close button shut
 * it and focus returns to what opened it. Full width on phones. The app fills the body (details, checklist,
 * activity, comments); the body scrolls between a fixed header and footer.
 */
export function TaskPanel({
  open,
  defaultOpen,
  onOpenChange,
  title,
  description,
  headerActions,
  footer,
  closeLabel,
  className,
  children,
  ...props
}: TaskPanelProps) {
  const messages = useMessages();
  const t = useTasksMessages();
  // Opened by the app (a card, a row, a link), not by a Radix trigger: remember what had focus to give it back.
  const returnFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open) return;
    // Focus inside a panel (this one closing, or moving in as it opens) is never a return target.
    const remember = (target: EventTarget | null) => {
      if (
        target instanceof HTMLElement &&
        target !== document.body &&
        !target.closest('[data-slot=task-panel]')
      )
        returnFocus.current = target;
    };
    remember(document.activeElement);
    const onFocusIn = (event: FocusEvent) => remember(event.target);
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [open]);
  return (
    <DialogPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay data-slot="task-panel-overlay" className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content
          data-slot="task-panel"
          className={cn(
            'fixed inset-y-0 right-0 z-50 flex w-full flex-col border-l border-border bg-popover text-popover-foreground shadow-2xl outline-none sm:max-w-xl',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (returnFocus.current?.isConnected) returnFocus.current.focus();
          }}
          {...props}
        >
          <div data-slot="task-panel-header" className="flex items-start gap-2 border-b px-5 py-4">
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <DialogPrimitive.Title className="text-lg leading-snug font-semibold [overflow-wrap:anywhere]">
                {title}
              </DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="text-sm text-muted-foreground">
                  {description}
                </DialogPrimitive.Description>
              ) : null}
            </div>
            {headerActions ? <div className="flex items-center gap-1">{headerActions}</div> : null}
            <DialogPrimitive.Close
              aria-label={closeLabel ?? messages.common.close}
              className={cn(buttonVariants({ variant: 'ghost', size: 'icon-sm' }), 'text-muted-foreground')}
            >
              <XIcon aria-hidden="true" className="size-4" />
            </DialogPrimitive.Close>
          </div>
          <div
            data-slot="task-panel-body"
            role="region"
            aria-label={t.panelBody}
            tabIndex={0}
            className="min-h-0 flex-1 overflow-y-auto px-5 py-4 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
          >
            {children}
          </div>
          {footer ? (
            <div data-slot="task-panel-footer" className="border-t px-5 py-3">
              {footer}
            </div>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
