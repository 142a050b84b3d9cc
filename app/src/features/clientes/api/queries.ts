import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { clientesStrings as t } from '../strings';
import type { ClientListItem } from '../types';
import { clientKeys } from './keys';

/** select id, full_name, email, phone, created_at from clients order by created_at desc. */
export async function fetchClients(): Promise<ClientListItem[]> {
  const { data } = await supabase
    .from('clients')
    .select('id, full_name, email, phone, created_at')
    .order('created_at', { ascending: false })
    .throwOnError();
  return (data ?? []) as ClientListItem[];
}

export function useClients() {
  return useQuery({ queryKey: clientKeys.list(), queryFn: fetchClients, meta: { errorMessage: t.loadError } });
}
