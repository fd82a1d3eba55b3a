import * as SelectPrimitive from '@radix-ui/react-select';
import { cva, type VariantProps } from 'class-variance-authority';
import { CheckIcon, ChevronDownIcon, ChevronUpIcon } from 'lucide-react';
import type * as React from 'react';
import { useFieldControlProps } from '../field/field-context';
import { useMessages } from '../i18n/messages-provider';
import { controlBase } from '../input/input-variants';
import { cn } from '../lib/cn';

/**
 * Root of a select (Radix): a listbox with typeahead, arrow keys, Home/End and a native <select> for forms
 * (`name`, `required`). Controlled with `value`/`onValueChange`, uncontrolled with `defaultValue`.
 */
export function Select(props: React.ComponentProps<typeof SelectPrimitive.Root>) {
  return <SelectPrimitive.Root data-slot="select" {...props} />;
}

export function SelectGroup(props: React.ComponentProps<typeof SelectPrimitive.Group>) {
  return <SelectPrimitive.Group data-slot="select-group" {...props} />;
}

/** The chosen item's text; shows `placeholder` (default 'Selecione…') while nothing is chosen. */
export function SelectValue({ placeholder, ...props }: React.ComponentProps<typeof SelectPrimitive.Value>) {
  const messages = useMessages();
  return (
    <SelectPrimitive.Value
      data-slot="select-value"
      placeholder={placeholder ?? messages.select.placeholder}
      {...props}
    />
  );
}

export const selectTriggerVariants = cva(
  [
    ...controlBase,
    'flex items-center justify-between gap-2 px-3 py-2 whitespace-nowrap',
    'data-[placeholder]:text-muted-foreground [&>span]:line-clamp-1 [&>span]:text-left',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: { size: { sm: 'h-8 text-xs', default: 'h-9' } },
    defaultVariants: { size: 'default' },
  },
);

export type SelectTriggerProps = React.ComponentProps<typeof SelectPrimitive.Trigger> &
  VariantProps<typeof selectTriggerVariants>;

/** The button that opens the list; inside a Field it takes the field's label, description and state. */
export function SelectTrigger({ className, size, children, ...props }: SelectTriggerProps) {
  const wired = useFieldControlProps(props);
  return (
    <SelectPrimitive.Trigger
      data-slot="select-trigger"
      className={cn(selectTriggerVariants({ size }), className)}
      {...wired}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDownIcon aria-hidden="true" className="size-4 opacity-60" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

/** The list, portalled into document.body and placed under the trigger (its width at least). */
export function SelectContent({
  className,
  children,
  position = 'popper',
  sideOffset = 4,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        data-slot="select-content"
        position={position}
        sideOffset={position === 'popper' ? sideOffset : undefined}
        className={cn(
          'relative z-50 max-h-(--radix-select-content-available-height) min-w-32 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-lg shadow-black/40',
          position === 'popper' && 'w-full min-w-(--radix-select-trigger-width)',
          className,
        )}
        {...props}
      >
        <SelectScrollButton direction="up" />
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
        <SelectScrollButton direction="down" />
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectLabel({ className, ...props }: React.ComponentProps<typeof SelectPrimitive.Label>) {
  return (
    <SelectPrimitive.Label
      data-slot="select-label"
      className={cn('px-2 py-1.5 text-xs text-muted-foreground', className)}
      {...props}
    />
  );
}

export function SelectItem({
  className,
  children,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      data-slot="select-item"
      className={cn(
        'relative flex w-full cursor-default items-center gap-2 rounded-sm py-1.5 pr-8 pl-2 text-sm outline-none select-none',
        'data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground',
        'data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <span className="absolute right-2 flex size-3.5 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <CheckIcon aria-hidden="true" className="size-4" />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}

export function SelectSeparator({
  className,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Separator>) {
  return (
    <SelectPrimitive.Separator
      data-slot="select-separator"
      className={cn('pointer-events-none -mx-1 my-1 h-px bg-border', className)}
      {...props}
    />
  );
}

const SCROLL_BUTTONS = {
  up: { Part: SelectPrimitive.ScrollUpButton, Icon: ChevronUpIcon, slot: 'select-scroll-up-button' },
  down: { Part: SelectPrimitive.ScrollDownButton, Icon: ChevronDownIcon, slot: 'select-scroll-down-button' },
};

/** The arrow a long list shows at its top or bottom edge; hovering it scrolls the list. */
function SelectScrollButton({ direction }: { direction: keyof typeof SCROLL_BUTTONS }) {
  const { Part, Icon, slot } = SCROLL_BUTTONS[direction];
  return (
    <Part data-slot={slot} className="flex cursor-default items-center justify-center py-1">
      <Icon aria-hidden="true" className="size-4" />
    </Part>
  );
}
