import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import { toast } from '@/lib/toast';
import { supabase } from '@/lib/supabase';
import { mensagensStrings as t } from '../strings';
import { appendMessage, attachmentPath, type Message, type SenderType } from '../rules';
import { messageKeys } from './keys';
import { MESSAGE_COLUMNS } from './queries';
import { DOCUMENTS_BUCKET } from '@/lib/storage';

export interface SendMessageInput {
  text: string;
  file: File | null;
}

/**
 * Optionally uploads the attachment to client_documents under attachments/<client_id>/<timestamp>-<name>,
 * then inserts {client_id, sender_type, content, attachment_url}. Returns the stored row.
 */
export async function sendMessage(
  clientId: string,
  senderType: SenderType,
  { text, file }: SendMessageInput,
): Promise<Message> {
  let path: string | null = null;
  if (file) {
    path = attachmentPath(clientId, file.name);
    const { error } = await supabase.storage.from(DOCUMENTS_BUCKET).upload(path, file, {
      contentType: file.type || undefined,
      upsert: false,
    });
    if (error) throw error;
  }
  const { data } = await supabase
    .from('messages')
    .insert({ client_id: clientId, sender_type: senderType, content: text.trim(), attachment_url: path })
    .select(MESSAGE_COLUMNS)
    .single()
    .throwOnError();
  return data as Message;
}

export function useSendMessage(clientId: string, senderType: SenderType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) => sendMessage(clientId, senderType, input),
    onSuccess: (message) => {
      queryClient.setQueryData<Message[]>(messageKeys.thread(clientId), (old) => appendMessage(old, message));
      toast.success(t.sent);
      // the other views of the thread (client page, unread counts) and the recipient's notification
      void invalidateTables(queryClient, ['messages', 'notifications']);
    },
    onError: (error) => {
      console.error(t.sendError, error);
      toast.error(t.sendError);
    },
  });
}
