import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Message } from '../rules';
import { messageKeys } from './keys';

export const MESSAGE_COLUMNS =
  'id, client_id, sender_type, content, attachment_url, created_at, channel, delivery_status, document_id';
/** How many messages a thread shows at first, and how many more "Carregar anteriores" adds. */
export const MESSAGE_PAGE = 50;

/** Newest first in the query, oldest first on screen. */
function oldestFirst(rows: Message[]): Message[] {
  return [...rows].reverse();
}

/**
 * The latest page of a client's thread: select ... from messages where client_id = $1
 * order by created_at desc, id desc limit MESSAGE_PAGE; returned oldest first (as the thread shows them).
 */
export async function fetchMessages(clientId: string, limit = MESSAGE_PAGE): Promise<Message[]> {
  const { data } = await supabase
    .from('messages')
    .select(MESSAGE_COLUMNS)
    .eq('client_id', clientId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit)
    .throwOnError();
  return oldestFirst((data ?? []) as Message[]);
}

/** The page of messages just before `oldest` (created earlier, or at the same instant with a smaller id). */
export async function fetchOlderMessages(
  clientId: string,
  oldest: Pick<Message, 'id' | 'created_at'>,
  limit = MESSAGE_PAGE,
): Promise<Message[]> {
  const at = `"${oldest.created_at}"`;
  const { data } = await supabase
    .from('messages')
    .select(MESSAGE_COLUMNS)
    .eq('client_id', clientId)
    .or(`created_at.lt.${at},and(created_at.eq.${at},id.lt.${oldest.id})`)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit)
    .throwOnError();
  return oldestFirst((data ?? []) as Message[]);
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

/** How many messages the office sent the client: counted by the database, not from the page on screen. */
export function useOfficeMessageCount(clientId: string | null | undefined) {
  return useQuery({
    queryKey: [...messageKeys.thread(clientId ?? ''), 'office-count'] as const,
    enabled: Boolean(clientId),
    queryFn: async () => {
      const { count } = await supabase
        .from('messages')
        .select('id', { count: 'exact', head: true })
        .eq('client_id', clientId!)
        .eq('sender_type', 'office')
        .throwOnError();
      return count ?? 0;
    },
    meta: { silent: true },
  });
}
