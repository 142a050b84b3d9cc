/**
 * Documents of a client (optionally of one process): list, office upload (internal unless shared), sharing with
 * the client, deletion (row and file), download through a signed URL.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import { DOCUMENTS_BUCKET } from '@/lib/storage';
import { supabase } from '@/lib/supabase';
import { processKeys } from './keys';

export interface StaffDocument {
  id: string;
  client_id: string;
  process_id: number | null;
  name: string;
  file_path: string;
  uploaded_by: 'client' | 'office';
  document_type: string | null;
  document_request_id: string | null;
  /** Whether the client sees it in the portal (always true for what the client uploads). */
  shared_with_client: boolean;
  created_at: string;
}

const documentKeys = (clientId: string, processId: number | null) =>
  [...processKeys.all, 'client-documents', clientId, processId ?? 'all'] as const;

export function useDocuments(clientId: string | null | undefined, processId: number | null = null) {
  return useQuery({
    queryKey: documentKeys(clientId ?? '', processId),
    enabled: Boolean(clientId) || processId !== null,
    queryFn: async () => {
      let query = supabase.from('client_documents').select('*');
      query = processId !== null ? query.eq('process_id', processId) : query.eq('client_id', clientId!);
      const { data } = await query.order('created_at', { ascending: false }).throwOnError();
      return (data ?? []) as StaffDocument[];
    },
  });
}

/** <client_id>/<timestamp>-office.<ext>: the client's folder (the client reads it only once it is shared). */
export function officeDocumentPath(clientId: string, fileName: string, now = Date.now()): string {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase();
  return `${clientId}/${now}-office${ext ? `.${ext}` : ''}`;
}

export function useUploadOfficeDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      clientId,
      processId,
      file,
      name,
      shared,
    }: {
      clientId: string;
      processId: number | null;
      file: File;
      name: string;
      /** "Compartilhar com o cliente": otherwise the document stays internal to the office. */
      shared: boolean;
    }) => {
      const path = officeDocumentPath(clientId, file.name);
      const { error } = await supabase.storage.from(DOCUMENTS_BUCKET).upload(path, file, {
        contentType: file.type || undefined,
        upsert: false,
      });
      if (error) throw error;
      const { error: insertError } = await supabase.from('client_documents').insert({
        client_id: clientId,
        process_id: processId,
        name: name.trim(),
        file_path: path,
        uploaded_by: 'office',
        shared_with_client: shared,
      });
      if (insertError) {
        // no stored file without its document row
        await supabase.storage.from(DOCUMENTS_BUCKET).remove([path]);
        throw insertError;
      }
    },
    onSuccess: () => invalidateTables(queryClient, ['client_documents', 'document_requests', 'notifications']),
  });
}

/** Shares a document with the client (it appears in the portal) or makes it internal again. */
export function useSetDocumentShared() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, shared }: { id: string; shared: boolean }) => {
      const { data } = await supabase
        .from('client_documents')
        .update({ shared_with_client: shared })
        .eq('id', id)
        .select('id')
        .throwOnError();
      if (!data || data.length === 0) throw new Error('Documento não encontrado');
    },
    onSettled: () => invalidateTables(queryClient, ['client_documents']),
  });
}

/** Deletes the document's row, then its stored file. */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (doc: Pick<StaffDocument, 'id' | 'file_path'>) => {
      const { data } = await supabase.from('client_documents').delete().eq('id', doc.id).select('id').throwOnError();
      if (!data || data.length === 0) throw new Error('Documento não encontrado');
      const { error } = await supabase.storage.from(DOCUMENTS_BUCKET).remove([doc.file_path]);
      if (error) throw error;
    },
    onSettled: () => invalidateTables(queryClient, ['client_documents']),
  });
}

/** A short-lived signed URL, opened in a new tab (the bucket is private). */
export async function openDocument(path: string): Promise<void> {
  const { data, error } = await supabase.storage.from(DOCUMENTS_BUCKET).createSignedUrl(path, 60);
  if (error || !data) throw error ?? new Error('Documento não encontrado');
  window.open(data.signedUrl, '_blank', 'noopener');
}

/** What a USCIS notice (I-797) proposes as a tracked receipt; nothing is stored until staff confirm. */
export interface NoticeProposal {
  receiptNumber: string;
  form: string | null;
  noticeDate: string | null;
}

export async function readUscisNotice(documentId: string): Promise<NoticeProposal | null> {
  const { data, error } = await supabase.functions.invoke('read-uscis-notice', { body: { documentId } });
  if (error) throw error;
  return ((data as { proposal: NoticeProposal | null } | null)?.proposal ?? null) as NoticeProposal | null;
}

/** Staff confirmed the proposal: the receipt is tracked on the process. */
export function useTrackReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ processId, receiptNumber }: { processId: number; receiptNumber: string }) => {
      await supabase
        .from('uscis_receipts')
        .insert({ process_id: processId, receipt_number: receiptNumber })
        .throwOnError();
    },
    // the receipt shows on its process (the database gives a process without one its first receipt)
    onSettled: () => invalidateTables(queryClient, ['uscis_receipts', 'uscis_status_history', 'processes']),
  });
}
