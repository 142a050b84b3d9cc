import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';
import { todayISO } from '@/lib/format';
import {
  expensePayload,
  feePayload,
  markPaidPayload,
  productPayload,
  type ExpenseInput,
  type FeeInput,
  type ProductInput,
} from '../schemas';

type Table = 'financial_products' | 'financial_expenses' | 'financial_uscis_fees';

/** Insert / update / delete on one table, each reloading the list afterwards. */
function useTableMutations<I>(table: Table, toPayload: (input: I) => Record<string, unknown>) {
  const queryClient = useQueryClient();
  const invalidate = () => invalidateTables(queryClient, [table]);

  const create = useMutation({
    mutationFn: async (input: I) => {
      const { data } = await supabase.from(table).insert(toPayload(input)).select().single().throwOnError();
      return data;
    },
    onSuccess: invalidate,
  });
  const update = useMutation({
    mutationFn: async ({ id, input }: { id: string; input: I }) => {
      const { data } = await supabase.from(table).update(toPayload(input)).eq('id', id).select('id').throwOnError();
      if (!data || data.length === 0) throw new Error('Registro não encontrado ou sem permissão');
    },
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      const { data } = await supabase.from(table).delete().eq('id', id).select('id').throwOnError();
      if (!data || data.length === 0) throw new Error('Registro não encontrado ou sem permissão');
    },
    onSuccess: invalidate,
  });
  return { create, update, remove };
}

export function useProductMutations() {
  return useTableMutations<ProductInput>('financial_products', productPayload);
}

export function useFeeMutations() {
  return useTableMutations<FeeInput>('financial_uscis_fees', feePayload);
}

export function useExpenseMutations() {
  const queryClient = useQueryClient();
  const base = useTableMutations<ExpenseInput>('financial_expenses', expensePayload);
  const markPaid = useMutation({
    mutationFn: async ({ id, method }: { id: string; method?: string | null }) => {
      const { data } = await supabase
        .from('financial_expenses')
        .update(markPaidPayload(todayISO(), method))
        .eq('id', id)
        .select('id')
        .throwOnError();
      if (!data || data.length === 0) throw new Error('Registro não encontrado ou sem permissão');
    },
    onSuccess: () => invalidateTables(queryClient, ['financial_expenses']),
  });
  return { ...base, markPaid };
}
