import { Button, Spinner } from '@farol/ui';
import { useId, type ReactNode } from 'react';

export interface WidgetCardProps {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}

/** A dashboard panel with its own heading, so each widget is a labelled region. */
export function WidgetCard({ title, action, children }: WidgetCardProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col rounded-xl border bg-card text-card-foreground"
    >
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        {action}
      </div>
      <div className="min-w-0 flex-1">{children}</div>
    </section>
  );
}

/** The states every widget shares: loading, failed (with a retry), empty. */
export function WidgetLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center px-4 py-8">
      <Spinner label={label} showLabel />
    </div>
  );
}

export function WidgetError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center text-sm">
      <p>{message}</p>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  );
}

export function WidgetEmpty({ children }: { children: ReactNode }) {
  return <p className="px-4 py-8 text-center text-sm text-muted-foreground">{children}</p>;
}
