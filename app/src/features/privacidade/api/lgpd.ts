/** LGPD: export jobs (export-client-data), deletion requests (request_data_deletion, client-data-deletion),
 * retention settings and the client's channel consents. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateTables, readsTables } from '@/lib/data-keys';
import { keepParsed } from '@/lib/rows';
import { supabase } from '@/lib/supabase';
import { DELETION_REQUEST_COLUMNS, parseDeletionRequest, type DeletionRequest } from '../lib/deletion-requests';

export type { DeletionRequest } from '../lib/deletion-requests';

export type ExportStatus = 'queued' | 'running' | 'done' | 'failed';

export interface ExportJob {
  id: string;
  client_id: string;
  status: ExportStatus;
  progress: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  expires_at: string | null;
  delivered_at: string | null;
  deliveries: number;
}

export interface Retention {
  retention_process_years: number;
  retention_financial_years: number;
  retention_document_years: number;
}

export const lgpdKeys = {
  exports: (clientId: string) => ['lgpd', 'exports', clientId] as const,
  deletions: ['lgpd', 'deletions'] as const,
  retention: ['lgpd', 'retention'] as const,
  consents: ['lgpd', 'consents'] as const,
};
readsTables(['lgpd', 'exports'], ['data_export_jobs']);
readsTables(lgpdKeys.deletions, ['data_deletion_requests', 'clients']);
readsTables(lgpdKeys.retention, ['office_settings']);
readsTables(lgpdKeys.consents, ['client_channel_consents']);

const JOB_COLUMNS =
  'id, client_id, status, progress, error, created_at, finished_at, expires_at, delivered_at, deliveries';

/** The export jobs of a client (the caller's own, for a client: RLS), newest first; polls while one runs. */
export function useExportJobs(clientId: string) {
  return useQuery({
    queryKey: lgpdKeys.exports(clientId),
    queryFn: async (): Promise<ExportJob[]> => {
      let query = supabase.from('data_export_jobs').select(JOB_COLUMNS).order('created_at', { ascending: false });
      if (clientId) query = query.eq('client_id', clientId);
      const { data, error } = await query.limit(5);
      if (error) throw error;
      return (data ?? []) as ExportJob[];
    },
    refetchInterval: (query) =>
      (query.state.data ?? []).some((job) => job.status === 'queued' || job.status === 'running') ? 1000 : false,
  });
}

async function invokeExport(body: Record<string, string>) {
  const { data, error } = await supabase.functions.invoke('export-client-data', { body });
  if (error) {
    const context = (error as { context?: Response }).context;
    const detail = context ? await context.json().catch(() => null) : null;
    throw new Error((detail as { error?: string } | null)?.error ?? error.message);
  }
  return data as { job: ExportJob; signedUrl?: string };
}

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string | null) => invokeExport(clientId ? { clientId } : {}),
    onSettled: () => invalidateTables(queryClient, ['data_export_jobs']),
  });
}

/** A fresh signed link of a finished export (each one is recorded as a delivery). */
export function useExportLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (jobId: string) => (await invokeExport({ jobId })).signedUrl ?? '',
    onSettled: () => invalidateTables(queryClient, ['data_export_jobs']),
  });
}

export function useDeletionRequests() {
  return useQuery({
    queryKey: lgpdKeys.deletions,
    queryFn: async (): Promise<DeletionRequest[]> => {
      const { data, error } = await supabase
        .from('data_deletion_requests')
        .select(DELETION_REQUEST_COLUMNS)
        .order('created_at', { ascending: false })
        .limit(100);
      if (error) throw error;
      return keepParsed(data, parseDeletionRequest, 'data_deletion_requests');
    },
  });
}

export function useRequestDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string) => {
      const { error } = await supabase.rpc('request_data_deletion', { p_reason: reason.trim() || null });
      if (error) throw error;
    },
    onSettled: () => invalidateTables(queryClient, ['data_deletion_requests']),
  });
}

export function useReviewDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: { requestId: string; approve: boolean; note: string }) => {
      const { data, error } = await supabase.functions.invoke('client-data-deletion', { body: vars });
      if (error) {
        const context = (error as { context?: Response }).context;
        const detail = context ? await context.json().catch(() => null) : null;
        throw new Error((detail as { error?: string } | null)?.error ?? error.message);
      }
      return data as { certificate: Record<string, unknown> };
    },
    onSettled: () => invalidateTables(queryClient, ['data_deletion_requests', 'clients', 'audit_log']),
  });
}

export function useRetention() {
  return useQuery({
    queryKey: lgpdKeys.retention,
    queryFn: async (): Promise<Retention | null> => {
      const { data, error } = await supabase
        .from('office_settings')
        .select('retention_process_years, retention_financial_years, retention_document_years')
        .limit(1)
        .maybeSingle();
      if (error) throw error;
      return data as Retention | null;
    },
  });
}

export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: Retention) => {
      const { error } = await supabase.from('office_settings').update(values).eq('id', true);
      if (error) throw error;
    },
    onSettled: () => invalidateTables(queryClient, ['office_settings']),
  });
}

export interface ConsentRecord {
  channel: string;
  granted: boolean;
  granted_at: string | null;
  revoked_at: string | null;
}

export function useOwnConsents() {
  return useQuery({
    queryKey: lgpdKeys.consents,
    queryFn: async (): Promise<ConsentRecord[]> => {
      const { data, error } = await supabase
        .from('client_channel_consents')
        .select('channel, granted, granted_at, revoked_at')
        .order('channel');
      if (error) throw error;
      return (data ?? []) as ConsentRecord[];
    },
  });
}
