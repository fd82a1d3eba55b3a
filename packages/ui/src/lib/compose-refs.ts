import type * as React from 'react';

/** One ref callback that feeds several refs (a caller's ref and the component's own). */
export function composeRefs<T>(...refs: Array<React.Ref<T> | undefined>): React.RefCallback<T> {
  return (node) => {
    const cleanups: Array<() => void> = [];
    for (const ref of refs) {
      if (typeof ref === 'function') {
        const cleanup = ref(node);
        if (typeof cleanup === 'function') cleanups.push(cleanup);
      } else if (ref) {
        ref.current = node;
      }
    }
    if (cleanups.length === 0) return undefined;
    return () => {
      for (const cleanup of cleanups) cleanup();
      for (const ref of refs) if (ref && typeof ref !== 'function') ref.current = null;
    };
  };
}
