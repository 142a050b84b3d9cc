/** Reads of the reports: every figure is computed by the database (RLS applies), never from fetched rows. */
import { useQuery } from '@tanstack/react-query';
import { readsTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';
import type { SourceCount, StageDays, TypeStageCount } from '../lib/reports';

export const reportKeys = {
  all: ['reports'] as const,
  processes: () => [...reportKeys.all, 'processes'] as const,
  stageDays: () => [...reportKeys.all, 'stage-days'] as const,
  clientSources: () => [...reportKeys.all, 'client-sources'] as const,
};

readsTables(reportKeys.all, ['processes', 'process_events', 'clients', 'leads']);

/** report_processes_by_type_stage(): processes per type and stage. */
export function useProcessesByTypeAndStage() {
  return useQuery({
    queryKey: reportKeys.processes(),
    queryFn: async () => {
      const { data } = await supabase.rpc('report_processes_by_type_stage').throwOnError();
      return (data ?? []) as TypeStageCount[];
    },
    meta: { errorMessage: 'Erro ao carregar processos' },
  });
}

/** report_days_per_stage(): average days in each stage; an error answers null so the page can say so. */
export function useDaysPerStage() {
  return useQuery({
    queryKey: reportKeys.stageDays(),
    queryFn: async () => {
      const { data, error } = await supabase.rpc('report_days_per_stage');
      if (error) return null;
      return (data ?? []) as StageDays[];
    },
    meta: { silent: true },
  });
}

/** report_clients_by_source(): clients per the source of the lead they came from. */
export function useClientSources() {
  return useQuery({
    queryKey: reportKeys.clientSources(),
    queryFn: async () => {
      const { data } = await supabase.rpc('report_clients_by_source').throwOnError();
      return (data ?? []) as SourceCount[];
    },
    meta: { silent: true },
  });
}
