/** Shared look-ups for pickers: the staff members (staff_directory()) and the clients, as {id, name} options. */
import { useQuery } from '@tanstack/react-query';
import { readsTables } from '@/lib/data-keys';
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

export function useStaffOptions() {
  return useQuery({ queryKey: peopleKeys.staff, queryFn: fetchStaff, staleTime: 5 * 60_000, meta: { silent: true } });
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
