/** Reads and writes of "where the case stands": case_standing(), the process's queue fields, the Visa Bulletin
 * import (function visa-bulletin, administrators) and the USCIS processing times. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { invalidateTables, readsTables } from '@/lib/data-keys';
import { invokeFunction as invoke } from '@/lib/functions';
import type { CaseStanding, Chart } from './rules';

export const filaKeys = {
  all: ['fila'] as const,
  standing: (processId: number) => [...filaKeys.all, 'standing', processId] as const,
  months: () => [...filaKeys.all, 'months'] as const,
  times: () => [...filaKeys.all, 'times'] as const,
  notice: (processId: number) => [...filaKeys.all, 'notice', processId] as const,
};

readsTables(filaKeys.all, [
  'processes',
  'visa_bulletins',
  'visa_bulletin_months',
  'uscis_processing_times',
  'uscis_receipts',
  'appointments',
  'document_requests',
  'tasks',
  'notifications',
]);

export function useCaseStanding(processId: number, enabled = true) {
  return useQuery({
    queryKey: filaKeys.standing(processId),
    enabled: enabled && Number.isInteger(processId),
    queryFn: async () => {
      const { data } = await supabase.rpc('case_standing', { p_process_id: processId }).throwOnError();
      return (data ?? null) as CaseStanding | null;
    },
    meta: { errorMessage: 'Erro ao carregar a situação do caso: {message}' },
  });
}

export interface QueueFields {
  priority_date: string | null;
  visa_category: string | null;
  chargeability: string;
  uscis_form: string | null;
  uscis_office: string | null;
  receipt_date: string | null;
}

export function useSaveQueueFields() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ processId, fields }: { processId: number; fields: QueueFields }) => {
      await supabase.from('processes').update(fields).eq('id', processId).throwOnError();
    },
    onSuccess: () => invalidateTables(queryClient, ['processes']),
  });
}

export interface BulletinMonth {
  month: string;
  uscis_chart_family: Chart;
  uscis_chart_employment: Chart;
  source: 'upload' | 'fetch';
  imported_at: string;
}

export function useBulletinMonths(enabled = true) {
  return useQuery({
    queryKey: filaKeys.months(),
    enabled,
    queryFn: async () => {
      const { data } = await supabase
        .from('visa_bulletin_months')
        .select('month, uscis_chart_family, uscis_chart_employment, source, imported_at')
        .order('month', { ascending: false })
        .throwOnError();
      return (data ?? []) as BulletinMonth[];
    },
  });
}

export interface ImportResult {
  month: string;
  rows: number;
  newest: boolean;
  became_current: number;
  retrogressed: number;
}

export function useImportBulletin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { html?: string; url?: string; uscisChartFamily: Chart; uscisChartEmployment: Chart }) =>
      invoke<ImportResult>('visa-bulletin', body),
    onSuccess: () => invalidateTables(queryClient, ['visa_bulletins', 'visa_bulletin_months', 'notifications']),
  });
}

export interface ProcessingTime {
  id: string;
  form: string;
  office: string;
  form_category: string;
  min_months: number;
  max_months: number;
  published_on: string | null;
  source: 'manual' | 'import';
}

export function useProcessingTimes(enabled = true) {
  return useQuery({
    queryKey: filaKeys.times(),
    enabled,
    queryFn: async () => {
      const { data } = await supabase
        .from('uscis_processing_times')
        .select('id, form, office, form_category, min_months, max_months, published_on, source')
        .order('form')
        .order('office')
        .throwOnError();
      return (data ?? []) as ProcessingTime[];
    },
  });
}

export type ProcessingTimeRow = Omit<ProcessingTime, 'id'>;

export function useSaveProcessingTimes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rows: ProcessingTimeRow[]) => {
      await supabase
        .from('uscis_processing_times')
        .upsert(rows, { onConflict: 'form,office,form_category' })
        .throwOnError();
    },
    onSuccess: () => invalidateTables(queryClient, ['uscis_processing_times']),
  });
}

export function useDeleteProcessingTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await supabase.from('uscis_processing_times').delete().eq('id', id).throwOnError();
    },
    onSuccess: () => invalidateTables(queryClient, ['uscis_processing_times']),
  });
}

/** The inquiry task offered when a case is over the published processing time. */
export function useCreateInquiryTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: { processId: number; clientId: string | null; receipt: string | null; form: string }) => {
      const due = new Date();
      due.setDate(due.getDate() + 7);
      await supabase
        .from('tasks')
        .insert({
          title: `Consultar o USCIS: caso acima do prazo (processo nº ${vars.processId})`,
          description: `O ${vars.form} está acima do tempo de processamento publicado pelo USCIS. Abrir uma consulta (case inquiry)${vars.receipt ? ` para o recibo ${vars.receipt}` : ''}.`,
          priority: 'alta',
          status: 'pendente',
          due_date: due.toISOString().slice(0, 10),
          process_id: vars.processId,
          client_id: vars.clientId,
        })
        .throwOnError();
    },
    onSuccess: () => invalidateTables(queryClient, ['tasks']),
  });
}

export interface BulletinNotice {
  title: string;
  body: string | null;
  created_at: string;
}

/** The signed-in user's latest Visa Bulletin notification about a process (own notifications only: RLS). */
export function useBulletinNotice(processId: number) {
  return useQuery({
    queryKey: filaKeys.notice(processId),
    enabled: Number.isInteger(processId),
    queryFn: async () => {
      const { data } = await supabase
        .from('notifications')
        .select('title, body, created_at')
        .eq('process_id', processId)
        .like('kind', 'visa_bulletin_%')
        .order('created_at', { ascending: false })
        .limit(1)
        .throwOnError();
      return ((data ?? [])[0] ?? null) as BulletinNotice | null;
    },
  });
}
