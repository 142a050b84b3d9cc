/** The workspace timeline (workspace_timeline()): everything that happened to a client (or its family) or a process,
 * newest first. Shared by the client page and the process page. */
import { useQuery } from '@tanstack/react-query';
import { readsTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';
import type { TimelineEntry } from '@/types/timeline';

export const timelineKeys = {
  all: ['timeline'] as const,
  scope: (scope: string) => [...timelineKeys.all, scope] as const,
};

// what workspace_timeline() reads
readsTables(timelineKeys.all, [
  'processes',
  'process_events',
  'clients',
  'client_documents',
  'document_requests',
  'interactions',
  'messages',
  'uscis_receipts',
  'uscis_status_history',
  'eoir_court_cases',
  'eoir_court_history',
]);

export interface TimelineScope {
  clientId?: string | null;
  processId?: number | null;
  family?: boolean;
}

export function useTimeline({ clientId = null, processId = null, family = false }: TimelineScope, enabled = true) {
  return useQuery({
    queryKey: timelineKeys.scope(`${clientId ?? ''}|${processId ?? ''}|${family}`),
    enabled,
    queryFn: async () => {
      const { data } = await supabase
        .rpc('workspace_timeline', { p_client_id: clientId, p_process_id: processId, p_family: family })
        .throwOnError();
      return (data ?? []) as TimelineEntry[];
    },
  });
}
