import { TrendingDown, TrendingUp, type LucideIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { formatTrend, type StatDisplay } from '../stats';
import { dashboardStrings as t } from '../strings';

export function StatCard({
  title,
  icon: Icon,
  display,
}: {
  title: string;
  icon: LucideIcon;
  /** undefined while loading; null when the figure cannot be read (nothing is shown, never a made-up figure). */
  display: StatDisplay | null | undefined;
}) {
  return (
    <Card role="group" aria-label={title}>
      <CardContent className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
          <span className="flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
        </div>
        {display === undefined ? (
          <div className="flex flex-col gap-2" aria-hidden="true">
            <Skeleton className="h-8 w-24" />
            <Skeleton className="h-3 w-40" />
          </div>
        ) : (
          <>
            <p className="text-2xl font-bold break-words" data-testid="stat-value">
              {display?.value ?? t.unavailable}
            </p>
            {display && display.trends.length > 0 && (
              <p className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
                {display.trends.map((trend, i) => {
                  const up = trend.percent >= 0;
                  const Trend = up ? TrendingUp : TrendingDown;
                  return (
                    <span
                      key={trend.label ?? i}
                      className={cn(
                        'inline-flex items-center gap-0.5 font-medium',
                        up ? 'text-green-700' : 'text-red-700',
                      )}
                    >
                      <Trend className="size-3.5" aria-hidden="true" />
                      {trend.label ? `${trend.label} ` : ''}
                      {formatTrend(trend.percent)}
                    </span>
                  );
                })}
                {t.vsLastMonth}
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
