/** Writes of the forms feature: import (upload + function), mapping versions, fills, questionnaire saves. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import type { Json } from '@/lib/database.types';
import { invokeFunction } from '@/lib/functions';
import { supabase } from '@/lib/supabase';
import { formsKeys } from './keys';
import { FORMS_BUCKET } from './queries';
import type { FieldMapping, FillResult, ImportCoverage, Questionnaire, QuestionnaireStatus, UscisForm } from './types';

export interface ImportInput {
  file: File;
  formNumber: string;
  editionDate: string;
  formName?: string;
  category?: string;
}

export function useImportForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, formNumber, editionDate, formName, category }: ImportInput) => {
      const number = formNumber.trim().toUpperCase();
      const storagePath = `${number}/${editionDate}-${Date.now()}.pdf`;
      const { error } = await supabase.storage
        .from(FORMS_BUCKET)
        .upload(storagePath, file, { contentType: 'application/pdf', upsert: false });
      if (error) throw error;
      return invokeFunction<{
        form: { id: number; number: string };
        edition: { fields: unknown[] };
        mapping?: ImportCoverage;
      }>('import-uscis-form', {
        formNumber: number,
        editionDate,
        storagePath,
        formName,
        category,
      });
    },
    onSuccess: () => invalidateTables(queryClient, ['uscis_form_editions', 'uscis_forms', 'uscis_form_mappings']),
  });
}

export function useSaveMapping(editionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rows: FieldMapping[]) => {
      const { data } = await supabase
        .rpc('save_form_mapping', { p_edition_id: editionId, p_fields: rows })
        .throwOnError();
      return data as number;
    },
    onSuccess: () => invalidateTables(queryClient, ['uscis_form_mappings']),
  });
}

export function fillForm(body: { formId: number; processId?: number; sample?: boolean }): Promise<FillResult> {
  return invokeFunction<FillResult>('fill-uscis-form', body);
}

export function useSaveQuestionnaire(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: { answers?: { [key: string]: Json | undefined }; status?: QuestionnaireStatus }) => {
      const { data } = await supabase
        .from('client_questionnaires')
        .upsert({ client_id: clientId, ...values }, { onConflict: 'client_id' })
        .select('*')
        .single()
        .throwOnError();
      return data as Questionnaire;
    },
    onSuccess: (row) => {
      queryClient.setQueryData(formsKeys.questionnaire(clientId), row);
      return invalidateTables(queryClient, ['client_questionnaires']);
    },
  });
}

export function useMarkFormDownloaded() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: UscisForm) => {
      await supabase.from('uscis_forms').update({ downloaded: true }).eq('id', form.id).throwOnError();
    },
    onSettled: () => invalidateTables(queryClient, ['uscis_forms']),
  });
}
