import { useSession } from '@farol/data';
import { cn } from '@farol/ui';
import { Suspense } from 'react';
import { homeWidgets, useModules, type WidgetHome } from '../../lib/module-registry';

/**
 * The widgets the modules contribute to a home (the staff dashboard or the portal's), in their order: a
 * full widget takes the row, two half widgets share one on wide screens.
 */
export function HomeWidgets({ home }: { home: WidgetHome }) {
  const { user } = useSession();
  const widgets = homeWidgets(user, useModules(), home);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {widgets.map(({ id, size, component: Widget }) => (
        <div key={id} data-widget={id} className={cn('min-w-0', size === 'full' && 'lg:col-span-2')}>
          {/* Each widget shows its own loading state once its code is here; until then its space is kept. */}
          <Suspense fallback={<div aria-hidden="true" className="min-h-40 rounded-xl border bg-card" />}>
            <Widget />
          </Suspense>
        </div>
      ))}
    </div>
  );
}
