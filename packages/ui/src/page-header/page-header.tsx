import { ChevronRightIcon } from 'lucide-react';
import type * as React from 'react';
import { useMessages } from '../i18n/messages-provider';
import { cn } from '../lib/cn';
import { defaultRenderLink, type RenderLink } from '../lib/render-link';

export interface BreadcrumbItem {
  label: string;
  /** Omitted on the current page (the last item). */
  href?: string;
}

export type PageHeaderProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Buttons or links for the page (e.g. "Nova empresa"); they wrap under the title on phones. */
  actions?: React.ReactNode;
  /** The trail to this page; the last item is the current page. */
  breadcrumbs?: readonly BreadcrumbItem[];
  renderLink?: RenderLink;
};

/** The top of a module page: optional breadcrumbs, the page's <h1>, a description and the page's actions. */
export function PageHeader({
  title,
  description,
  actions,
  breadcrumbs,
  renderLink = defaultRenderLink,
  className,
  ...props
}: PageHeaderProps) {
  return (
    <div data-slot="page-header" className={cn('flex flex-col gap-2', className)} {...props}>
      {breadcrumbs && breadcrumbs.length > 0 ? (
        <Breadcrumbs items={breadcrumbs} renderLink={renderLink} />
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h1
            data-slot="page-header-title"
            className="text-2xl leading-tight font-semibold tracking-tight break-words"
          >
            {title}
          </h1>
          {description ? (
            <p data-slot="page-header-description" className="text-sm text-muted-foreground">
              {description}
            </p>
          ) : null}
        </div>
        {actions ? (
          <div data-slot="page-header-actions" className="flex shrink-0 flex-wrap items-center gap-2">
            {actions}
          </div>
        ) : null}
      </div>
    </div>
  );
}

export interface BreadcrumbsProps extends Omit<React.ComponentProps<'nav'>, 'children'> {
  items: readonly BreadcrumbItem[];
  renderLink?: RenderLink;
}

/** A breadcrumb trail ('Trilha de navegação'); the last item is marked as the current page. */
export function Breadcrumbs({
  items,
  renderLink = defaultRenderLink,
  className,
  ...props
}: BreadcrumbsProps) {
  const messages = useMessages();
  return (
    <nav
      data-slot="breadcrumbs"
      aria-label={messages.pageHeader.breadcrumbs}
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    >
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => {
          const current = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`} className="inline-flex items-center gap-1">
              {item.href && !current ? (
                renderLink({
                  href: item.href,
                  className:
                    'rounded-sm hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring outline-none',
                  children: item.label,
                })
              ) : (
                <span
                  aria-current={current ? 'page' : undefined}
                  className={cn(current && 'text-foreground')}
                >
                  {item.label}
                </span>
              )}
              {current ? null : <ChevronRightIcon aria-hidden="true" className="size-3.5" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
