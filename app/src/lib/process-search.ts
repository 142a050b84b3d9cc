/**
 * The process picker's look-ups: processes found as the user types (by type, receipt number or number, of one
 * client when a client is chosen) and the chosen process's label. Never a list of every process.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { readsTables } from '@/lib/data-keys';
import { ilikeAny } from '@/lib/paging';
import { supabase } from '@/lib/supabase';

export const processSearchKeys = {
  all: ['process-search'] as const,
  search: (clientId: string, term: string) => ['process-search', 'search', clientId, term] as const,
  one: (id: string) => ['process-search', 'one', id] as const,
};

// a write to processes refreshes the picker
readsTables(processSearchKeys.all, ['processes']);

/** How many processes a picker lists at once; typing narrows the list in the query. */
export const PROCESS_PICKER_LIMIT = 50;

export interface ProcessOption {
  id: number;
  type: string;
  client_id: string | null;
  receipt_number: string | null;
}

/** 'I-130 (#12 · IOE0912345678)': what the picker shows for a process. */
export function processLabel(process: ProcessOption): string {
  return `${process.type} (#${process.id}${process.receipt_number ? ` · ${process.receipt_number}` : ''})`;
}

/**
 * The newest PROCESS_PICKER_LIMIT processes (of `clientId` when given) whose type or receipt number contains
 * `term`, or whose number is `term`, and whether there are more.
 */
export async function searchProcessOptions(
  clientId: string,
  term: string,
): Promise<{ options: ProcessOption[]; more: boolean }> {
  let query = supabase.from('processes').select('id, type, client_id, receipt_number');
  if (clientId) query = query.eq('client_id', clientId);
  let filter = ilikeAny(['type', 'receipt_number'], term);
  const number = term.trim().replace(/^#/, '');
  // a process number: digits only (bound as an integer), within PostgreSQL's bigint
  if (filter && /^\d{1,15}$/.test(number)) filter = `${filter},id.eq.${Number(number)}`;
  if (filter) query = query.or(filter);
  const { data } = await query
    .order('id', { ascending: false })
    .limit(PROCESS_PICKER_LIMIT + 1)
    .throwOnError();
  const rows = (data ?? []) as ProcessOption[];
  return { options: rows.slice(0, PROCESS_PICKER_LIMIT), more: rows.length > PROCESS_PICKER_LIMIT };
}

export function useProcessSearch(clientId: string, term: string, enabled = true) {
  return useQuery({
    queryKey: processSearchKeys.search(clientId, term),
    enabled,
    queryFn: () => searchProcessOptions(clientId, term),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    meta: { silent: true },
  });
}

/** One process by number (the picker's chosen process, wherever it is in the list). */
export function useProcessOption(id: string | null | undefined) {
  return useQuery({
    queryKey: processSearchKeys.one(id ?? ''),
    enabled: Boolean(id),
    queryFn: async () => {
      const { data } = await supabase
        .from('processes')
        .select('id, type, client_id, receipt_number')
        .eq('id', Number(id))
        .maybeSingle()
        .throwOnError();
      return (data ?? null) as ProcessOption | null;
    },
    staleTime: 60_000,
    meta: { silent: true },
  });
}
