/** Reads of the reports: processes, stage changes (process_events), clients and the leads they came from. */
import { useQuery } from '@tanstack/react-query';
import { readsTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';
import type { ProcessRow, StageEvent } from '../lib/reports';

export const reportKeys = {
  all: ['reports'] as const,
  processes: () => [...reportKeys.all, 'processes'] as const,
  stageEvents: () => [...reportKeys.all, 'stage-events'] as const,
  clientSources: () => [...reportKeys.all, 'client-sources'] as const,
};

readsTables(reportKeys.all, ['processes', 'process_events', 'clients', 'leads']);

export function useProcessRows() {
  return useQuery({
    queryKey: reportKeys.processes(),
    queryFn: async () => {
      const { data } = await supabase.from('processes').select('id, type, stage, status').limit(10000).throwOnError();
      return (data ?? []) as ProcessRow[];
    },
    meta: { errorMessage: 'Erro ao carregar processos' },
  });
}

/** Stage changes; an error (no history table where this runs) answers null so the page can say so. */
export function useStageEvents() {
  return useQuery({
    queryKey: reportKeys.stageEvents(),
    queryFn: async () => {
      const { data, error } = await supabase
        .from('process_events')
        .select('process_id, to_value, created_at')
        .eq('kind', 'stage_change')
        .limit(50000);
      if (error) return null;
      return (data ?? []) as StageEvent[];
    },
    meta: { silent: true },
  });
}

export function useClientSources() {
  return useQuery({
    queryKey: reportKeys.clientSources(),
    queryFn: async () => {
      const [{ data: clients }, { data: leads }] = await Promise.all([
        supabase.from('clients').select('id').limit(10000).throwOnError(),
        supabase.from('leads').select('client_id, source').not('client_id', 'is', null).throwOnError(),
      ]);
      return {
        clientIds: ((clients ?? []) as { id: string }[]).map((c) => c.id),
        leads: (leads ?? []) as { client_id: string | null; source: string }[],
      };
    },
    meta: { silent: true },
  });
}
