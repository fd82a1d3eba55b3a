import type * as React from 'react';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useControllableState } from '../lib/use-controllable-state';
import { nextEnabledIndex, optionMatches, toggleValue, type ComboboxOption } from './combobox-options';

export type ComboboxFilter = boolean | ((option: ComboboxOption, query: string) => boolean);

export interface UseComboboxParams {
  options: readonly ComboboxOption[];
  multiple: boolean;
  /** The chosen values (one at most unless `multiple`); `undefined` leaves them uncontrolled. */
  values: string[] | undefined;
  defaultValues: string[];
  onValuesChange: (values: string[]) => void;
  /** Called with what the person types ('' once the search ends), e.g. to fetch options from a server. */
  onSearchChange?: ((query: string) => void) | undefined;
  open?: boolean | undefined;
  defaultOpen?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
  /** `true`: filter by label and description; `false`: the options arrive filtered (a server search). */
  filter: ComboboxFilter;
  disabled?: boolean | undefined;
}

function visibleOptions(options: readonly ComboboxOption[], filter: ComboboxFilter, query: string) {
  if (filter === false || !query.trim()) return options;
  const matches = filter === true ? optionMatches : filter;
  return options.filter((option) => matches(option, query));
}

/**
 * The behaviour of an editable combobox with a listbox popup (WAI-ARIA APG "list autocomplete with automatic
 * selection"): typing filters, opens the list and makes the first match active; arrows move the active option
 * (aria-activedescendant: focus stays in the input); Enter chooses; Escape closes; Backspace in an empty
 * multi-select input removes the last choice. A single-select input shows the chosen label whenever the person
 * is not typing; leaving it emptied clears the choice.
 */
export function useCombobox({
  options,
  multiple,
  values: valuesProp,
  defaultValues,
  onValuesChange,
  onSearchChange,
  open: openProp,
  defaultOpen,
  onOpenChange,
  filter,
  disabled,
}: UseComboboxParams) {
  const listboxId = `combobox-${useId()}`;
  const [values, setValues] = useControllableState<string[]>({
    prop: valuesProp,
    defaultProp: defaultValues,
    onChange: onValuesChange,
  });
  const [open, setOpenState] = useControllableState({
    prop: openProp,
    defaultProp: defaultOpen ?? false,
    onChange: onOpenChange,
  });

  // Labels of every option seen, so a chosen value keeps its label after a server search replaces the options.
  const labels = useRef(new Map<string, string>());
  for (const option of options) labels.current.set(option.value, option.label);
  const labelOf = useCallback((value: string) => labels.current.get(value) ?? value, []);

  // `typed` is what the person typed since the last choice or close; null while nothing is being searched.
  const [typed, setTyped] = useState<string | null>(null);
  const reported = useRef('');
  const search = useCallback(
    (text: string | null) => {
      setTyped(text);
      const query = text ?? '';
      if (query !== reported.current) {
        reported.current = query;
        onSearchChange?.(query);
      }
    },
    [onSearchChange],
  );

  const query = typed ?? '';
  const inputValue = typed ?? (multiple || values[0] === undefined ? '' : labelOf(values[0]));
  const visible = useMemo(() => visibleOptions(options, filter, query), [options, filter, query]);

  const [activeIndex, setActiveIndex] = useState(-1);
  // While searching, the first match is active until the arrows pick another, including matches that arrive
  // later from a server; an index the list no longer has falls back the same way.
  const active =
    activeIndex >= 0 && activeIndex < visible.length
      ? activeIndex
      : typed !== null
        ? nextEnabledIndex(visible, -1, 1)
        : -1;

  const setOpen = useCallback(
    (next: boolean, focus: 'first' | 'last' | 'selected' | 'none' = 'selected') => {
      if (disabled && next) return;
      setOpenState(next);
      if (!next) {
        setActiveIndex(-1);
        if (typed !== null) {
          if (!multiple && !typed.trim() && values.length > 0) setValues([]);
          search(null);
        }
        return;
      }
      const chosen = visible.findIndex((option) => values.includes(option.value));
      if (focus === 'none') setActiveIndex(-1);
      else if (focus === 'selected' && chosen >= 0 && !visible[chosen]?.disabled) setActiveIndex(chosen);
      else setActiveIndex(nextEnabledIndex(visible, -1, focus === 'last' ? -1 : 1));
    },
    [disabled, setOpenState, typed, multiple, values, setValues, search, visible],
  );

  const choose = useCallback(
    (option: ComboboxOption) => {
      if (option.disabled) return;
      labels.current.set(option.value, option.label);
      search(null);
      if (multiple) {
        setValues((current) => toggleValue(current, option.value));
        return;
      }
      setValues([option.value]);
      setOpenState(false);
      setActiveIndex(-1);
    },
    [multiple, search, setValues, setOpenState],
  );

  const remove = useCallback(
    (value: string) => setValues((current) => current.filter((v) => v !== value)),
    [setValues],
  );

  const clear = useCallback(() => {
    setValues([]);
    search(null);
  }, [setValues, search]);

  const onInputChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    search(text);
    if (!open && !disabled) setOpenState(true);
    setActiveIndex(-1);
  };

  const onInputKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (disabled || event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true, event.altKey ? 'none' : 'selected');
        else setActiveIndex(nextEnabledIndex(visible, active, 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true, 'last');
        else setActiveIndex(nextEnabledIndex(visible, active, -1));
        break;
      case 'Enter': {
        const option = open && active >= 0 ? visible[active] : undefined;
        if (option) {
          // Choosing must not submit the form around it.
          event.preventDefault();
          choose(option);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        } else if (typed !== null) search(null);
        break;
      case 'Tab':
        if (open) setOpen(false);
        break;
      case 'Backspace':
        if (multiple && inputValue === '' && values.length > 0) remove(values[values.length - 1]!);
        break;
    }
  };

  return {
    listboxId,
    optionId: (index: number) => `${listboxId}-option-${index}`,
    open,
    setOpen,
    values,
    labelOf,
    inputValue,
    visible,
    activeIndex: active,
    setActiveIndex,
    choose,
    remove,
    clear,
    onInputChange,
    onInputKeyDown,
  };
}
