import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import { toast } from '@/lib/toast';
import { DOCUMENTS_BUCKET } from '@/lib/storage';
import { supabase } from '@/lib/supabase';
import { documentPath } from '../rules/documents';
import { portalStrings as t } from '../strings';

export interface UploadDocumentInput {
  file: File;
  name: string;
  documentType: string | null;
  /** processes.id (client_documents.process_id references processes), or null. */
  processId: number | null;
  /** The document request this upload answers (it becomes Recebido by itself), or null. */
  requestId?: string | null;
}

/**
 * Stores the file in client_documents under <client_id>/<timestamp>.<ext>, then inserts
 * {client_id, process_id, name, file_path, uploaded_by: 'client', document_type}.
 */
export async function uploadDocument(clientId: string, input: UploadDocumentInput): Promise<void> {
  const filePath = documentPath(clientId, input.file.name);
  const { error } = await supabase.storage.from(DOCUMENTS_BUCKET).upload(filePath, input.file, {
    contentType: input.file.type || undefined,
    upsert: false,
  });
  if (error) throw error;
  await supabase
    .from('client_documents')
    .insert({
      client_id: clientId,
      process_id: input.processId,
      name: input.name.trim(),
      file_path: filePath,
      uploaded_by: 'client',
      document_type: input.documentType || null,
      document_request_id: input.requestId ?? null,
    })
    .throwOnError();
}

export function useUploadDocument(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadDocumentInput) => uploadDocument(clientId, input),
    onSuccess: async () => {
      toast.success(t.uploaded);
      await invalidateTables(queryClient, ['client_documents', 'document_requests', 'notifications']);
    },
    onError: (error) => {
      console.error(t.uploadError, error);
      toast.error(t.uploadError);
    },
  });
}
