/** Engagement contracts signed in the portal: the contract-signing function's actions and the templates. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { env } from '@/config/env';
import { invalidateTables, readsTables } from '@/lib/data-keys';
import { saveBlob } from '@/lib/storage';
import { supabase } from '@/lib/supabase';

export type SignatureStatus = 'draft' | 'sent' | 'client_signed' | 'countersigned';

export interface SigningContract {
  id: string;
  client_id: string;
  contract_number: string;
  title: string;
  total_amount: number | string;
  currency: string;
  signature_status: SignatureStatus;
  document_text: string | null;
  document_sha256: string | null;
  sent_at: string | null;
  signed_at: string | null;
  signed_by_name: string | null;
  countersigned_at: string | null;
  countersigned_by_name: string | null;
  amends_contract_id: string | null;
}

export interface ContractTemplate {
  id: string;
  name: string;
  language: 'pt' | 'en';
  body: string;
  is_default: boolean;
  active: boolean;
  updated_at: string;
}

export interface CertificateInfo {
  subject: string;
  issuer: string;
  fingerprintSha256: string;
  notBefore: string;
  notAfter: string;
  source: 'generated' | 'uploaded';
}

export const contractKeys = {
  all: ['contratos'] as const,
  one: (id: string) => [...contractKeys.all, 'contract', id] as const,
  templates: () => [...contractKeys.all, 'templates'] as const,
  consent: () => [...contractKeys.all, 'consent'] as const,
  certificate: () => [...contractKeys.all, 'certificate'] as const,
};
readsTables(contractKeys.all, ['financial_contracts', 'contract_templates', 'contract_template_clauses']);

const CONTRACT_COLUMNS =
  'id, client_id, contract_number, title, total_amount, currency, signature_status, document_text, document_sha256, ' +
  'sent_at, signed_at, signed_by_name, countersigned_at, countersigned_by_name, amends_contract_id';

/** The function's own pt-BR message of a failed call (its JSON `error`), else a generic one. */
async function failure(error: unknown): Promise<Error> {
  const context = (error as { context?: Response } | null)?.context;
  if (context && typeof context.json === 'function') {
    try {
      const body = (await context.json()) as { error?: string };
      if (body.error) return new Error(body.error);
    } catch {
      /* not JSON: fall through */
    }
  }
  return error instanceof Error ? error : new Error('Erro ao falar com o servidor');
}

export async function signingAction<T>(body: Record<string, unknown>): Promise<T> {
  const { data, error } = await supabase.functions.invoke('contract-signing', { body });
  if (error) throw await failure(error);
  return data as T;
}

export function useSigningContract(contractId: string) {
  return useQuery({
    queryKey: contractKeys.one(contractId),
    queryFn: async () => {
      const { data } = await supabase
        .from('financial_contracts')
        .select(CONTRACT_COLUMNS)
        .eq('id', contractId)
        .maybeSingle()
        .throwOnError();
      return (data as SigningContract | null) ?? null;
    },
    enabled: Boolean(contractId),
  });
}

export function useConsentText() {
  return useQuery({
    queryKey: contractKeys.consent(),
    queryFn: async () => (await signingAction<{ consentText: string }>({ action: 'consent-text' })).consentText,
    staleTime: Infinity,
  });
}

/** The newest PDF of the contract (sent, client-signed or countersigned), saved as `filename`. */
export async function downloadSigningDocument(contractId: string, filename: string): Promise<void> {
  const { data, error } = await supabase.functions.invoke('contract-signing', {
    body: { action: 'document', contractId },
  });
  if (error) throw await failure(error);
  const blob = data instanceof Blob ? data : new Blob([data as BlobPart], { type: 'application/pdf' });
  saveBlob(blob, filename);
}

/** A signing action that refreshes every view of the contracts once it is done. */
export function useSigningMutation<T>() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => signingAction<T>(body),
    onSettled: () => invalidateTables(queryClient, ['financial_contracts', 'financial_installments']),
  });
}

export interface AmendmentInput {
  contract_id: string;
  title: string;
  scope: string;
  total_amount: number;
  down_payment: number;
  installments: number;
  first_due_date: string | null;
  interval: string;
}

/** An amendment (aditivo) of a contract in force: a new draft contract of the same client. */
export function useCreateAmendment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AmendmentInput) => {
      const { data } = await supabase.rpc('create_contract_amendment', input).throwOnError();
      return data as { id: string; contract_number: string };
    },
    onSettled: () => invalidateTables(queryClient, ['financial_contracts', 'financial_installments']),
  });
}

export function useContractTemplates(enabled = true) {
  return useQuery({
    queryKey: contractKeys.templates(),
    queryFn: async () => {
      const { data } = await supabase
        .from('contract_templates')
        .select('id, name, language, body, is_default, active, updated_at')
        .order('language')
        .order('name')
        .throwOnError();
      return (data ?? []) as ContractTemplate[];
    },
    enabled,
  });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (template: Pick<ContractTemplate, 'id' | 'name' | 'body'>) => {
      await supabase
        .from('contract_templates')
        .update({ name: template.name, body: template.body })
        .eq('id', template.id)
        .throwOnError();
    },
    onSettled: () => invalidateTables(queryClient, ['contract_templates']),
  });
}

const NEW_TEMPLATE_BODY = {
  pt: '# Partes\nCONTRATANTE: {{cliente}}.\nCONTRATADO: {{escritorio}}, representado por {{advogado}}.\n\n# Escopo\n{{servicos}}\n\n# Honorários\n{{honorarios}}\n{{parcelas}}\n\n# Cláusulas específicas\n{{clausulas}}\n',
  en: '# Parties\nCLIENT: {{cliente}}.\nFIRM: {{escritorio}}, represented by {{advogado}}.\n\n# Scope\n{{servicos}}\n\n# Fees\n{{honorarios}}\n{{parcelas}}\n\n# Specific clauses\n{{clausulas}}\n',
} as const;

/** Administrators: add (a starting text with the variables), duplicate and remove (or deactivate) templates. */
export function useTemplateActions() {
  const queryClient = useQueryClient();
  const invalidateTemplates = () => invalidateTables(queryClient, ['contract_templates', 'contract_template_clauses']);
  const add = useMutation({
    mutationFn: async (input: { name: string; language: 'pt' | 'en' }) => {
      const { data } = await supabase
        .from('contract_templates')
        .insert({ name: input.name, language: input.language, body: NEW_TEMPLATE_BODY[input.language] })
        .select('id')
        .single()
        .throwOnError();
      return data as { id: string };
    },
    onSettled: invalidateTemplates,
  });
  const duplicate = useMutation({
    mutationFn: async (templateId: string) => {
      const { data } = await supabase.rpc('duplicate_contract_template', { template_id: templateId }).throwOnError();
      return data as { id: string; name: string };
    },
    onSettled: invalidateTemplates,
  });
  const remove = useMutation({
    mutationFn: async (templateId: string) => {
      const { data } = await supabase.rpc('remove_contract_template', { template_id: templateId }).throwOnError();
      return data as 'deleted' | 'deactivated';
    },
    onSettled: invalidateTemplates,
  });
  return { add, duplicate, remove };
}

export function useOfficeCertificate(enabled: boolean) {
  return useQuery({
    queryKey: contractKeys.certificate(),
    queryFn: async () => (await signingAction<{ certificate: CertificateInfo }>({ action: 'certificate' })).certificate,
    enabled,
  });
}

export function useUploadCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { p12: string; password: string }) =>
      signingAction<{ certificate: CertificateInfo }>({ action: 'upload-certificate', ...body }),
    onSuccess: (answer) => queryClient.setQueryData(contractKeys.certificate(), answer.certificate),
    // the certificate is sealed in the office's settings
    onSettled: () => invalidateTables(queryClient, ['system_settings']),
  });
}

export interface Verification {
  match: boolean;
  sha256: string;
  version?: 'client_signed' | 'countersigned';
  contractNumber?: string;
  signedAt?: string;
  signedByName?: string;
  countersignedAt?: string | null;
}

/** The public check: the PDF's bytes go to contract-verification, which compares their SHA-256. */
export async function verifyContractPdf(file: File): Promise<Verification> {
  const response = await fetch(`${env.SUPABASE_URL}/functions/v1/contract-verification`, {
    method: 'POST',
    headers: { apikey: env.SUPABASE_ANON_KEY, 'Content-Type': 'application/pdf' },
    body: file,
  });
  const body = (await response.json()) as Verification & { error?: string };
  if (!response.ok) throw new Error(body.error ?? 'Não foi possível verificar o arquivo');
  return body;
}
