import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth-context';
import { supabase } from '@/lib/supabase';
import type { ClientDocument, ClientProcess, PortalDocumentRequest, ProcessOption } from '../types';
import type { TimelineEntry } from '@/types/timeline';
import { portalKeys } from './keys';

/** The signed-in client's clients.id ('' while unknown). */
export function useClientId(): string {
  return useAuth().clientData?.id ?? '';
}

/** The client's processes (client_processes: a view of public.processes showing a client its own), newest first. */
export async function fetchClientProcesses(clientId: string): Promise<ClientProcess[]> {
  const { data } = await supabase
    .from('client_processes')
    .select('id, client_id, type, status, stage, description, next_date, created_at, updated_at')
    .eq('client_id', clientId)
    .order('created_at', { ascending: false })
    .throwOnError();
  return (data ?? []) as ClientProcess[];
}

/** Spec: a failed process load is only logged; the loading state ends. */
export function useClientProcesses(clientId: string) {
  return useQuery({
    queryKey: portalKeys.processes(clientId),
    queryFn: async () => {
      try {
        return await fetchClientProcesses(clientId);
      } catch (error) {
        console.error('Erro ao carregar processos', error);
        throw error;
      }
    },
    enabled: Boolean(clientId),
    retry: false,
    meta: { silent: true },
  });
}

/** client_documents by client_id ordered by created_at descending. */
export async function fetchClientDocuments(clientId: string): Promise<ClientDocument[]> {
  const { data } = await supabase
    .from('client_documents')
    .select('*')
    .eq('client_id', clientId)
    .order('created_at', { ascending: false })
    .throwOnError();
  return (data ?? []) as ClientDocument[];
}

export function useClientDocuments(clientId: string) {
  return useQuery({
    queryKey: portalKeys.documents(clientId),
    queryFn: async () => {
      try {
        return await fetchClientDocuments(clientId);
      } catch (error) {
        console.error('Erro ao carregar documentos', error);
        throw error;
      }
    },
    enabled: Boolean(clientId),
    meta: { silent: true },
  });
}

/** The upload form's processes: id and type of the client's processes. */
export async function fetchProcessOptions(clientId: string): Promise<ProcessOption[]> {
  const { data } = await supabase
    .from('client_processes')
    .select('id, type')
    .eq('client_id', clientId)
    .order('id', { ascending: false })
    .throwOnError();
  return (data ?? []) as ProcessOption[];
}

export function useProcessOptions(clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: portalKeys.processOptions(clientId),
    queryFn: () => fetchProcessOptions(clientId),
    enabled: Boolean(clientId) && enabled,
    meta: { silent: true },
  });
}

/** The client's document requests (the client_document_requests view: those of its own processes), newest first. */
export function useDocumentRequests(clientId: string) {
  return useQuery({
    queryKey: portalKeys.requests(clientId),
    enabled: Boolean(clientId),
    queryFn: async () => {
      const { data } = await supabase
        .from('client_document_requests')
        .select(
          'id, process_id, document_name, document_description, is_required, status, requested_at, fulfilled_at, kind, stage, needs_apostille, needs_translation, review_status, rejection_reason, position',
        )
        .eq('client_id', clientId)
        .order('requested_at', { ascending: false })
        .order('position', { ascending: true })
        .throwOnError();
      return (data ?? []) as PortalDocumentRequest[];
    },
    meta: { silent: true },
  });
}

/** The client's timeline of one of its processes (portal_process_timeline(): checked in the database). */
export function usePortalProcessTimeline(processId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...portalKeys.all, 'timeline', processId] as const,
    enabled,
    queryFn: async () => {
      const { data } = await supabase.rpc('portal_process_timeline', { p_process_id: processId }).throwOnError();
      return (data ?? []) as TimelineEntry[];
    },
    meta: { silent: true },
  });
}
