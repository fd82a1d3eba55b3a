/** Every mock store made by a handler factory, so stories and tests can start from a clean slate. */
const resets = new Set<() => void>();

export interface MockStore<T> {
  get(): T;
  set(value: T): void;
  reset(): void;
}

/** In-memory state of one handler set; `initial` runs again on every reset. */
export function createMockStore<T>(initial: () => T): MockStore<T> {
  let value = initial();
  const store: MockStore<T> = {
    get: () => value,
    set: (next) => {
      value = next;
    },
    reset: () => {
      value = initial();
    },
  };
  resets.add(store.reset);
  return store;
}

/** Puts every mock store back to its initial state (call it in a story's or test's beforeEach). */
export function resetMockState(): void {
  for (const reset of resets) reset();
}
