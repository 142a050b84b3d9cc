/** The cards the client portal's screens share (empty state, loading skeletons, a labelled field), whichever
 * area owns the screen. */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
}: {
  icon: LucideIcon;
  title: string;
  text?: string;
  action?: ReactNode;
}) {
  return (
    <Card className="items-center px-6 py-10 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{title}</h2>
        {text && <p className="text-sm text-muted-foreground">{text}</p>}
      </div>
      {action}
    </Card>
  );
}

/** Loading placeholders: `count` card skeletons. */
export function CardSkeletons({ count = 3, testId = 'portal-loading' }: { count?: number; testId?: string }) {
  return (
    <div className="grid gap-4" data-testid={testId} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Card key={i}>
          <CardHeader>
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-4 w-1/4" />
          </CardHeader>
          <CardContent className="grid gap-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** A label/value pair inside cards and detail dialogs. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}
