/** One client's own finance as the portal shows it: contracts, payments, quotes and installments (RLS: the client's). */
import { useQuery } from '@tanstack/react-query';
import { readsTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';
import type { ClientFinance } from '@/types/finance';
import type { Installment } from '../api/money';
import { portalFinanceStrings } from '../strings';
import { clientFinanceKeys } from './keys';

readsTables(clientFinanceKeys.all, [
  'financial_contracts',
  'financial_installments',
  'financial_payments',
  'financial_quotes',
]);

/** financial_contracts and financial_quotes newest first, financial_payments by payment_date newest first. */
export async function fetchClientFinance(clientId: string): Promise<ClientFinance> {
  const [contracts, payments, quotes] = await Promise.all([
    supabase
      .from('financial_contracts')
      .select('*')
      .eq('client_id', clientId)
      .order('created_at', { ascending: false })
      .throwOnError(),
    supabase
      .from('financial_payments')
      .select('*')
      .eq('client_id', clientId)
      .order('payment_date', { ascending: false })
      .throwOnError(),
    supabase
      .from('financial_quotes')
      .select('*')
      .eq('client_id', clientId)
      .order('created_at', { ascending: false })
      .throwOnError(),
  ]);
  return {
    contracts: (contracts.data ?? []) as ClientFinance['contracts'],
    payments: (payments.data ?? []) as ClientFinance['payments'],
    quotes: (quotes.data ?? []) as ClientFinance['quotes'],
  };
}

export function useClientFinance(clientId: string) {
  return useQuery({
    queryKey: clientFinanceKeys.client(clientId),
    queryFn: () => fetchClientFinance(clientId),
    enabled: Boolean(clientId),
    meta: { errorMessage: portalFinanceStrings.financeLoadError },
  });
}

export function useClientInstallments(clientId: string) {
  return useQuery({
    queryKey: clientFinanceKeys.installments(clientId),
    enabled: Boolean(clientId),
    queryFn: async () => {
      const { data, error } = await supabase
        .from('financial_installments')
        .select('*')
        .eq('client_id', clientId)
        .order('due_date', { ascending: true });
      if (error) throw error;
      return (data ?? []) as Installment[];
    },
    meta: { silent: true },
  });
}
