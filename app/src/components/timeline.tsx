/** One timeline of everything that happened (workspace_timeline rows), newest first, in pt-BR. */
import { Link } from 'react-router-dom';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import {
  courtStatusLabel,
  interactionStatusLabel,
  processStatusLabel,
  timelineKindLabel,
  uscisStatusLabel,
} from '@/lib/glossary';
import type { TimelineEntry } from '@/types/timeline';

/** The line under the title: the change ("de → para"), the document name, the message text... */
export function timelineDetail(entry: TimelineEntry, names: Record<string, string> = {}): string {
  switch (entry.kind) {
    case 'status_change':
      return `${processStatusLabel(entry.from_value)} → ${processStatusLabel(entry.detail)}`;
    case 'stage_change':
      return `${entry.from_value ?? '-'} → ${entry.detail ?? '-'}`;
    case 'responsible_change':
      return `${names[entry.from_value ?? ''] ?? '-'} → ${names[entry.detail ?? ''] ?? '-'}`;
    case 'uscis_status':
      return `${entry.from_value ?? ''}: ${uscisStatusLabel(entry.detail)}`;
    case 'eoir_status':
      return `${entry.from_value ?? ''}: ${courtStatusLabel(entry.detail)}`;
    default:
      if (entry.kind.startsWith('interaction_'))
        return `${entry.detail ?? ''} (${interactionStatusLabel(entry.from_value)})`;
      return entry.detail ?? '';
  }
}

export function Timeline({
  entries,
  isLoading,
  names,
  clientNames,
  processHref,
}: {
  entries: TimelineEntry[];
  isLoading: boolean;
  /** user id -> name, for responsible changes */
  names?: Record<string, string>;
  /** client id -> name, shown when the timeline covers a family */
  clientNames?: Record<string, string>;
  processHref?: (id: number) => string;
}) {
  if (isLoading) return <Skeleton className="h-24" />;
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">Nenhum evento registrado ainda.</p>;
  return (
    <ol className="grid gap-3" aria-label="Linha do tempo">
      {entries.map((entry) => (
        <li
          key={`${entry.kind}-${entry.ref_id}`}
          className="border-l-2 border-primary/40 pl-3"
          data-testid="timeline-entry"
        >
          <div className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-sm font-medium">{timelineKindLabel(entry.kind)}</span>
            <span className="text-xs text-muted-foreground">{formatDateTime(entry.at)}</span>
            {clientNames && entry.client_id && clientNames[entry.client_id] && (
              <span className="text-xs text-muted-foreground">· {clientNames[entry.client_id]}</span>
            )}
            {entry.process_id !== null && processHref && (
              <Link to={processHref(entry.process_id)} className="text-xs text-primary hover:underline">
                Processo nº {entry.process_id}
              </Link>
            )}
          </div>
          <p className="text-sm break-words text-muted-foreground">{timelineDetail(entry, names)}</p>
        </li>
      ))}
    </ol>
  );
}
