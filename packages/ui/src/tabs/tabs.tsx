import * as TabsPrimitive from '@radix-ui/react-tabs';
import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { createContext, useContext } from 'react';
import { cn } from '../lib/cn';
import { defaultRenderLink, type RenderLink } from '../lib/render-link';

type TabsVariant = NonNullable<VariantProps<typeof tabsListVariants>['variant']>;

interface TabsContextValue {
  renderLink: RenderLink;
  variant: TabsVariant;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabsContext(): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error('Tabs parts must be used inside <Tabs>');
  return context;
}

export type TabsProps = React.ComponentProps<typeof TabsPrimitive.Root> & {
  /** Renders triggers that have an `href` (default: a plain <a>); pass your router's Link. */
  renderLink?: RenderLink;
};

/**
 * Tabs (Radix): arrow keys move between triggers, Home/End jump, the panel follows. Controlled with
 * `value`/`onValueChange`. A router can drive them: give each trigger an `href`, set `value` from the
 * current path, and the triggers render as links (activated by Enter or Space, so arrows only move focus).
 */
export function Tabs({ className, renderLink = defaultRenderLink, ...props }: TabsProps) {
  return (
    <TabsContext.Provider value={{ renderLink, variant: 'default' }}>
      <TabsPrimitive.Root data-slot="tabs" className={cn('flex flex-col gap-3', className)} {...props} />
    </TabsContext.Provider>
  );
}

export const tabsListVariants = cva(
  'inline-flex w-fit max-w-full items-center overflow-x-auto text-muted-foreground',
  {
    variants: {
      variant: {
        /** A segmented control on a muted track. */
        default: 'h-9 gap-1 rounded-lg bg-secondary/60 p-1',
        /** Underlined tabs on a rule (page sections, filters). */
        line: 'h-10 w-full justify-start gap-1 border-b',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type TabsListProps = React.ComponentProps<typeof TabsPrimitive.List> &
  VariantProps<typeof tabsListVariants>;

export function TabsList({ className, variant, ...props }: TabsListProps) {
  const context = useTabsContext();
  return (
    <TabsContext.Provider value={{ ...context, variant: variant ?? 'default' }}>
      <TabsPrimitive.List
        data-slot="tabs-list"
        data-variant={variant ?? 'default'}
        className={cn(tabsListVariants({ variant }), className)}
        {...props}
      />
    </TabsContext.Provider>
  );
}

export const tabsTriggerVariants = cva(
  [
    'inline-flex shrink-0 items-center justify-center gap-1.5 px-3 text-sm font-medium whitespace-nowrap transition-colors',
    'outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50',
    'hover:text-foreground data-[state=active]:text-foreground',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        default: 'h-full rounded-md data-[state=active]:bg-background data-[state=active]:shadow-sm',
        line: '-mb-px h-full rounded-t-md border-b-2 border-transparent hover:bg-accent/60 focus-visible:ring-inset data-[state=active]:border-primary',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type TabsTriggerProps = React.ComponentProps<typeof TabsPrimitive.Trigger> & {
  /** Makes the trigger a link to this URL, rendered through the Tabs' `renderLink`. */
  href?: string;
};

export function TabsTrigger({ className, href, children, onKeyDown, ...props }: TabsTriggerProps) {
  const { renderLink, variant } = useTabsContext();
  const classes = cn(tabsTriggerVariants({ variant }), className);
  if (href === undefined) {
    return (
      <TabsPrimitive.Trigger data-slot="tabs-trigger" className={classes} onKeyDown={onKeyDown} {...props}>
        {children}
      </TabsPrimitive.Trigger>
    );
  }
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      asChild
      {...props}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        // A link follows itself on Enter; Space would only scroll the page, so it follows the link too.
        if (event.key === ' ' && !event.defaultPrevented) {
          event.preventDefault();
          event.currentTarget.click();
        }
      }}
    >
      <Slot className={classes}>{renderLink({ href, children })}</Slot>
    </TabsPrimitive.Trigger>
  );
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn('flex-1 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}
      {...props}
    />
  );
}
