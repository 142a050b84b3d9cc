import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { invalidateTables } from '@/lib/data-keys';
import { todayISO } from '@/lib/format';
import { saveBlob } from '@/lib/storage';
import { fill, processStrings as t } from '../strings';
import type { DocumentRequest, ProcessRow } from './types';

/** Who a notification goes to: the client's e-mail (or phone for WhatsApp), else the client's name. */
export function notificationRecipient(process: ProcessRow, channel: 'email' | 'whatsapp'): string | null {
  const contact = channel === 'whatsapp' ? process.client?.phone : process.client?.email;
  return contact || process.client?.full_name || process.client_name || null;
}

/** The request to update no longer exists (the spec's "Documento não encontrado"). */
export class DocumentNotFoundError extends Error {
  constructor() {
    super(t.documentNotFound);
    this.name = 'DocumentNotFoundError';
  }
}

/** Failure at the notification step (after the main write succeeded). */
export class NotificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotificationError';
  }
}

export interface DocumentRequestVars {
  process: ProcessRow;
  documentName: string;
  documentDescription?: string;
  isRequired: boolean;
}

/**
 * Inserts the request, then the spec's process_notifications row of type document_request. The database
 * trigger notify_document_request sends the client's notification (notifications table) on its own; this row
 * is the process's notification log, which no trigger writes.
 */
export function useRequestDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ process, documentName, documentDescription, isRequired }: DocumentRequestVars) => {
      const name = documentName.trim();
      await supabase
        .from('document_requests')
        .insert({
          process_id: process.id,
          document_name: name,
          document_description: documentDescription?.trim() || null,
          is_required: isRequired,
        })
        .throwOnError();
      const { error } = await supabase.from('process_notifications').insert({
        process_id: process.id,
        notification_type: 'document_request',
        notification_channel: 'email',
        content: fill(t.documentRequestContent, { name }),
        recipient: notificationRecipient(process, 'email'),
      });
      if (error) throw new NotificationError(error.message);
    },
    onSettled: () => invalidateTables(queryClient, ['document_requests', 'process_notifications', 'notifications']),
  });
}

/** Recebido: fulfilled + fulfilled_at now; Pendente: pending + fulfilled_at cleared. */
export function documentStatusPatch(fulfilled: boolean, now: Date = new Date()) {
  return fulfilled
    ? { status: 'fulfilled' as const, fulfilled_at: now.toISOString() }
    : { status: 'pending' as const, fulfilled_at: null };
}

export function useSetDocumentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ request, fulfilled }: { request: DocumentRequest; fulfilled: boolean }) => {
      const { data } = await supabase
        .from('document_requests')
        .update(documentStatusPatch(fulfilled))
        .eq('id', request.id)
        .select('id')
        .throwOnError();
      if (!data || data.length === 0) throw new DocumentNotFoundError();
    },
    onSettled: () => invalidateTables(queryClient, ['document_requests']),
  });
}

/** Moves a request one step (solicitado → recebido → apostilado → traduzido → pronto); the database checks it. */
export function useSetDocumentStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ request, stage }: { request: DocumentRequest; stage: string }) => {
      const { data } = await supabase
        .from('document_requests')
        .update({ stage })
        .eq('id', request.id)
        .select('id')
        .throwOnError();
      if (!data || data.length === 0) throw new DocumentNotFoundError();
    },
    onSettled: () => invalidateTables(queryClient, ['document_requests']),
  });
}

/** Accepts a received document, or rejects it with the reason the client reads (back to pending). */
export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      request,
      accepted,
      reason,
    }: {
      request: DocumentRequest;
      accepted: boolean;
      reason?: string;
    }) => {
      const { data } = await supabase
        .from('document_requests')
        .update(
          accepted
            ? { review_status: 'accepted' }
            : { review_status: 'rejected', rejection_reason: (reason ?? '').trim() },
        )
        .eq('id', request.id)
        .select('id')
        .throwOnError();
      if (!data || data.length === 0) throw new DocumentNotFoundError();
    },
    onSettled: () => invalidateTables(queryClient, ['document_requests']),
  });
}

/** The translator's certification (PDF from the office's template) of a request that needs a certified translation. */
export async function downloadTranslationCertificate(request: DocumentRequest, translatorName: string): Promise<void> {
  const { data, error } = await supabase.functions.invoke('translation-certificate', {
    body: { requestId: request.id, translatorName: translatorName.trim(), sourceLanguage: 'pt' },
  });
  if (error) throw error;
  const blob = data instanceof Blob ? data : new Blob([data as BlobPart], { type: 'application/pdf' });
  saveBlob(blob, `certificado-de-traducao-${request.document_name}.pdf`);
}

/** Marks a USCIS form as downloaded (status Disponível). */
export type AddReceiptResult = 'added' | 'tracked';

/** Checks the receipt is not tracked yet, then inserts process_id + receipt_number. */
export function useAddReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      receiptNumber,
      processId,
    }: {
      receiptNumber: string;
      processId: number;
    }): Promise<AddReceiptResult> => {
      const { data: existing } = await supabase
        .from('uscis_receipts')
        .select('id')
        .eq('receipt_number', receiptNumber)
        .limit(1)
        .throwOnError();
      if (existing && existing.length > 0) return 'tracked';
      await supabase
        .from('uscis_receipts')
        .insert({ process_id: processId, receipt_number: receiptNumber })
        .throwOnError();
      return 'added';
    },
    // the receipt shows on its process (the database gives a process without one its first receipt)
    onSuccess: () => invalidateTables(queryClient, ['uscis_receipts', 'uscis_status_history', 'processes']),
  });
}

/** The columns the process form writes. */
export interface ProcessInput {
  case_type_id: string;
  client_id: string;
  category: string;
  receipt_number: string | null;
  responsible_id: string | null;
  stage: string | null;
  status: string;
  description: string | null;
  opened_at: string;
  filed_at: string | null;
  next_date: string | null;
}

/** Creates (no id) or edits a process; returns its id. The type follows the catalogue entry (database trigger). */
export function useSaveProcess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: ProcessInput }): Promise<number> => {
      const row = { ...input, last_update: todayISO() };
      if (id) {
        await supabase.from('processes').update(row).eq('id', id).throwOnError();
        return id;
      }
      const { data } = await supabase.from('processes').insert(row).select('id').single().throwOnError();
      return (data as { id: number }).id;
    },
    onSuccess: () => invalidateTables(queryClient, ['processes', 'process_events']),
  });
}

/** Close (concluído) or reopen (em andamento) a process; closed_at follows in the database. */
export function useSetProcessStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: string }) => {
      await supabase.from('processes').update({ status, last_update: todayISO() }).eq('id', id).throwOnError();
      return id;
    },
    onSuccess: () => invalidateTables(queryClient, ['processes', 'process_events']),
  });
}
