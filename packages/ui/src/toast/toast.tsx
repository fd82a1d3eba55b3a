import {
  CircleAlertIcon,
  CircleCheckIcon,
  InfoIcon,
  LoaderCircleIcon,
  TriangleAlertIcon,
  XIcon,
} from 'lucide-react';
import type * as React from 'react';
import { createContext, useContext } from 'react';
import {
  Toaster as Sonner,
  toast as sonnerToast,
  type ExternalToast,
  type ToasterProps as SonnerProps,
} from 'sonner';
import { useMessages } from '../i18n/messages-provider';
import { cn } from '../lib/cn';
import { defaultRenderLink, type RenderLink } from '../lib/render-link';
import { buttonVariants } from '../primitives/button/button-variants';

const ToastLinkContext = createContext<RenderLink | null>(null);

/** The link inside a toast, rendered through the Toaster's `renderLink` (your router's Link). */
function ToastLink({ href, label }: { href: string; label: React.ReactNode }) {
  const renderLink = useContext(ToastLinkContext) ?? defaultRenderLink;
  return renderLink({
    href,
    className: cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'ml-auto'),
    children: label,
  });
}

export type ToasterProps = Omit<SonnerProps, 'theme' | 'icons' | 'toastOptions' | 'containerAriaLabel'> & {
  /** Renders links given to `toast(…, { link })`; pass one that returns your router's Link. */
  renderLink?: RenderLink;
};

const TOAST_CLASSES = {
  toast: cn(
    'flex w-(--width) items-start gap-3 rounded-lg border bg-popover p-4 text-popover-foreground shadow-lg shadow-black/40',
    'focus-visible:ring-2 focus-visible:ring-ring outline-none',
  ),
  content: 'flex min-w-0 flex-1 flex-col gap-0.5',
  title: 'text-sm font-medium',
  description: 'text-sm text-muted-foreground',
  icon: 'mt-0.5 flex shrink-0 [&_svg]:size-4',
  success: '[&_[data-icon]]:text-success',
  error: '[&_[data-icon]]:text-destructive',
  info: '[&_[data-icon]]:text-info',
  warning: '[&_[data-icon]]:text-warning',
  actionButton: cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'ml-auto'),
  cancelButton: buttonVariants({ variant: 'ghost', size: 'sm' }),
  closeButton: cn(
    buttonVariants({ variant: 'ghost', size: 'icon-sm' }),
    'absolute top-1.5 right-1.5 size-7 text-muted-foreground',
  ),
};

/**
 * Where toasts appear (sonner, styled with the theme's variables). Mount it once near the root. Toasts are
 * announced politely (a live region named 'Avisos'), pause while hovered or focused, are reached with Alt+T,
 * and lose their motion under prefers-reduced-motion.
 */
export function Toaster({ renderLink, position = 'bottom-right', className, ...props }: ToasterProps) {
  const messages = useMessages();
  return (
    <ToastLinkContext.Provider value={renderLink ?? null}>
      <Sonner
        theme="dark"
        position={position}
        containerAriaLabel={messages.toast.region}
        className={cn('toaster', className)}
        icons={{
          success: <CircleCheckIcon aria-hidden="true" />,
          error: <CircleAlertIcon aria-hidden="true" />,
          info: <InfoIcon aria-hidden="true" />,
          warning: <TriangleAlertIcon aria-hidden="true" />,
          loading: <LoaderCircleIcon aria-hidden="true" className="animate-spin" />,
          close: <XIcon aria-hidden="true" className="size-4" />,
        }}
        toastOptions={{
          unstyled: true,
          classNames: TOAST_CLASSES,
          closeButtonAriaLabel: messages.toast.close,
        }}
        {...props}
      />
    </ToastLinkContext.Provider>
  );
}

export type ToastOptions = ExternalToast & {
  /** A link instead of an action button, e.g. `{ href: '/companies/7', label: 'Abrir' }`. */
  link?: { href: string; label: React.ReactNode };
};

function withLink({ link, ...options }: ToastOptions = {}): ExternalToast {
  if (!link) return options;
  return { ...options, action: <ToastLink href={link.href} label={link.label} /> };
}

type ToastFn = (message: React.ReactNode, options?: ToastOptions) => string | number;

/**
 * Shows a toast: `toast('Salvo')`, `toast.success('Empresa criada', { link: { href, label: 'Abrir' } })`,
 * `toast.error('Não foi possível salvar', { description })`, `toast.info(…, { action: { label, onClick } })`.
 */
export const toast: ToastFn & {
  success: ToastFn;
  error: ToastFn;
  info: ToastFn;
  warning: ToastFn;
  loading: ToastFn;
  dismiss: (id?: string | number) => string | number;
  promise: typeof sonnerToast.promise;
} = Object.assign(
  (message: React.ReactNode, options?: ToastOptions) => sonnerToast(message, withLink(options)),
  {
    success: (message: React.ReactNode, options?: ToastOptions) =>
      sonnerToast.success(message, withLink(options)),
    error: (message: React.ReactNode, options?: ToastOptions) =>
      sonnerToast.error(message, withLink(options)),
    info: (message: React.ReactNode, options?: ToastOptions) => sonnerToast.info(message, withLink(options)),
    warning: (message: React.ReactNode, options?: ToastOptions) =>
      sonnerToast.warning(message, withLink(options)),
    loading: (message: React.ReactNode, options?: ToastOptions) =>
      sonnerToast.loading(message, withLink(options)),
    dismiss: (id?: string | number) => sonnerToast.dismiss(id),
    promise: sonnerToast.promise,
  },
);
