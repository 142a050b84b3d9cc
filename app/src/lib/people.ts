/** Shared look-ups for pickers: the staff members (staff_directory()) and the clients, as {id, name} options. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { readsTables } from '@/lib/data-keys';
import { ilikeAny } from '@/lib/paging';
import { supabase } from '@/lib/supabase';

export interface PersonOption {
  id: string;
  name: string;
}

export const peopleKeys = {
  staff: ['people', 'staff'] as const,
  clients: ['people', 'clients'] as const,
};

readsTables(peopleKeys.staff, ['profiles', 'user_roles']);
readsTables(peopleKeys.clients, ['clients']);

export async function fetchStaff(): Promise<PersonOption[]> {
  const { data } = await supabase.rpc('staff_directory').throwOnError();
  return ((data ?? []) as { id: string; full_name: string }[]).map((row) => ({ id: row.id, name: row.full_name }));
}

export async function fetchClientOptions(): Promise<PersonOption[]> {
  const { data } = await supabase.from('clients').select('id, full_name').order('full_name').throwOnError();
  return ((data ?? []) as { id: string; full_name: string }[]).map((row) => ({ id: row.id, name: row.full_name }));
}

export function useStaffOptions() {
  return useQuery({ queryKey: peopleKeys.staff, queryFn: fetchStaff, staleTime: 5 * 60_000, meta: { silent: true } });
}

export function useClientOptions() {
  return useQuery({
    queryKey: peopleKeys.clients,
    queryFn: fetchClientOptions,
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/** The name of an id among options, or the fallback. */
export function nameOf(
  options: readonly PersonOption[] | undefined,
  id: string | null | undefined,
  fallback = '-',
): string {
  if (!id) return fallback;
  return options?.find((option) => option.id === id)?.name ?? fallback;
}

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

/** The names of the given clients (labels of rows that name a client), however many clients there are. */
export function useClientNames(ids: readonly string[]) {
  const wanted = [...new Set(ids.filter(Boolean))].sort();
  return useQuery({
    queryKey: [...peopleKeys.clients, 'names', ...wanted] as const,
    enabled: wanted.length > 0,
    queryFn: async () => {
      const { data } = await supabase.from('clients').select('id, full_name').in('id', wanted).throwOnError();
      return ((data ?? []) as { id: string; full_name: string }[]).map((row) => ({ id: row.id, name: row.full_name }));
    },
    staleTime: 60_000,
    meta: { silent: true },
  });
}
