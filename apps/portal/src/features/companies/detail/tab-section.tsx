import { Button, EmptyState } from '@farol/ui';
import { TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A tab's content under its own heading, with the tab's main action beside it. */
export function TabSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A tab whose data failed to load, with a retry. */
export function TabError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <EmptyState
      role="alert"
      border="dashed"
      size="compact"
      titleAs="h3"
      icon={<TriangleAlertIcon />}
      title={`Não foi possível carregar ${what}.`}
      action={
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Tentar novamente
        </Button>
      }
    />
  );
}
