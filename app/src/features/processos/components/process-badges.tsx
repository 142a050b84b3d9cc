import { Badge, badgeColorClass } from '@/components/ui/badge';
import { courtStatusLabel, processStatusLabel, uscisStatusLabel } from '@/lib/glossary';
import { courtBadge, processStatusColor, receiptBadge, stageColor } from '../lib/status-styles';

export function StageBadge({ stage }: { stage: string | null | undefined }) {
  if (!stage) return <span className="text-muted-foreground">-</span>;
  return (
    <Badge variant="outline" className={badgeColorClass(stageColor(stage))}>
      {stage}
    </Badge>
  );
}

export function ProcessStatusBadge({ status }: { status: string | null | undefined }) {
  if (!status) return <span className="text-muted-foreground">-</span>;
  return (
    <Badge variant="outline" className={badgeColorClass(processStatusColor(status))}>
      {processStatusLabel(status)}
    </Badge>
  );
}

export function ReceiptStatusBadge({ status }: { status: string | null | undefined }) {
  const badge = receiptBadge(status);
  const label = uscisStatusLabel(status);
  return (
    <Badge variant={badge.variant} className="h-auto max-w-[18rem] justify-start text-left whitespace-normal" title={badge.label}>
      {label}
    </Badge>
  );
}

export function CourtStatusBadge({ status }: { status: string | null | undefined }) {
  const badge = courtBadge(status);
  const label = courtStatusLabel(status);
  return (
    <Badge variant={badge.variant} className="h-auto max-w-[18rem] justify-start text-left whitespace-normal" title={badge.label}>
      {label}
    </Badge>
  );
}
