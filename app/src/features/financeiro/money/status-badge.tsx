import { ColorBadge } from '@/components/ui/badge';
import { financeStatusColor } from '@/lib/status';
import { contractStatusLabel, installmentStatusLabel, quoteStatusLabel } from './format';

const labels: Record<string, string> = { ...contractStatusLabel, ...installmentStatusLabel, ...quoteStatusLabel };

/** A finance status as a coloured pt-BR badge. */
export function MoneyStatusBadge({ status, kind }: { status: string; kind?: 'quote' | 'contract' | 'installment' }) {
  const label =
    (kind === 'quote' ? quoteStatusLabel[status] : kind === 'contract' ? contractStatusLabel[status] : undefined) ??
    labels[status] ??
    status;
  return <ColorBadge color={financeStatusColor(status)}>{label}</ColorBadge>;
}
