/** The staff side of a client's conversation: its state (Resolvido, the WhatsApp window), WhatsApp replies through
 *  send_whatsapp_reply, and attaching a file the client sent to one of its pending document requests. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateTables, readsTables } from '@/lib/data-keys';
import { errorMessage } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { appendMessage, type Message } from '../rules';
import { mensagensStrings as t } from '../strings';
import { messageKeys } from './keys';

export interface ConversationState {
  resolvedAt: string | null;
  assignedTo: string | null;
  lastInbound: string | null;
  whatsappEnabled: boolean;
}

export const conversationKeys = {
  state: (clientId: string) => ['conversations', 'state', clientId] as const,
  requests: (clientId: string) => ['conversations', 'requests', clientId] as const,
};
readsTables(['conversations'], ['conversations', 'client_channel_consents', 'messages', 'document_requests']);

export function useConversationState(clientId: string) {
  return useQuery({
    queryKey: conversationKeys.state(clientId),
    queryFn: async (): Promise<ConversationState> => {
      const [{ data: conversation }, { data: consent }] = await Promise.all([
        supabase
          .from('conversations')
          .select('resolved_at, assigned_to, whatsapp_last_inbound_at')
          .eq('client_id', clientId)
          .maybeSingle()
          .throwOnError(),
        supabase
          .from('client_channel_consents')
          .select('granted, phone')
          .eq('client_id', clientId)
          .eq('channel', 'whatsapp')
          .maybeSingle()
          .throwOnError(),
      ]);
      return {
        resolvedAt: (conversation?.resolved_at as string | null) ?? null,
        assignedTo: (conversation?.assigned_to as string | null) ?? null,
        lastInbound: (conversation?.whatsapp_last_inbound_at as string | null) ?? null,
        whatsappEnabled: Boolean(consent?.granted && consent?.phone),
      };
    },
    meta: { silent: true },
  });
}

export function useSetResolved(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (resolved: boolean) => {
      await supabase
        .from('conversations')
        .upsert(
          { client_id: clientId, resolved_at: resolved ? new Date().toISOString() : null },
          { onConflict: 'client_id' },
        )
        .throwOnError();
    },
    onSuccess: () => invalidateTables(queryClient, ['conversations']),
    onError: (error) => toast.error(errorMessage(error, t.resolvedError)),
  });
}

/** Assigns the conversation to a staff member (null: nobody); the database accepts only staff. */
export function useAssignConversation(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (assignee: string | null) => {
      await supabase
        .from('conversations')
        .upsert({ client_id: clientId, assigned_to: assignee }, { onConflict: 'client_id' })
        .throwOnError();
    },
    onSuccess: (_data, assignee) => {
      toast.success(assignee ? t.assigned : t.unassignedDone);
      void invalidateTables(queryClient, ['conversations']);
    },
    onError: (error) => toast.error(errorMessage(error, t.assignError)),
  });
}

export interface PendingRequest {
  id: string;
  document_name: string;
}

/** The client's pending document requests (over all of its processes). */
export function usePendingRequests(clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: conversationKeys.requests(clientId),
    enabled,
    queryFn: async (): Promise<PendingRequest[]> => {
      const { data: processes } = await supabase
        .from('processes')
        .select('id')
        .eq('client_id', clientId)
        .throwOnError();
      const ids = (processes ?? []).map((p) => p.id as number);
      if (ids.length === 0) return [];
      const { data } = await supabase
        .from('document_requests')
        .select('id, document_name')
        .in('process_id', ids)
        .eq('status', 'pending')
        .order('requested_at')
        .throwOnError();
      return (data ?? []) as PendingRequest[];
    },
    meta: { silent: true },
  });
}

export function useAttachToRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ messageId, requestId }: { messageId: string; requestId: string }) => {
      await supabase
        .rpc('attach_message_to_request', { p_message_id: messageId, p_request_id: requestId })
        .throwOnError();
    },
    onSuccess: () => {
      toast.success(t.attached);
      void invalidateTables(queryClient, ['document_requests', 'client_documents']);
    },
    onError: (error) => toast.error(errorMessage(error, t.attachError)),
  });
}

export type ReplyTemplate = 'office_message' | 'document_request' | 'reminder';

export const TEMPLATE_LABELS: Record<ReplyTemplate, string> = {
  office_message: t.templateOfficeMessage,
  document_request: t.templateDocumentRequest,
  reminder: t.templateReminder,
};

/** A staff reply on WhatsApp; the database refuses free text outside the 24-hour window (its message shown). */
export function useSendWhatsApp(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, template }: { text: string; template: ReplyTemplate | null }) => {
      const { data } = await supabase
        .rpc('send_whatsapp_reply', { p_client_id: clientId, p_content: text.trim(), p_template: template })
        .throwOnError();
      return data as Message;
    },
    onSuccess: (message) => {
      queryClient.setQueryData<Message[]>(messageKeys.thread(clientId), (old) => appendMessage(old, message));
      toast.success(t.whatsappSent);
      void invalidateTables(queryClient, ['messages', 'conversations']);
    },
    onError: (error) => toast.error(errorMessage(error, t.sendError)),
  });
}
