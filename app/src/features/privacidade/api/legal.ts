/** LGPD consent records: the versions of the terms of use and privacy notice the office publishes
 * (legal_documents), what each client accepted (client_consents, accept-legal-documents) and what the signed-in
 * client still has to accept (pending_legal_documents). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateTables, readsTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';
import { DOCUMENT_COLUMNS, LEGAL_PENDING_KEY, type LegalDocument, type LegalKind } from './pending';

export { usePendingLegalDocuments } from './pending';
export type { LegalDocument, LegalKind } from './pending';

export interface ClientConsent {
  id: string;
  kind: LegalKind;
  version: string;
  accepted_at: string;
  ip: string | null;
  user_agent: string | null;
}

export const legalKeys = {
  pending: LEGAL_PENDING_KEY,
  current: ['lgpd', 'legal', 'current'] as const,
  consents: (clientId: string) => ['lgpd', 'legal', 'consents', clientId] as const,
};
readsTables(legalKeys.pending, ['legal_documents', 'client_consents']);
readsTables(legalKeys.current, ['legal_documents']);
readsTables(['lgpd', 'legal', 'consents'], ['client_consents']);

export function useAcceptLegalDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (documentIds: string[]) => {
      const { error } = await supabase.functions.invoke('accept-legal-documents', { body: { documentIds } });
      if (error) {
        const context = (error as { context?: Response }).context;
        const detail = context ? await context.json().catch(() => null) : null;
        throw new Error((detail as { error?: string } | null)?.error ?? error.message);
      }
    },
    onSettled: () => invalidateTables(queryClient, ['client_consents']),
  });
}

/** The version in force of each kind. */
export function useCurrentLegalDocuments() {
  return useQuery({
    queryKey: legalKeys.current,
    queryFn: async (): Promise<LegalDocument[]> => {
      const { data, error } = await supabase.rpc('current_legal_documents').select(DOCUMENT_COLUMNS);
      if (error) throw error;
      return (data ?? []) as LegalDocument[];
    },
  });
}

/** What a client accepted, newest first (the client its own; staff any client's). */
export function useClientConsents(clientId: string) {
  return useQuery({
    queryKey: legalKeys.consents(clientId),
    queryFn: async (): Promise<ClientConsent[]> => {
      let query = supabase
        .from('client_consents')
        .select('id, kind, version, accepted_at, ip, user_agent')
        .order('accepted_at', { ascending: false });
      if (clientId) query = query.eq('client_id', clientId);
      const { data, error } = await query.limit(100);
      if (error) throw error;
      return (data ?? []) as ClientConsent[];
    },
  });
}

export interface NewLegalDocument {
  kind: LegalKind;
  version: string;
  title: string;
  body: string;
}

export function usePublishLegalDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: NewLegalDocument) => {
      const { error } = await supabase.from('legal_documents').insert(values);
      if (error) throw error;
    },
    onSettled: () => invalidateTables(queryClient, ['legal_documents']),
  });
}

export function useWithdrawLegalDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase
        .from('legal_documents')
        .update({ withdrawn_at: new Date().toISOString() })
        .eq('id', id);
      if (error) throw error;
    },
    onSettled: () => invalidateTables(queryClient, ['legal_documents']),
  });
}
