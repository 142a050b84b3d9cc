import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ilikeAny, pageRange, type Page } from '@/lib/paging';
import { supabase } from '@/lib/supabase';
import type { InteractionRow, InteractionTab } from '../lib/interactions';
import { atendimentoKeys } from './keys';

export interface InteractionListQuery {
  /** 'all', or the status of the tab. */
  tab: InteractionTab;
  search: string;
  page: number;
  pageSize: number;
}

/**
 * One page of the interactions, newest contact first, with the exact number that match: the tab's status and
 * the text (in the description, who registered it, the client's name or the process type) filtered in the query.
 */
export async function fetchInteractionsPage({
  tab,
  search,
  page,
  pageSize,
}: InteractionListQuery): Promise<Page<InteractionRow>> {
  const { from, to } = pageRange(page, pageSize);
  let filter = ilikeAny(['content', 'created_by_name'], search);
  if (filter) {
    // the text may also name the client or the process type: their ids join the filter
    const [clients, processes] = await Promise.all([
      supabase
        .from('clients')
        .select('id')
        .or(ilikeAny(['full_name'], search)!)
        .limit(100)
        .throwOnError(),
      supabase
        .from('processes')
        .select('id')
        .or(ilikeAny(['type'], search)!)
        .limit(100)
        .throwOnError(),
    ]);
    const clientIds = ((clients.data ?? []) as { id: string }[]).map((c) => c.id);
    const processIds = ((processes.data ?? []) as { id: number }[]).map((p) => p.id);
    if (clientIds.length) filter = `${filter},client_id.in.(${clientIds.join(',')})`;
    if (processIds.length) filter = `${filter},process_id.in.(${processIds.join(',')})`;
  }
  let query = supabase
    .from('interactions')
    .select('*, client:clients(id, full_name), process:processes(id, type)', { count: 'exact' });
  if (tab !== 'all') query = query.eq('status', tab);
  if (filter) query = query.or(filter);
  const { data, count } = await query
    .order('contact_date', { ascending: false })
    .order('id', { ascending: false })
    .range(from, to)
    .throwOnError();
  return { rows: (data ?? []) as InteractionRow[], total: count ?? 0 };
}

export function useInteractionsPage(params: InteractionListQuery) {
  return useQuery({
    queryKey: [...atendimentoKeys.interactions(), params] as const,
    queryFn: () => fetchInteractionsPage(params),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Erro ao carregar interações: {message}' },
  });
}
