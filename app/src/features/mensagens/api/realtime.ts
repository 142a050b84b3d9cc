import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabase } from '@/lib/supabase';
import { appendMessage, replaceMessage, type Message } from '../rules';
import { messageKeys } from './keys';

let channelSeq = 0;

/**
 * Live thread: INSERT events on public.messages filtered by client_id are appended to the cached thread
 * (unless already present); UPDATE events (a WhatsApp file stored, a delivery status) replace the cached row.
 * The channel is removed when the screen unmounts.
 */
export function useMessagesRealtime(clientId: string | null | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!clientId) return;
    channelSeq += 1;
    const channel = supabase
      .channel(`messages:${clientId}:${channelSeq}`)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'messages', filter: `client_id=eq.${clientId}` },
        (payload) => {
          const message = payload.new as Message;
          if (!message?.id) return;
          queryClient.setQueryData<Message[]>(messageKeys.thread(clientId), (old) => appendMessage(old, message));
        },
      )
      .on(
        'postgres_changes',
        { event: 'UPDATE', schema: 'public', table: 'messages', filter: `client_id=eq.${clientId}` },
        (payload) => {
          const message = payload.new as Message;
          if (!message?.id) return;
          queryClient.setQueryData<Message[]>(messageKeys.thread(clientId), (old) => replaceMessage(old, message));
        },
      )
      .subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [clientId, queryClient]);
}
