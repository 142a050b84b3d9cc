/** Writes of the CRM: save/move/delete a lead, record an activity, convert into a client. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';
import { moveLead, type Lead, type Stage } from '../lib/leads';
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

/** Moving a card: the board changes at once and is put back if the server refuses. */
export function useMoveLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, stage }: { id: string; stage: Stage }) => {
      await supabase.from('leads').update({ stage }).eq('id', id).throwOnError();
    },
    onMutate: async ({ id, stage }) => {
      await queryClient.cancelQueries({ queryKey: leadKeys.list() });
      const previous = queryClient.getQueryData<Lead[]>(leadKeys.list());
      if (previous) queryClient.setQueryData(leadKeys.list(), moveLead(previous, id, stage));
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(leadKeys.list(), context.previous);
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
