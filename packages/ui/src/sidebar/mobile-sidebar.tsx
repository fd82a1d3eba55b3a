import * as DialogPrimitive from '@radix-ui/react-dialog';
import { XIcon } from 'lucide-react';
import { useRef } from 'react';
import { useMessages } from '../i18n/messages-provider';
import { cn } from '../lib/cn';
import { IconButton } from '../primitives/icon-button/icon-button';
import { SidebarPanel, type SidebarPanelProps } from './sidebar-panel';

export type MobileSidebarProps = Omit<SidebarPanelProps, 'collapsed' | 'onNavigate' | 'closeButton'> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className: string | undefined;
};

/**
 * The Sidebar below 768 px: a modal overlay (Radix Dialog: focus trap, Escape, aria-modal, the backdrop
 * closes it). A chunk of its own, loaded on the first opening, so a desktop page never fetches Radix Dialog.
 */
export function MobileSidebar({ open, onOpenChange, className, ...panel }: MobileSidebarProps) {
  const messages = useMessages();
  // The overlay has no Radix trigger (the header's menu button opens it), so focus return is done here.
  const returnFocusRef = useRef<HTMLElement | null>(null);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
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
            onNavigate={() => onOpenChange(false)}
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
