/** Atendimento > Mensagens: one page of conversations (conversation_list), the filters' totals (conversation_counts),
 *  both computed by the database for staff only, and the live refresh of both when a message or a conversation
 *  changes. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabase } from '@/lib/supabase';
import type { MessageChannel, SenderType } from '../rules';

export type ConversationFilter = 'all' | 'unread' | 'mine' | 'unassigned' | 'resolved';
export const CONVERSATION_FILTERS: readonly ConversationFilter[] = ['all', 'unread', 'mine', 'unassigned', 'resolved'];

export interface ConversationRow {
  client_id: string;
  client_name: string;
  last_message_at: string;
  last_message: string | null;
  last_channel: MessageChannel;
  last_sender: SenderType;
  channels: MessageChannel[];
  unread: number;
  assigned_to: string | null;
  assigned_name: string | null;
  resolved_at: string | null;
  total: number;
}

export type ConversationCounts = Record<ConversationFilter, number>;

export interface ConversationListQuery {
  filter: ConversationFilter;
  search: string;
  page: number;
  pageSize: number;
}

/** Under ['conversations'], which reads conversations, messages and clients (see conversation.ts). */
export const inboxKeys = {
  all: ['conversations', 'inbox'] as const,
  list: (query: ConversationListQuery) => [...inboxKeys.all, 'list', query] as const,
  counts: (search: string) => [...inboxKeys.all, 'counts', search] as const,
};

export async function fetchConversationPage({
  filter,
  search,
  page,
  pageSize,
}: ConversationListQuery): Promise<ConversationRow[]> {
  const { data } = await supabase
    .rpc('conversation_list', {
      p_filter: filter,
      p_search: search || null,
      p_limit: pageSize,
      p_offset: (Math.max(1, page) - 1) * pageSize,
    })
    .throwOnError();
  return ((data ?? []) as ConversationRow[]).map((row) => ({
    ...row,
    unread: Number(row.unread),
    total: Number(row.total),
  }));
}

export function useConversationPage(query: ConversationListQuery) {
  return useQuery({
    queryKey: inboxKeys.list(query),
    queryFn: () => fetchConversationPage(query),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Erro ao carregar conversas: {message}' },
  });
}

export function useConversationCounts(search: string) {
  return useQuery({
    queryKey: inboxKeys.counts(search),
    queryFn: async (): Promise<ConversationCounts> => {
      const { data } = await supabase.rpc('conversation_counts', { p_search: search || null }).throwOnError();
      const row = ((data ?? []) as Record<string, number | string>[])[0] ?? {};
      return {
        all: Number(row.all_count ?? 0),
        unread: Number(row.unread_count ?? 0),
        mine: Number(row.mine_count ?? 0),
        unassigned: Number(row.unassigned_count ?? 0),
        resolved: Number(row.resolved_count ?? 0),
      };
    },
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

let channelSeq = 0;

/** Any message or conversation change (a new message, a read receipt, an assignment, "Resolvido") refreshes the
 *  list and its totals; RLS decides which changes reach the screen. */
export function useInboxRealtime() {
  const queryClient = useQueryClient();
  useEffect(() => {
    channelSeq += 1;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      // a burst of changes (a thread marked read) refreshes once
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: inboxKeys.all }), 150);
    };
    const channel = supabase
      .channel(`conversations-inbox:${channelSeq}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'messages' }, refresh)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'conversations' }, refresh)
      .subscribe();
    return () => {
      clearTimeout(timer);
      void supabase.removeChannel(channel);
    };
  }, [queryClient]);
}
