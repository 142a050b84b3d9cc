import { Badge, badgeColorClass, type BadgeVariant } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { courtStatusLabel, uscisStatusLabel } from '@/lib/glossary';
import { courtBadge, receiptBadge } from '../lib/status-styles';

export { ProcessStatusBadge, StageBadge } from '@/components/process-badges';

export function ReceiptStatusBadge({ status }: { status: string | null | undefined }) {
  const badge = receiptBadge(status);
  const look = trackedBadgeProps(badge.variant);
  const label = uscisStatusLabel(status);
  return (
    <Badge
      variant={look.variant}
      className={cn('h-auto max-w-[18rem] justify-start text-left whitespace-normal', look.className)}
      title={badge.label}
      data-variant={badge.variant}
    >
      {label}
    </Badge>
  );
}

export function CourtStatusBadge({ status }: { status: string | null | undefined }) {
  const badge = courtBadge(status);
  const look = trackedBadgeProps(badge.variant);
  const label = courtStatusLabel(status);
  return (
    <Badge
      variant={look.variant}
      className={cn('h-auto max-w-[18rem] justify-start text-left whitespace-normal', look.className)}
      title={badge.label}
      data-variant={badge.variant}
    >
      {label}
    </Badge>
  );
}

/**
 * Receipt and court badges: success and neutral states in the soft palette (dark text on a tinted
 * background, contrast above 4.5:1, and a visible border on white cards) instead of white text on mid green.
 */
function trackedBadgeProps(variant: BadgeVariant): { variant: BadgeVariant; className?: string } {
  if (variant === 'success') return { variant: 'outline', className: badgeColorClass('green') };
  if (variant === 'secondary') return { variant: 'outline', className: badgeColorClass('gray') };
  if (variant === 'outline') return { variant: 'outline', className: 'border-gray-300 text-gray-700' };
  return { variant };
}
