import { cva, type VariantProps } from 'class-variance-authority';
import { CheckIcon, ChevronDownIcon, LoaderCircleIcon, XIcon } from 'lucide-react';
import type * as React from 'react';
import { useContext, useMemo, useRef } from 'react';
import { FieldContext, useFieldControlProps } from '../field/field-context';
import { useMessages } from '../i18n/messages-provider';
import { controlBase } from '../input/input-variants';
import { cn } from '../lib/cn';
import { composeRefs } from '../lib/compose-refs';
import { Popover, PopoverAnchor, PopoverContent } from '../primitives/popover/popover';
import type { ComboboxOption } from './combobox-options';
import { useCombobox, type ComboboxFilter } from './use-combobox';

export const comboboxVariants = cva(
  [
    ...controlBase,
    'relative flex flex-wrap items-center gap-1 py-1 pr-16 pl-1.5',
    'has-[input:focus-visible]:border-ring has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring/50',
    'has-[input[aria-invalid=true]]:border-destructive has-[input:disabled]:cursor-not-allowed has-[input:disabled]:opacity-50',
  ],
  {
    variants: { size: { sm: 'min-h-8 text-xs', default: 'min-h-9' } },
    defaultVariants: { size: 'default' },
  },
);

interface ComboboxBaseProps extends VariantProps<typeof comboboxVariants> {
  options: readonly ComboboxOption[];
  /** Called with what the person types ('' when the search ends): fetch matching options from here. */
  onSearchChange?: (query: string) => void;
  /** `true` (default): filter `options` by what is typed; `false` when `options` come filtered from a server. */
  filter?: ComboboxFilter;
  /** Options are on their way: the list says 'Carregando…'. */
  loading?: boolean;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  placeholder?: string;
  /** The text when nothing matches (default 'Nenhum resultado'). */
  emptyText?: React.ReactNode;
  loadingText?: React.ReactNode;
  disabled?: boolean;
  /** Submitted with a form: one hidden input per chosen value. */
  name?: string;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: React.AriaAttributes['aria-invalid'];
  'aria-required'?: React.AriaAttributes['aria-required'];
  /** The text input, e.g. for react-hook-form's `field.ref` (focus on error). */
  ref?: React.Ref<HTMLInputElement>;
  onBlur?: React.FocusEventHandler<HTMLInputElement>;
}

export interface ComboboxSingleProps extends ComboboxBaseProps {
  multiple?: false;
  value?: string | null;
  defaultValue?: string | null;
  onValueChange?: (value: string | null) => void;
}

export interface ComboboxMultipleProps extends ComboboxBaseProps {
  multiple: true;
  value?: string[];
  defaultValue?: string[];
  onValueChange?: (value: string[]) => void;
}

export type ComboboxProps = ComboboxSingleProps | ComboboxMultipleProps;

const scrollIntoView = (node: HTMLElement | null) => node?.scrollIntoView?.({ block: 'nearest' });

const asList = (value: string | string[] | null | undefined) =>
  value === undefined ? undefined : value === null ? [] : Array.isArray(value) ? value : [value];

/**
 * An autocomplete: a text input that filters a list of options (the WAI-ARIA combobox pattern), choosing one
 * value or, with `multiple`, several shown as removable chips. Options may come from a server: pass
 * `filter={false}`, `loading` and fetch in `onSearchChange`.
 */
export function Combobox(props: ComboboxProps) {
  const {
    options,
    onSearchChange,
    filter = true,
    loading = false,
    open,
    defaultOpen,
    onOpenChange,
    placeholder,
    emptyText,
    loadingText,
    name,
    size,
    className,
    ref,
    onBlur,
  } = props;
  const multiple = props.multiple === true;
  const messages = useMessages();
  const field = useContext(FieldContext);
  const wired = useFieldControlProps({
    id: props.id,
    disabled: props.disabled,
    'aria-describedby': props['aria-describedby'],
    'aria-invalid': props['aria-invalid'],
    'aria-required': props['aria-required'],
    'aria-labelledby': props['aria-labelledby'],
  });
  const disabled = wired.disabled ?? false;
  const combobox = useCombobox({
    options,
    multiple,
    values: asList(props.value),
    defaultValues: asList(props.defaultValue) ?? [],
    onValuesChange: (next) => {
      if (props.multiple) props.onValueChange?.(next);
      else props.onValueChange?.(next[0] ?? null);
    },
    onSearchChange,
    open,
    defaultOpen,
    onOpenChange,
    filter,
    disabled,
  });
  const anchorRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const inputRefs = useMemo(() => composeRefs(ref, inputRef), [ref]);
  const { activeIndex, listboxId, optionId, visible, values } = combobox;

  const labelledBy = props['aria-labelledby'] ?? (field ? field.labelId : undefined);
  const status = loading
    ? (loadingText ?? messages.combobox.loading)
    : visible.length === 0
      ? (emptyText ?? messages.combobox.empty)
      : null;
  const insideAnchor = (target: EventTarget | null) =>
    target instanceof Node && anchorRef.current?.contains(target) === true;

  return (
    <Popover open={combobox.open} onOpenChange={(next) => combobox.setOpen(next)}>
      <PopoverAnchor asChild>
        <div
          ref={anchorRef}
          data-slot="combobox"
          data-state={combobox.open ? 'open' : 'closed'}
          data-disabled={disabled || undefined}
          className={cn(comboboxVariants({ size }), className)}
          // A click in the input opens the list; elsewhere in the box (not on a chip's button) it toggles it.
          onMouseDown={(event) => {
            if (disabled || (event.target as Element).closest('button')) return;
            if (event.target === inputRef.current) {
              if (!combobox.open) combobox.setOpen(true);
              return;
            }
            event.preventDefault();
            inputRef.current?.focus();
            combobox.setOpen(!combobox.open);
          }}
        >
          {multiple
            ? values.map((value) => (
                <span
                  key={value}
                  data-slot="combobox-chip"
                  className="inline-flex max-w-full items-center gap-0.5 rounded-sm bg-secondary py-0.5 pr-0.5 pl-2 text-xs text-secondary-foreground"
                >
                  <span className="truncate">{combobox.labelOf(value)}</span>
                  <button
                    type="button"
                    disabled={disabled}
                    aria-label={messages.combobox.remove(combobox.labelOf(value))}
                    className="inline-flex size-5 items-center justify-center rounded-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                    onClick={() => {
                      combobox.remove(value);
                      inputRef.current?.focus();
                    }}
                  >
                    <XIcon aria-hidden="true" className="size-3" />
                  </button>
                </span>
              ))
            : null}
          <input
            ref={inputRefs}
            data-slot="combobox-input"
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={combobox.open}
            aria-controls={combobox.open ? listboxId : undefined}
            aria-activedescendant={combobox.open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
            aria-label={props['aria-label']}
            {...wired}
            placeholder={
              multiple && values.length > 0 ? undefined : (placeholder ?? messages.combobox.placeholder)
            }
            value={combobox.inputValue}
            onChange={combobox.onInputChange}
            onKeyDown={combobox.onInputKeyDown}
            onBlur={onBlur}
            className="h-7 min-w-16 flex-1 bg-transparent px-1.5 outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
          />
          <span className="absolute top-1/2 right-1 flex -translate-y-1/2 items-center">
            {values.length > 0 && !disabled ? (
              <button
                type="button"
                aria-label={messages.combobox.clear}
                className="inline-flex size-7 items-center justify-center rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                onClick={() => {
                  combobox.clear();
                  inputRef.current?.focus();
                }}
              >
                <XIcon aria-hidden="true" className="size-4" />
              </button>
            ) : null}
            <ChevronDownIcon aria-hidden="true" className="mx-1.5 size-4 text-muted-foreground" />
          </span>
          {name ? values.map((value) => <input key={value} type="hidden" name={name} value={value} />) : null}
        </div>
      </PopoverAnchor>
      <PopoverContent
        role="presentation"
        align="start"
        sideOffset={4}
        className="w-(--radix-popover-trigger-width) min-w-48 p-0"
        // Focus stays in the input: the list is driven through aria-activedescendant.
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
        onInteractOutside={(event) => {
          if (insideAnchor(event.target)) event.preventDefault();
        }}
      >
        <div
          id={listboxId}
          role="listbox"
          data-slot="combobox-list"
          aria-multiselectable={multiple || undefined}
          aria-labelledby={labelledBy}
          aria-label={labelledBy ? undefined : props['aria-label']}
          aria-busy={loading || undefined}
          className={cn('max-h-64 overflow-y-auto p-1', visible.length === 0 && 'hidden')}
        >
          {visible.map((option, index) => {
            const chosen = values.includes(option.value);
            return (
              <div
                key={option.value}
                id={optionId(index)}
                // The active option scrolls into view as the arrows move through a long list.
                ref={index === activeIndex ? scrollIntoView : undefined}
                role="option"
                data-slot="combobox-option"
                // Multi-select: aria-selected is the choice. Single-select: it follows the active option (APG).
                aria-selected={multiple ? chosen : index === activeIndex}
                aria-disabled={option.disabled || undefined}
                data-active={index === activeIndex || undefined}
                data-state={chosen ? 'checked' : 'unchecked'}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => {
                  if (index !== activeIndex && !option.disabled) combobox.setActiveIndex(index);
                }}
                onClick={() => combobox.choose(option)}
                className={cn(
                  'relative flex cursor-default items-start gap-2 rounded-sm py-1.5 pr-2 pl-8 text-sm select-none',
                  'data-[active]:bg-accent data-[active]:text-accent-foreground',
                  'aria-disabled:pointer-events-none aria-disabled:opacity-50',
                )}
              >
                <span className="absolute top-2 left-2 flex size-4 items-center justify-center">
                  {chosen ? <CheckIcon aria-hidden="true" className="size-4" /> : null}
                </span>
                <span className="flex min-w-0 flex-col">
                  <span className="truncate">{option.label}</span>
                  {option.description ? (
                    <span className="truncate text-xs text-muted-foreground">{option.description}</span>
                  ) : null}
                </span>
              </div>
            );
          })}
        </div>
        <div
          role="status"
          data-slot="combobox-status"
          className={cn('px-3 py-2 text-sm text-muted-foreground', status === null && 'sr-only')}
        >
          {loading ? (
            <LoaderCircleIcon aria-hidden="true" className="mr-2 inline size-4 animate-spin align-[-3px]" />
          ) : null}
          {status}
        </div>
      </PopoverContent>
    </Popover>
  );
}
