import { Badge, badgeColorClass, type BadgeVariant, ColorBadge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { courtStatusLabel, processStatusLabel, uscisStatusLabel } from '@/lib/glossary';
import { processStatusColor } from '@/lib/status';
import { courtBadge, receiptBadge, stageColor } from '../lib/status-styles';

export function StageBadge({ stage }: { stage: string | null | undefined }) {
  if (!stage) return <span className="text-muted-foreground">-</span>;
  return <ColorBadge color={stageColor(stage)}>{stage}</ColorBadge>;
}

export function ProcessStatusBadge({ status }: { status: string | null | undefined }) {
  if (!status) return <span className="text-muted-foreground">-</span>;
  return <ColorBadge color={processStatusColor(status)}>{processStatusLabel(status)}</ColorBadge>;
}

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
