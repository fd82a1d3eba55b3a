import { Card, CardContent, CardHeader, CardTitle, Skeleton, cn } from '@farol/ui';
import type { ReactNode } from 'react';

export interface CompanyFigureProps {
  label: string;
  value: ReactNode;
  /** A line under the figure: what it means, or a link to what it counts. */
  detail?: ReactNode;
  /** A figure that calls for attention (overdue chamados) is tinted when not zero. */
  tone?: 'alert';
}

/**
 * One figure of the company page's Visão geral (open chamados, overdue, last contact…). Modules that add
 * figures through the registry (`companyFigures`) draw them with this card, so they all look alike.
 */
export function CompanyFigure({ label, value, detail, tone }: CompanyFigureProps) {
  return (
    <Card className="gap-1">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-1">
        <p className={cn('text-2xl font-semibold tabular-nums', tone === 'alert' && 'text-destructive')}>
          {value}
        </p>
        {detail ? <p className="text-sm text-muted-foreground">{detail}</p> : null}
      </CardContent>
    </Card>
  );
}

/** The place of a figure whose code or data is still on its way (same height: nothing moves when it lands). */
export function CompanyFigurePlaceholder() {
  return (
    <Card className="gap-1" aria-hidden="true">
      <CardHeader>
        <Skeleton className="h-4 w-28" />
      </CardHeader>
      <CardContent className="flex flex-col gap-1">
        <Skeleton className="h-8 w-16" />
        <Skeleton className="h-4 w-36" />
      </CardContent>
    </Card>
  );
}

/** The link style of a figure's detail line. */
export const FIGURE_LINK_CLASS =
  'rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';
