/** Histórico do cadastro: who changed which field of the client's record, when, and from what to what. */
import { formatDate, formatDateTime } from '@/lib/format';
import { fill } from '@/lib/strings';
import { Skeleton } from '@/components/ui/skeleton';
import { useClientRecordChanges, type ClientRecordChange } from '../api/detail';
import { clientesStrings } from '../strings';

const t = clientesStrings.record;

function shown(change: ClientRecordChange, value: string | null): string {
  if (value === null || value === '') return t.empty;
  return change.field === 'date_of_birth' ? formatDate(value) : value;
}

export function ClientRecordHistory({ clientId, names }: { clientId: string; names: Record<string, string> }) {
  const { data: changes = [], isPending } = useClientRecordChanges(clientId);
  if (isPending) return <Skeleton className="h-24" />;
  if (changes.length === 0) return <p className="text-sm text-muted-foreground">{t.historyEmpty}</p>;
  return (
    <ul className="grid gap-2" aria-label={t.historyTab}>
      {changes.map((change) => (
        <li key={change.id} className="grid gap-1 rounded-md border p-3 text-sm" data-testid="record-change">
          <p className="font-medium">{t.fields[change.field] ?? change.field}</p>
          <p className="break-words">
            <span className="text-muted-foreground line-through">{shown(change, change.old_value)}</span>
            {' → '}
            <span>{shown(change, change.new_value)}</span>
          </p>
          <p className="text-xs text-muted-foreground">
            {formatDateTime(change.changed_at)} ·{' '}
            {fill(t.historyBy, {
              name: (change.changed_by && names[change.changed_by]) || t.historyUnknown,
            })}
          </p>
        </li>
      ))}
    </ul>
  );
}
