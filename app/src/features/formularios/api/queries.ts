/** Reads of the forms feature: imported editions, the mapping in force, a client's questionnaire. */
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { formsKeys } from './keys';
import type { FillableProcess, FormEdition, MappingRow, PdfField, Questionnaire, UscisForm } from './types';

export const FORMS_BUCKET = 'uscis_forms';

/** The newest imported edition of each form, by form id. */
export function latestEditions(editions: FormEdition[]): Map<number, FormEdition> {
  const latest = new Map<number, FormEdition>();
  for (const edition of editions) {
    if (typeof edition.form_id !== 'number' || typeof edition.edition_date !== 'string') continue;
    const current = latest.get(edition.form_id);
    if (!current || current.edition_date < edition.edition_date) latest.set(edition.form_id, edition);
  }
  return latest;
}

export function useUscisForms() {
  return useQuery({
    queryKey: formsKeys.forms(),
    queryFn: async () => {
      const { data } = await supabase
        .from('uscis_forms')
        .select('*')
        .order('number', { ascending: true })
        .throwOnError();
      return (data ?? []) as UscisForm[];
    },
  });
}

/** The processes a form can be filled for: those with a client, the latest first. */
export function useFillableProcesses() {
  return useQuery({
    queryKey: formsKeys.processes(),
    queryFn: async () => {
      const { data } = await supabase
        .from('processes')
        .select('id, type, client_id, client_name, client:clients(full_name)')
        .not('client_id', 'is', null)
        .order('last_update', { ascending: false })
        .order('id', { ascending: false })
        .throwOnError();
      const processes: FillableProcess[] = data ?? [];
      return processes;
    },
    meta: { errorMessage: 'Erro ao carregar processos: {message}' },
  });
}

export function useFormEditions() {
  return useQuery({
    queryKey: formsKeys.editions(),
    queryFn: async () => {
      const { data } = await supabase
        .from('uscis_form_editions')
        .select('id, form_id, edition_date, storage_path, fields, page_count, created_at')
        .order('edition_date', { ascending: false })
        // fields is a jsonb column (Json to the generated types): the PDF's fields as import-uscis-form stored them
        .overrideTypes<Array<{ fields: PdfField[] }>>()
        .throwOnError();
      return latestEditions(data ?? []);
    },
  });
}

/** The rows of the highest mapping version of an edition (empty when none was saved). */
export function useCurrentMapping(editionId: number | null) {
  return useQuery({
    queryKey: formsKeys.mapping(editionId ?? 0),
    enabled: editionId !== null,
    queryFn: async () => {
      const { data } = await supabase
        .from('uscis_form_mappings')
        .select('field_name, data_path, transform, transform_arg, version, created_at')
        .eq('edition_id', editionId as number)
        .order('version', { ascending: false })
        .throwOnError();
      const rows = (data ?? []) as MappingRow[];
      const version = rows[0]?.version ?? 0;
      return { version, rows: rows.filter((row) => row.version === version) };
    },
  });
}

export function useQuestionnaire(clientId: string) {
  return useQuery({
    queryKey: formsKeys.questionnaire(clientId),
    enabled: clientId !== '',
    queryFn: async () => {
      const { data } = await supabase
        .from('client_questionnaires')
        .select('*')
        .eq('client_id', clientId)
        .maybeSingle()
        .throwOnError();
      return (data ?? null) as Questionnaire | null;
    },
  });
}

/** A short-lived link to a stored PDF, for the browser's own viewer. */
export async function signedPdfUrl(bucket: string, path: string): Promise<string> {
  const { data, error } = await supabase.storage.from(bucket).createSignedUrl(path, 600);
  if (error || !data) throw error ?? new Error('Não foi possível abrir o PDF');
  return data.signedUrl;
}
