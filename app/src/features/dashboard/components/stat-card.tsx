import { TrendingDown, TrendingUp, type LucideIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { formatTrend, type StatFigure } from '../stats';
import { dashboardStrings as t } from '../strings';

export function StatCard({
  title,
  icon: Icon,
  figure,
  format = (value) => value.toLocaleString('pt-BR'),
}: {
  title: string;
  icon: LucideIcon;
  /** undefined while loading. */
  figure: StatFigure | undefined;
  format?: (value: number) => string;
}) {
  const up = (figure?.trend ?? 0) >= 0;
  const Trend = up ? TrendingUp : TrendingDown;
  return (
    <Card role="group" aria-label={title}>
      <CardContent className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
          <span className="flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
        </div>
        {figure ? (
          <>
            <p className="text-2xl font-bold" data-testid="stat-value">
              {format(figure.value)}
            </p>
            <p className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
              <span
                className={cn('inline-flex items-center gap-0.5 font-medium', up ? 'text-green-700' : 'text-red-700')}
              >
                <Trend className="size-3.5" aria-hidden="true" />
                {formatTrend(figure.trend)}
              </span>
              {t.vsLastMonth}
              {figure.sample && <span className="italic">({t.sampleNote})</span>}
              {!figure.sample && figure.sampleTrend && <span className="italic">({t.sampleTrendNote})</span>}
            </p>
          </>
        ) : (
          <div className="flex flex-col gap-2" aria-hidden="true">
            <Skeleton className="h-8 w-24" />
            <Skeleton className="h-3 w-40" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
