import { useCallback, useRef, useState } from 'react';

export interface ConfirmActionState {
  pending: boolean;
  error: string | null;
}

/**
 * Runs a confirm callback that may be async: `pending` while it runs, the error's message (or `fallback`) when it
 * throws, `true` when it succeeded. A second run while one is pending is ignored (a double click confirms once).
 */
export function useConfirmAction(fallback: string) {
  const [state, setState] = useState<ConfirmActionState>({ pending: false, error: null });
  const running = useRef(false);

  const run = useCallback(
    async (action: () => unknown): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      setState({ pending: true, error: null });
      try {
        await action();
        setState({ pending: false, error: null });
        return true;
      } catch (error) {
        const message = error instanceof Error && error.message.trim() ? error.message : fallback;
        setState({ pending: false, error: message });
        return false;
      } finally {
        running.current = false;
      }
    },
    [fallback],
  );

  const reset = useCallback(() => setState({ pending: false, error: null }), []);

  return { ...state, run, reset };
}
