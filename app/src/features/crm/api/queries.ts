/** Reads of the CRM: leads, a lead's activities, the office's case-type catalogue (case_types). */
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { LEAD_COLUMNS, type Lead } from '../lib/leads';
import { crmStrings as t } from '../strings';
import { leadKeys } from './keys';

export function useLeads() {
  return useQuery({
    queryKey: leadKeys.list(),
    queryFn: async () => {
      const { data } = await supabase
        .from('leads')
        .select(LEAD_COLUMNS)
        .order('stage_changed_at', { ascending: false })
        .throwOnError();
      return (data ?? []) as Lead[];
    },
    meta: { errorMessage: t.loadError },
  });
}

export interface LeadActivity {
  id: string;
  kind: string;
  body: string;
  author_id: string | null;
  created_at: string;
}

export function useLeadActivities(leadId: string | null) {
  return useQuery({
    queryKey: leadKeys.activities(leadId ?? ''),
    queryFn: async () => {
      const { data } = await supabase
        .from('lead_activities')
        .select('id, kind, body, author_id, created_at')
        .eq('lead_id', leadId!)
        .order('created_at', { ascending: false })
        .throwOnError();
      return (data ?? []) as LeadActivity[];
    },
    enabled: Boolean(leadId),
    meta: { silent: true },
  });
}

export function useCaseTypes() {
  return useQuery({
    queryKey: leadKeys.caseTypes(),
    queryFn: async () => {
      const { data } = await supabase
        .from('case_types')
        .select('label')
        .eq('is_active', true)
        .order('sort_order')
        .throwOnError();
      return ((data ?? []) as { label: string }[]).map((row) => row.label);
    },
    meta: { silent: true },
  });
}
