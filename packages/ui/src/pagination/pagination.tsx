import { ChevronLeftIcon, ChevronRightIcon, EllipsisIcon } from 'lucide-react';
import type * as React from 'react';
import { useMessages } from '../i18n/messages-provider';
import { cn } from '../lib/cn';
import { defaultRenderLink, type RenderLink } from '../lib/render-link';
import { buttonVariants } from '../primitives/button/button-variants';
import { clampPage, pageCountOf, paginationRange } from './pagination-range';

export type PaginationProps = Omit<React.ComponentProps<'nav'>, 'children'> & {
  /** The current page, from 1. */
  page: number;
  /** How many pages there are; or give `total` and `pageSize`. */
  pageCount?: number;
  total?: number;
  pageSize?: number;
  /** Called with the page to show (buttons). */
  onPageChange?: (page: number) => void;
  /** Makes every page a link (bookmarkable lists); rendered through `renderLink`. */
  getPageHref?: (page: number) => string;
  renderLink?: RenderLink;
  /** Pages shown each side of the current one (default 1). */
  siblings?: number;
  /** Always the short form ("Anterior · Página 2 de 9 · Próxima"); by default only phones get it. */
  compact?: boolean;
};

// aria-disabled rather than disabled: a button turning disabled under the keyboard would drop its focus.
const itemClass = cn(
  buttonVariants({ variant: 'ghost', size: 'sm' }),
  'min-w-8 px-2 tabular-nums aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent',
);
const currentClass = 'border border-input bg-accent text-accent-foreground';

/**
 * Page navigation: Anterior, numbered pages with ellipses, Próxima. Pages are buttons (`onPageChange`) or links
 * (`getPageHref` + `renderLink`). On phones it shortens to "Página 2 de 9" between the two arrows.
 */
export function Pagination({
  page,
  pageCount,
  total,
  pageSize,
  onPageChange,
  getPageHref,
  renderLink = defaultRenderLink,
  siblings = 1,
  compact = false,
  className,
  ...props
}: PaginationProps) {
  const messages = useMessages();
  const count = pageCount ?? pageCountOf(total ?? 0, pageSize ?? 1);
  const current = clampPage(page, count);

  const control = (
    target: number,
    children: React.ReactNode,
    {
      disabled = false,
      isCurrent = false,
      className: extra,
    }: { disabled?: boolean; isCurrent?: boolean; className?: string } = {},
  ) => {
    const className = cn(itemClass, isCurrent && currentClass, extra);
    if (getPageHref) {
      if (disabled) {
        return (
          <a role="link" aria-disabled="true" className={className}>
            {children}
          </a>
        );
      }
      return renderLink({
        href: getPageHref(target),
        className,
        children,
        ...(isCurrent ? { 'aria-current': 'page' as const } : {}),
      });
    }
    return (
      <button
        type="button"
        className={className}
        aria-disabled={disabled || undefined}
        aria-current={isCurrent ? 'page' : undefined}
        onClick={() => {
          if (!disabled && !isCurrent) onPageChange?.(target);
        }}
      >
        {children}
      </button>
    );
  };

  return (
    <nav
      data-slot="pagination"
      aria-label={messages.pagination.label}
      className={cn('flex justify-center', className)}
      {...props}
    >
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {control(
            current - 1,
            <>
              <ChevronLeftIcon aria-hidden="true" />
              <span>{messages.pagination.previous}</span>
            </>,
            { disabled: current <= 1, className: 'px-2.5' },
          )}
        </li>
        {paginationRange(current, count, siblings).map((item) => (
          <li key={item} className={cn(compact ? 'hidden' : 'hidden md:block')}>
            {typeof item === 'number' ? (
              control(
                item,
                <>
                  <span className="sr-only">{messages.pagination.page(item)}</span>
                  <span aria-hidden="true">{item.toLocaleString('pt-BR')}</span>
                </>,
                { isCurrent: item === current },
              )
            ) : (
              <span
                aria-hidden="true"
                className="flex size-8 items-center justify-center text-muted-foreground"
              >
                <EllipsisIcon className="size-4" />
              </span>
            )}
          </li>
        ))}
        <li
          data-slot="pagination-summary"
          className={cn('px-2 text-sm text-muted-foreground tabular-nums', !compact && 'md:hidden')}
        >
          {messages.pagination.pageOf(current, count)}
        </li>
        <li>
          {control(
            current + 1,
            <>
              <span>{messages.pagination.next}</span>
              <ChevronRightIcon aria-hidden="true" />
            </>,
            { disabled: current >= count, className: 'px-2.5' },
          )}
        </li>
      </ul>
    </nav>
  );
}
