import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { InteractionRow } from '../lib/interactions';
import { atendimentoKeys } from './keys';

export function useInteractions() {
  return useQuery({
    queryKey: atendimentoKeys.interactions(),
    queryFn: async () => {
      const { data } = await supabase
        .from('interactions')
        .select('*, client:clients(id, full_name), process:processes(id, type)')
        .order('contact_date', { ascending: false })
        .throwOnError();
      return (data ?? []) as InteractionRow[];
    },
    meta: { errorMessage: 'Erro ao carregar interações: {message}' },
  });
}

export interface ClientOption {
  id: string;
  full_name: string;
  email: string | null;
}

/** Clients for the interaction form: id, full_name, email ordered by full_name. */
export function useClientOptions(enabled: boolean) {
  return useQuery({
    queryKey: atendimentoKeys.clients(),
    enabled,
    queryFn: async () => {
      const { data } = await supabase.from('clients').select('id, full_name, email').order('full_name').throwOnError();
      return (data ?? []) as ClientOption[];
    },
    meta: { errorMessage: 'Erro ao carregar clientes' },
  });
}

export interface ProcessOption {
  id: number;
  type: string;
  client_id: string | null;
  receipt_number: string | null;
}

export function useProcessOptions(enabled: boolean) {
  return useQuery({
    queryKey: atendimentoKeys.processes(),
    enabled,
    queryFn: async () => {
      const { data } = await supabase
        .from('processes')
        .select('id, type, client_id, receipt_number')
        .order('id')
        .throwOnError();
      return (data ?? []) as ProcessOption[];
    },
  });
}
