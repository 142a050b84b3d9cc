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

/** The three writes of one table (each a query of its own, so the payload is checked against that table). */
interface TableWrites<I> {
  insert: (input: I) => PromiseLike<unknown>;
  update: (id: string, input: I) => PromiseLike<{ data: { id: string }[] | null }>;
  remove: (id: string) => PromiseLike<{ data: { id: string }[] | null }>;
}

/** Insert / update / delete on one table, each reloading the list afterwards. */
function useTableMutations<I>(table: Table, writes: TableWrites<I>) {
  const queryClient = useQueryClient();
  const invalidate = () => invalidateTables(queryClient, [table]);

  const create = useMutation({
    mutationFn: async (input: I) => {
      await writes.insert(input);
    },
    onSuccess: invalidate,
  });
  const update = useMutation({
    mutationFn: async ({ id, input }: { id: string; input: I }) => {
      const { data } = await writes.update(id, input);
      if (!data || data.length === 0) throw new Error('Registro não encontrado ou sem permissão');
    },
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      const { data } = await writes.remove(id);
      if (!data || data.length === 0) throw new Error('Registro não encontrado ou sem permissão');
    },
    onSuccess: invalidate,
  });
  return { create, update, remove };
}

export function useProductMutations() {
  const table = () => supabase.from('financial_products');
  return useTableMutations<ProductInput>('financial_products', {
    insert: (input) => table().insert(productPayload(input)).throwOnError(),
    update: (id, input) => table().update(productPayload(input)).eq('id', id).select('id').throwOnError(),
    remove: (id) => table().delete().eq('id', id).select('id').throwOnError(),
  });
}

export function useFeeMutations() {
  const table = () => supabase.from('financial_uscis_fees');
  return useTableMutations<FeeInput>('financial_uscis_fees', {
    insert: (input) => table().insert(feePayload(input)).throwOnError(),
    update: (id, input) => table().update(feePayload(input)).eq('id', id).select('id').throwOnError(),
    remove: (id) => table().delete().eq('id', id).select('id').throwOnError(),
  });
}

export function useExpenseMutations() {
  const queryClient = useQueryClient();
  const table = () => supabase.from('financial_expenses');
  const base = useTableMutations<ExpenseInput>('financial_expenses', {
    insert: (input) => table().insert(expensePayload(input)).throwOnError(),
    update: (id, input) => table().update(expensePayload(input)).eq('id', id).select('id').throwOnError(),
    remove: (id) => table().delete().eq('id', id).select('id').throwOnError(),
  });
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
