import { useCallback, useRef, useState } from 'react';

export interface UseControllableStateParams<T> {
  /** The controlled value; `undefined` means the component owns the state. */
  prop?: T | undefined;
  /** Initial value while uncontrolled. */
  defaultProp: T;
  /** Called with every requested change, controlled or not (never for a no-op). */
  onChange?: ((value: T) => void) | undefined;
}

type SetStateFn<T> = (next: T | ((prev: T) => T)) => void;

/**
 * Radix-style state that is controlled when `prop` is defined and uncontrolled otherwise.
 * The setter accepts a value or an updater and always reports changes through `onChange`.
 */
export function useControllableState<T>({
  prop,
  defaultProp,
  onChange,
}: UseControllableStateParams<T>): [T, SetStateFn<T>] {
  const [uncontrolled, setUncontrolled] = useState<T>(defaultProp);
  const isControlled = prop !== undefined;
  const value = isControlled ? prop : uncontrolled;

  // Refs keep the setter stable while always reading the latest value and callback.
  const valueRef = useRef(value);
  valueRef.current = value;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const controlledRef = useRef(isControlled);
  controlledRef.current = isControlled;

  const setValue = useCallback<SetStateFn<T>>((next) => {
    const resolved = typeof next === 'function' ? (next as (prev: T) => T)(valueRef.current) : next;
    if (Object.is(resolved, valueRef.current)) return;
    // Updated at once so two calls in the same tick compose.
    valueRef.current = resolved;
    if (!controlledRef.current) setUncontrolled(resolved);
    onChangeRef.current?.(resolved);
  }, []);

  return [value, setValue];
}
