import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import { LoaderCircleIcon } from 'lucide-react';
import type * as React from 'react';
import { useEffect, useRef } from 'react';
import { useMessages } from '../i18n/messages-provider';
import { cn } from '../lib/cn';
import { useControllableState } from '../lib/use-controllable-state';
import { Button } from '../primitives/button/button';
import { useConfirmAction } from './use-confirm-action';

/**
 * Where focus goes back to when the dialog closes: the element that had it, or, for an item of a menu that
 * closes as the dialog opens, the button that opened that menu (the menu is labelled by it).
 */
function focusReturnTarget(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  // The dialog's own buttons, still focused while it closes, are never where focus goes back to.
  if (active.closest('[data-slot="confirm-dialog"]')) return null;
  const owner = active.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  const menuButton = owner ? document.getElementById(owner) : null;
  return menuButton ?? active;
}

export interface ConfirmDialogProps {
  /** The element that opens it (rendered as is, e.g. a Button); leave out and control `open` instead. */
  trigger?: React.ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** More content between the description and the buttons (e.g. what will be lost). */
  children?: React.ReactNode;
  /** Default 'Confirmar'. Name the action: "Excluir empresa". */
  confirmLabel?: React.ReactNode;
  /** Default 'Cancelar'. */
  cancelLabel?: React.ReactNode;
  /** `destructive` paints the confirm button red, for what cannot be undone. */
  variant?: 'default' | 'destructive';
  /**
   * What confirming does. While its promise is pending the buttons wait and the dialog stays open; if it rejects,
   * the error's message (or `errorMessage`) shows in the dialog and the person may try again or cancel.
   */
  onConfirm: () => unknown;
  /** Shown when `onConfirm` fails without a message of its own (default 'Não foi possível concluir. Tente novamente.'). */
  errorMessage?: string;
  className?: string;
}

/**
 * Asks before doing something that matters (Radix AlertDialog): focus starts on Cancelar, Escape cancels,
 * and focus returns to what opened it — the trigger, or the element focused before it opened.
 */
export function ConfirmDialog({
  trigger,
  open: openProp,
  defaultOpen,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel,
  variant = 'default',
  onConfirm,
  errorMessage,
  className,
}: ConfirmDialogProps) {
  const messages = useMessages();
  const action = useConfirmAction(errorMessage ?? messages.confirmDialog.failed);
  const [open, setOpenState] = useControllableState({
    prop: openProp,
    defaultProp: defaultOpen ?? false,
    onChange: onOpenChange,
  });
  const returnFocus = useRef<HTMLElement | null>(null);
  // While closed, remember where focus is: a menu item that opens the dialog is gone by the time it opens.
  useEffect(() => {
    if (open || trigger) return;
    const remember = (event: FocusEvent) => {
      returnFocus.current = focusReturnTarget(event.target as Element | null) ?? returnFocus.current;
    };
    returnFocus.current = focusReturnTarget(document.activeElement) ?? returnFocus.current;
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, [open, trigger]);
  const { pending, reset } = action;

  const setOpen = (next: boolean) => {
    // A running action cannot be called back: the dialog waits for it.
    if (!next && pending) return;
    if (next) reset();
    setOpenState(next);
  };

  const confirm = async () => {
    if (await action.run(onConfirm)) setOpenState(false);
  };

  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={setOpen}>
      {trigger ? <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger> : null}
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay
          data-slot="confirm-dialog-overlay"
          className="fixed inset-0 z-50 bg-black/60"
        />
        <AlertDialogPrimitive.Content
          data-slot="confirm-dialog"
          data-variant={variant}
          aria-busy={pending || undefined}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-popover p-6 text-popover-foreground shadow-xl outline-none',
            className,
          )}
          onCloseAutoFocus={(event) => {
            // Without a trigger (opened from a menu or a row), focus goes back to what had it before.
            if (trigger) return;
            event.preventDefault();
            if (returnFocus.current?.isConnected) returnFocus.current.focus();
          }}
        >
          <div className="flex flex-col gap-1.5">
            <AlertDialogPrimitive.Title
              data-slot="confirm-dialog-title"
              className="text-lg leading-snug font-semibold"
            >
              {title}
            </AlertDialogPrimitive.Title>
            {description ? (
              <AlertDialogPrimitive.Description
                data-slot="confirm-dialog-description"
                className="text-sm text-muted-foreground"
              >
                {description}
              </AlertDialogPrimitive.Description>
            ) : null}
          </div>
          {children}
          {action.error ? (
            <p
              role="alert"
              data-slot="confirm-dialog-error"
              className="rounded-md border border-destructive/60 px-3 py-2 text-sm text-destructive"
            >
              {action.error}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel asChild>
              <Button
                variant="outline"
                aria-disabled={pending || undefined}
                className="aria-disabled:opacity-50"
                onClick={(event) => {
                  if (pending) event.preventDefault();
                }}
              >
                {cancelLabel ?? messages.confirmDialog.cancel}
              </Button>
            </AlertDialogPrimitive.Cancel>
            <Button
              data-slot="confirm-dialog-confirm"
              variant={variant === 'destructive' ? 'destructive' : 'default'}
              aria-disabled={pending || undefined}
              className="aria-disabled:opacity-70"
              onClick={() => void confirm()}
            >
              {pending ? <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> : null}
              {confirmLabel ?? messages.confirmDialog.confirm}
            </Button>
          </div>
          <span role="status" className="sr-only">
            {pending ? messages.confirmDialog.pending : ''}
          </span>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
