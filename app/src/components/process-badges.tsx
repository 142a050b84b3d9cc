/** The badges of a process's stage and status (colours: lib/status; labels: lib/glossary), on every screen. */
import { ColorBadge } from '@/components/ui/badge';
import { processStatusLabel } from '@/lib/glossary';
import { processStatusColor, stageColor } from '@/lib/status';

export function StageBadge({ stage }: { stage: string | null | undefined }) {
  if (!stage) return <span className="text-muted-foreground">-</span>;
  return <ColorBadge color={stageColor(stage)}>{stage}</ColorBadge>;
}

export function ProcessStatusBadge({ status }: { status: string | null | undefined }) {
  if (!status) return <span className="text-muted-foreground">-</span>;
  return <ColorBadge color={processStatusColor(status)}>{processStatusLabel(status)}</ColorBadge>;
}
