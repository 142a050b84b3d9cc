/**
 * Reads of the CRM: the board's columns (paged by the server) and per-stage counts, a lead, its activities, the
 * office's case-type catalogue (case_types).
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ilikeAny, pageRange } from '@/lib/paging';
import { supabase } from '@/lib/supabase';
import { emptyCounts, isStage, LEAD_COLUMNS, type Lead, type Stage, type StageCounts } from '../lib/leads';
import { crmStrings as t } from '../strings';
import { leadKeys } from './keys';

/** How many cards a column shows at first, and how many more "Carregar mais" adds. */
export const LEAD_PAGE_SIZE = 25;
/** The columns the board's search looks in (case-insensitive, anywhere in the text). */
export const LEAD_SEARCH_COLUMNS = ['name', 'email', 'phone'] as const;

/**
 * Page `page` (0-based) of one column, newest move first:
 * select ... from leads where stage = $stage [and name/e-mail/phone ilike %term%]
 * order by stage_changed_at desc, id desc limit 25 offset page*25 (index leads_stage_board_idx).
 */
export async function fetchLeadColumnPage(stage: Stage, search: string, page: number): Promise<Lead[]> {
  const { from, to } = pageRange(page + 1, LEAD_PAGE_SIZE);
  let query = supabase.from('leads').select(LEAD_COLUMNS).eq('stage', stage);
  const filter = ilikeAny(LEAD_SEARCH_COLUMNS, search);
  if (filter) query = query.or(filter);
  const { data } = await query
    .order('stage_changed_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, to)
    .throwOnError();
  return (data ?? []) as Lead[];
}

/** One column of the board: its loaded pages; fetchNextPage is "Carregar mais". */
export function useLeadColumn(stage: Stage, search: string) {
  return useInfiniteQuery({
    queryKey: leadKeys.column(stage, search),
    queryFn: ({ pageParam }) => fetchLeadColumnPage(stage, search, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length < LEAD_PAGE_SIZE ? undefined : pages.length),
    placeholderData: keepPreviousData,
    meta: { errorMessage: t.loadError },
  });
}

/** Each stage's exact number of leads for the search, counted by the database in one call (RLS applies). */
export function useLeadStageCounts(search: string) {
  return useQuery({
    queryKey: leadKeys.stageCounts(search),
    queryFn: async (): Promise<StageCounts> => {
      const { data } = await supabase.rpc('lead_stage_counts', { p_search: search || undefined }).throwOnError();
      const counts = emptyCounts();
      for (const row of (data ?? []) as { stage: string; total: number }[]) {
        if (isStage(row.stage)) counts[row.stage] = Number(row.total);
      }
      return counts;
    },
    placeholderData: keepPreviousData,
    meta: { errorMessage: t.loadError },
  });
}

/** One lead as stored now (the dialog shows what the server holds, e.g. once converted). */
export function useLead(id: string | null) {
  return useQuery({
    queryKey: leadKeys.detail(id ?? ''),
    queryFn: async () => {
      const { data } = await supabase.from('leads').select(LEAD_COLUMNS).eq('id', id!).maybeSingle().throwOnError();
      return (data ?? null) as Lead | null;
    },
    enabled: Boolean(id),
    meta: { silent: true },
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
