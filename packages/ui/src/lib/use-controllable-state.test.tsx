// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useControllableState } from './use-controllable-state';

describe('useControllableState', () => {
  it('owns the state when uncontrolled and reports changes', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useControllableState({ defaultProp: false, onChange }));
    expect(result.current[0]).toBe(false);
    act(() => result.current[1](true));
    expect(result.current[0]).toBe(true);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('follows the prop when controlled and only asks for changes', () => {
    const onChange = vi.fn();
    const { result, rerender } = renderHook(
      ({ open }) => useControllableState({ prop: open, defaultProp: false, onChange }),
      {
        initialProps: { open: false },
      },
    );
    act(() => result.current[1](true));
    expect(result.current[0]).toBe(false);
    expect(onChange).toHaveBeenCalledWith(true);
    rerender({ open: true });
    expect(result.current[0]).toBe(true);
  });

  it('accepts an updater and composes two updates in one tick', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useControllableState({ defaultProp: 1, onChange }));
    act(() => {
      result.current[1]((n) => n + 1);
      result.current[1]((n) => n + 1);
    });
    expect(result.current[0]).toBe(3);
    expect(onChange.mock.calls).toEqual([[2], [3]]);
  });

  it('does not report a change to the same value', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useControllableState({ defaultProp: 'a', onChange }));
    act(() => result.current[1]('a'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps the setter identity across renders', () => {
    const { result, rerender } = renderHook(() => useControllableState({ defaultProp: 0 }));
    const first = result.current[1];
    rerender();
    expect(result.current[1]).toBe(first);
  });
});
