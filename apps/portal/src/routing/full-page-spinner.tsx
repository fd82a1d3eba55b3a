import { LoaderMark } from '../lib/inline-marks';

/** The kit's text for a spinner (`common.loading`), which the app does not override. */
const LOADING = 'Carregando…';

/**
 * The kit's large spinner, drawn without its module: that module (through `cn`) brings tailwind-merge
 * into the login pages' first paint, and without lucide-react (design.md §7, issue 18: /login ≤ 105 KB gzip).
 * Its text is not read from the kit's catalogue either: `useMessages` put all of the kit's texts into the
 * login pages' code.
 */
function LightSpinner({ label }: { label?: string | undefined }) {
  const text = label ?? LOADING;
  return (
    <span role="status" aria-label={text} className="inline-flex items-center text-muted-foreground">
      <LoaderMark aria-hidden="true" className="size-10 animate-spin text-muted-foreground" />
    </span>
  );
}

/** Spec §2: a centred spinner while the session loads (and while a layout's code arrives). */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-svh w-full items-center justify-center" data-slot="full-page-spinner">
      <LightSpinner label={label} />
    </div>
  );
}

/** The same, inside a layout's main area while a page's code arrives. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center" data-slot="page-spinner">
      <LightSpinner />
    </div>
  );
}
