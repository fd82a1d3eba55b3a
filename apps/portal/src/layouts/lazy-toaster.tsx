import { lazy, Suspense } from 'react';

const AppToaster = lazy(async () => ({ default: (await import('./app-toaster')).AppToaster }));

/** The toasts, in their own chunk (sonner), mounted once by each layout. */
export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
