import { Badge, badgeColorClass, type BadgeColor } from '@/components/ui/badge';
import { contractStatusLabel, installmentStatusLabel, quoteStatusLabel } from './format';

const colours: Record<string, BadgeColor> = {
  draft: 'gray',
  sent: 'blue',
  accepted: 'green',
  declined: 'red',
  expired: 'orange',
  active: 'blue',
  completed: 'green',
  cancelled: 'gray',
  pending: 'amber',
  partial: 'yellow',
  paid: 'green',
  overdue: 'red',
};

const labels: Record<string, string> = { ...contractStatusLabel, ...installmentStatusLabel, ...quoteStatusLabel };

/** A finance status as a coloured pt-BR badge. */
export function MoneyStatusBadge({ status, kind }: { status: string; kind?: 'quote' | 'contract' | 'installment' }) {
  const label =
    (kind === 'quote' ? quoteStatusLabel[status] : kind === 'contract' ? contractStatusLabel[status] : undefined) ??
    labels[status] ??
    status;
  return (
    <Badge variant="outline" className={badgeColorClass(colours[status])}>
      {label}
    </Badge>
  );
}
