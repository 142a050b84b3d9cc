/**
 * Reading a passport's data page (read-passport): what it proposes for the client's record, and staff applying the
 * fields they confirmed. Nothing reaches the record without that confirmation.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';
import { processKeys } from './keys';

export interface PassportProposal {
  fullName: string;
  birthDate: string | null;
  nationality: string;
  passportNumber: string;
  expiryDate: string | null;
  /** Whether each check digit of the machine-readable zone held (number, dates, composite...). */
  checks: Record<string, boolean>;
  /** The number and both dates passed their check digits. */
  valid: boolean;
}

/** The client record fields a passport can fill, as the clients table names them. */
export interface PassportFields {
  full_name: string;
  date_of_birth: string | null;
  nationality: string | null;
  passport_number: string | null;
  passport_expires_on: string | null;
}

export async function readPassport(documentId: string): Promise<PassportProposal | null> {
  const { data, error } = await supabase.functions.invoke('read-passport', { body: { documentId } });
  if (error) throw error;
  return ((data as { proposal: PassportProposal | null } | null)?.proposal ?? null) as PassportProposal | null;
}

export function useClientPassportFields(clientId: string | null) {
  return useQuery({
    queryKey: [...processKeys.all, 'passport-fields', clientId ?? ''],
    enabled: Boolean(clientId),
    queryFn: async () => {
      const { data } = await supabase
        .from('clients')
        .select('full_name, date_of_birth, nationality, passport_number, passport_expires_on')
        .eq('id', clientId!)
        .single()
        .throwOnError();
      return data as PassportFields;
    },
  });
}

/** Staff confirmed these fields: they are written to the client's record. */
export function useApplyPassport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ clientId, fields }: { clientId: string; fields: Partial<PassportFields> }) => {
      const { data } = await supabase.from('clients').update(fields).eq('id', clientId).select('id').throwOnError();
      if (!data || data.length === 0) throw new Error('Cliente não encontrado');
    },
    onSettled: () => invalidateTables(queryClient, ['clients']),
  });
}
