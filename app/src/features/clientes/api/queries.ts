import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { ilikeAny, pageRange, type Page } from '@/lib/paging';
import { clientesStrings as t } from '../strings';
import type { ClientListItem } from '../types';
import { clientKeys } from './keys';

export const CLIENT_COLUMNS = 'id, full_name, email, phone, created_at';
/** The columns the clients search looks in (case-insensitive, anywhere in the text). */
export const CLIENT_SEARCH_COLUMNS = ['full_name', 'email', 'phone'] as const;

export interface ClientListQuery {
  search: string;
  page: number;
  pageSize: number;
}

/**
 * One page of the clients, newest first, with the exact number that match the search:
 * select id, full_name, email, phone, created_at from clients [where name/e-mail/phone ilike %term%]
 * order by created_at desc, id limit pageSize offset (page-1)*pageSize.
 */
export async function fetchClientsPage({ search, page, pageSize }: ClientListQuery): Promise<Page<ClientListItem>> {
  const { from, to } = pageRange(page, pageSize);
  let query = supabase.from('clients').select(CLIENT_COLUMNS, { count: 'exact' });
  const filter = ilikeAny(CLIENT_SEARCH_COLUMNS, search);
  if (filter) query = query.or(filter);
  const { data, count } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, to)
    .throwOnError();
  return { rows: (data ?? []) as ClientListItem[], total: count ?? 0 };
}

export function useClientsPage(params: ClientListQuery) {
  return useQuery({
    queryKey: [...clientKeys.list(), params] as const,
    queryFn: () => fetchClientsPage(params),
    placeholderData: keepPreviousData,
    meta: { errorMessage: t.loadError },
  });
}
