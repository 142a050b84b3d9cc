import { ColorBadge } from '@/components/ui/badge';
import { financeStatusLabel, type FinanceKind } from '@/lib/glossary';
import { financeStatusColor } from '@/lib/status';

/** A finance status as a coloured pt-BR badge (the words of lib/glossary.ts, staff screens and portal alike). */
export function MoneyStatusBadge({ status, kind }: { status: string; kind?: FinanceKind }) {
  return <ColorBadge color={financeStatusColor(status)}>{financeStatusLabel(status, kind)}</ColorBadge>;
}
