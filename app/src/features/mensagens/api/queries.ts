import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Message } from '../rules';
import { messageKeys } from './keys';

/** select messages by client_id ordered by created_at ascending (oldest first). */
export async function fetchMessages(clientId: string): Promise<Message[]> {
  const { data } = await supabase
    .from('messages')
    .select('id, client_id, sender_type, content, attachment_url, created_at')
    .eq('client_id', clientId)
    .order('created_at', { ascending: true })
    .throwOnError();
  return (data ?? []) as Message[];
}

/** The thread of one client. A failed load is only logged (spec: console log only; the loading state ends). */
export function useMessages(clientId: string | null | undefined) {
  return useQuery({
    queryKey: messageKeys.thread(clientId ?? ''),
    queryFn: async () => {
      try {
        return await fetchMessages(clientId!);
      } catch (error) {
        console.error('Erro ao carregar mensagens', error);
        throw error;
      }
    },
    enabled: Boolean(clientId),
    retry: false,
    meta: { silent: true },
  });
}

export interface ClientSummary {
  id: string;
  full_name: string;
  email: string;
}

/** The client a staff member is writing to (for the page title). */
export async function fetchClientSummary(clientId: string): Promise<ClientSummary | null> {
  const { data } = await supabase
    .from('clients')
    .select('id, full_name, email')
    .eq('id', clientId)
    .maybeSingle()
    .throwOnError();
  return (data ?? null) as ClientSummary | null;
}

export function useClientSummary(clientId: string | undefined) {
  return useQuery({
    queryKey: messageKeys.client(clientId ?? ''),
    queryFn: () => fetchClientSummary(clientId!),
    enabled: Boolean(clientId),
    meta: { errorMessage: 'Erro ao carregar clientes' },
  });
}
