/** The rows a table shows before it has rows of its own: placeholders while loading, the empty state after. */
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';

const MESSAGE_CELL = 'py-8 text-center text-muted-foreground';

/**
 * Skeleton rows while loading (or one `loadingText` row when the screen words its loading state),
 * the empty state when there is nothing; null once there are rows to show.
 */
export function TableStateRows({
  loading,
  empty,
  skeletonRows = 3,
  colSpan,
  emptyText,
  loadingText,
}: {
  loading: boolean;
  empty: boolean;
  skeletonRows?: number;
  colSpan: number;
  emptyText: ReactNode;
  loadingText?: ReactNode;
}) {
  if (loading) {
    if (loadingText !== undefined) {
      return (
        <TableRow>
          <TableCell colSpan={colSpan} className={MESSAGE_CELL}>
            {loadingText}
          </TableCell>
        </TableRow>
      );
    }
    return Array.from({ length: skeletonRows }, (_, i) => (
      <TableRow key={i}>
        <TableCell colSpan={colSpan}>
          <Skeleton className="h-6" />
        </TableCell>
      </TableRow>
    ));
  }
  if (empty) {
    return (
      <TableRow>
        <TableCell colSpan={colSpan} className={MESSAGE_CELL}>
          {emptyText}
        </TableCell>
      </TableRow>
    );
  }
  return null;
}
