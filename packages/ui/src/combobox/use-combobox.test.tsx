// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import type * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ComboboxOption } from './combobox-options';
import { useCombobox, type UseComboboxParams } from './use-combobox';

const OPTIONS: ComboboxOption[] = [
  { value: 'sp', label: 'São Paulo' },
  { value: 'rj', label: 'Rio de Janeiro' },
  { value: 'rs', label: 'Rio Grande do Sul', disabled: true },
  { value: 'mg', label: 'Minas Gerais' },
];

function setup(overrides: Partial<UseComboboxParams> = {}) {
  const onValuesChange = vi.fn();
  const onSearchChange = vi.fn();
  const hook = renderHook((props: Partial<UseComboboxParams>) =>
    useCombobox({
      options: OPTIONS,
      multiple: false,
      values: undefined,
      defaultValues: [],
      onValuesChange,
      onSearchChange,
      filter: true,
      ...overrides,
      ...props,
    }),
  );
  const type = (text: string) =>
    act(() =>
      hook.result.current.onInputChange({ target: { value: text } } as React.ChangeEvent<HTMLInputElement>),
    );
  const press = (key: string, init: Partial<React.KeyboardEvent> = {}) => {
    const event = {
      key,
      altKey: false,
      preventDefault: vi.fn(),
      nativeEvent: { isComposing: false },
      ...init,
    };
    act(() => hook.result.current.onInputKeyDown(event as unknown as React.KeyboardEvent<HTMLInputElement>));
    return event;
  };
  return { hook, type, press, onValuesChange, onSearchChange };
}

describe('useCombobox', () => {
  it('filters as the person types, opens, and makes the first match active', () => {
    const { hook, type, onSearchChange } = setup();
    type('rio');
    expect(hook.result.current.open).toBe(true);
    expect(hook.result.current.visible.map((o) => o.value)).toEqual(['rj', 'rs']);
    expect(hook.result.current.activeIndex).toBe(0);
    expect(onSearchChange).toHaveBeenLastCalledWith('rio');
  });

  it('chooses the active option with Enter, shows its label and ends the search', () => {
    const { hook, type, press, onValuesChange, onSearchChange } = setup();
    type('minas');
    const enter = press('Enter');
    expect(enter.preventDefault).toHaveBeenCalled();
    expect(onValuesChange).toHaveBeenCalledWith(['mg']);
    expect(hook.result.current.open).toBe(false);
    expect(hook.result.current.inputValue).toBe('Minas Gerais');
    expect(onSearchChange).toHaveBeenLastCalledWith('');
  });

  it('lets Enter through (to submit the form) when nothing is active', () => {
    const { press } = setup();
    expect(press('Enter').preventDefault).not.toHaveBeenCalled();
  });

  it('moves with the arrows, skipping disabled options and wrapping', () => {
    const { hook, press } = setup();
    press('ArrowDown');
    expect(hook.result.current.open).toBe(true);
    expect(hook.result.current.activeIndex).toBe(0);
    press('ArrowDown');
    press('ArrowDown');
    expect(hook.result.current.activeIndex).toBe(3);
    press('ArrowDown');
    expect(hook.result.current.activeIndex).toBe(0);
    press('ArrowUp');
    expect(hook.result.current.activeIndex).toBe(3);
  });

  it('opens on the chosen option, and Alt+ArrowDown opens without an active option', () => {
    const { hook, press } = setup({ defaultValues: ['rj'] });
    press('ArrowDown');
    expect(hook.result.current.activeIndex).toBe(1);
    press('Escape');
    expect(hook.result.current.open).toBe(false);
    press('ArrowDown', { altKey: true });
    expect(hook.result.current.open).toBe(true);
    expect(hook.result.current.activeIndex).toBe(-1);
  });

  it('restores the chosen label when closed after typing, and clears the choice when emptied', () => {
    const { hook, type, onValuesChange } = setup({ defaultValues: ['sp'] });
    type('min');
    act(() => hook.result.current.setOpen(false));
    expect(hook.result.current.inputValue).toBe('São Paulo');
    expect(onValuesChange).not.toHaveBeenCalled();
    type('');
    act(() => hook.result.current.setOpen(false));
    expect(onValuesChange).toHaveBeenCalledWith([]);
    expect(hook.result.current.inputValue).toBe('');
  });

  it('toggles values in multiple mode and removes the last with Backspace', () => {
    const { hook, type, press, onValuesChange } = setup({ multiple: true, defaultValues: ['sp'] });
    type('rio');
    press('Enter');
    expect(onValuesChange).toHaveBeenLastCalledWith(['sp', 'rj']);
    expect(hook.result.current.open).toBe(true);
    expect(hook.result.current.inputValue).toBe('');
    press('Backspace');
    expect(onValuesChange).toHaveBeenLastCalledWith(['sp']);
  });

  it('keeps the labels of chosen values after the options change (server search)', () => {
    const { hook } = setup({ defaultValues: ['mg'] });
    hook.rerender({ options: [] });
    expect(hook.result.current.inputValue).toBe('Minas Gerais');
  });

  it('activates the first match that arrives later while searching', () => {
    const { hook, type } = setup({ options: [], filter: false });
    type('rio');
    expect(hook.result.current.activeIndex).toBe(-1);
    hook.rerender({ options: OPTIONS.slice(1, 3) });
    expect(hook.result.current.activeIndex).toBe(0);
  });

  it('does not open when disabled', () => {
    const { hook, press } = setup({ disabled: true });
    press('ArrowDown');
    expect(hook.result.current.open).toBe(false);
  });
});
