/** What the signed-in client still has to accept (pending_legal_documents): asked by the portal's gate before
 * every portal page, so it is kept apart from the rest of the consent records (./legal.ts), small enough to load
 * with the app. ./legal.ts registers the key's tables, so accepting refreshes it. */
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export type LegalKind = 'terms_of_use' | 'privacy_notice';

export interface LegalDocument {
  id: string;
  kind: LegalKind;
  version: string;
  title: string;
  body: string;
  published_at: string;
  withdrawn_at: string | null;
}

export const LEGAL_PENDING_KEY = ['lgpd', 'legal', 'pending'] as const;
export const DOCUMENT_COLUMNS = 'id, kind, version, title, body, published_at, withdrawn_at';

/** The versions in force the signed-in client has not accepted (none for staff). */
export function usePendingLegalDocuments(enabled = true) {
  return useQuery({
    queryKey: LEGAL_PENDING_KEY,
    enabled,
    queryFn: async (): Promise<LegalDocument[]> => {
      const { data, error } = await supabase.rpc('pending_legal_documents').select(DOCUMENT_COLUMNS);
      if (error) throw error;
      return (data ?? []) as LegalDocument[];
    },
    staleTime: 60_000,
  });
}
