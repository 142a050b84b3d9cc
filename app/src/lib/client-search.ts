/**
 * The client picker's look-ups: clients found as the user types and the chosen client's name. Kept apart from
 * lib/people (part of the first screen's kit) so the login screen does not download them.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { readsTables } from '@/lib/data-keys';
import { ilikeAny } from '@/lib/paging';
import { peopleKeys, type PersonOption } from '@/lib/people';
import { supabase } from '@/lib/supabase';

// under the clients' key of lib/people: a write to clients refreshes the picker too
readsTables(peopleKeys.clients, ['clients']);

/** How many clients a picker lists at once; typing narrows the list in the query. */
export const CLIENT_PICKER_LIMIT = 50;

/**
 * The first CLIENT_PICKER_LIMIT clients (by name) whose name or e-mail contains `term`, and whether there are
 * more: the picker queries as the user types instead of loading every client.
 */
export async function searchClientOptions(term: string): Promise<{ options: PersonOption[]; more: boolean }> {
  let query = supabase.from('clients').select('id, full_name');
  const filter = ilikeAny(['full_name', 'email'], term);
  if (filter) query = query.or(filter);
  const { data } = await query
    .order('full_name')
    .order('id')
    .limit(CLIENT_PICKER_LIMIT + 1)
    .throwOnError();
  const rows = (data ?? []) as { id: string; full_name: string }[];
  return {
    options: rows.slice(0, CLIENT_PICKER_LIMIT).map((row) => ({ id: row.id, name: row.full_name })),
    more: rows.length > CLIENT_PICKER_LIMIT,
  };
}

export function useClientSearch(term: string, enabled = true) {
  return useQuery({
    queryKey: [...peopleKeys.clients, 'search', term] as const,
    enabled,
    queryFn: () => searchClientOptions(term),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    meta: { silent: true },
  });
}

/** One client's name by id (the picker's chosen client, wherever it is in the list). */
export function useClientName(id: string | null | undefined) {
  return useQuery({
    queryKey: [...peopleKeys.clients, 'name', id ?? ''] as const,
    enabled: Boolean(id),
    queryFn: async () => {
      const { data } = await supabase
        .from('clients')
        .select('id, full_name')
        .eq('id', id!)
        .maybeSingle()
        .throwOnError();
      const row = data as { id: string; full_name: string } | null;
      return row ? ({ id: row.id, name: row.full_name } satisfies PersonOption) : null;
    },
    staleTime: 60_000,
    meta: { silent: true },
  });
}
