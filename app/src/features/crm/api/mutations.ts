/** Writes of the CRM: save/move/delete a lead, record an activity, convert into a client. */
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';
import { moveCount, withLeadFirst, withoutLead, type Lead, type Stage, type StageCounts } from '../lib/leads';
import { leadKeys } from './keys';

export type LeadRow = Pick<
  Lead,
  'name' | 'email' | 'phone' | 'source' | 'case_type_interest' | 'stage' | 'owner_id' | 'notes'
>;

export function useSaveLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, row }: { id: string | null; row: LeadRow }) => {
      if (id) await supabase.from('leads').update(row).eq('id', id).throwOnError();
      else await supabase.from('leads').insert(row).throwOnError();
    },
    onSuccess: () => invalidateTables(queryClient, ['leads', 'lead_activities']),
  });
}

/**
 * Moving a card: it leaves its column and heads the new one at once, the headers' counts follow, and all is put
 * back if the server refuses; then every column and count is read again.
 */
export function useMoveLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ lead, stage }: { lead: Lead; stage: Stage }) => {
      await supabase.from('leads').update({ stage }).eq('id', lead.id).throwOnError();
    },
    onMutate: async ({ lead, stage }) => {
      await queryClient.cancelQueries({ queryKey: leadKeys.all });
      const previous = queryClient.getQueriesData({ queryKey: leadKeys.all });
      const columns = queryClient.getQueriesData<InfiniteData<Lead[], number>>({ queryKey: leadKeys.columns() });
      // the searches the lead matches: those whose columns hold it (the moved card appears only there)
      const searches = new Set(
        columns.filter(([, data]) => data?.pages.some((p) => p.some((l) => l.id === lead.id))).map(([key]) => key[3]),
      );
      const now = new Date();
      for (const [key, data] of columns) {
        if (!data) continue;
        if (key[2] !== stage) queryClient.setQueryData(key, { ...data, pages: withoutLead(data.pages, lead.id) });
        else if (searches.has(key[3])) {
          queryClient.setQueryData(key, { ...data, pages: withLeadFirst(data.pages, lead, stage, now) });
        }
      }
      for (const [key, counts] of queryClient.getQueriesData<StageCounts>({ queryKey: leadKeys.counts() })) {
        if (counts && searches.has(key[2])) queryClient.setQueryData(key, moveCount(counts, lead.stage, stage));
      }
      return { previous };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => invalidateTables(queryClient, ['leads', 'lead_activities']),
  });
}

export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await supabase.from('leads').delete().eq('id', id).throwOnError();
    },
    onSuccess: () => invalidateTables(queryClient, ['leads', 'lead_activities']),
  });
}

export function useAddLeadActivity(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, body }: { kind: string; body: string }) => {
      await supabase.from('lead_activities').insert({ lead_id: leadId, kind, body }).throwOnError();
    },
    onSuccess: () => invalidateTables(queryClient, ['lead_activities']),
  });
}

export function useConvertLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, password }: { id: string; password: string }) => {
      const { data } = await supabase.rpc('convert_lead', { p_lead_id: id, p_password: password }).throwOnError();
      return data;
    },
    onSuccess: () => {
      void invalidateTables(queryClient, ['leads', 'lead_activities', 'clients', 'profiles', 'user_roles']);
    },
  });
}
