import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { financeKeys } from './keys';
import type { Expense, ExpenseCategory, Product, UscisFee } from './types';

export function useProducts(enabled = true) {
  return useQuery({
    queryKey: financeKeys.products(),
    enabled,
    queryFn: async () => {
      const { data } = await supabase
        .from('financial_products')
        .select('*')
        .order('category', { ascending: true })
        .order('name', { ascending: true })
        .throwOnError();
      return (data ?? []) as Product[];
    },
    meta: { errorMessage: 'Erro ao carregar produtos: {message}' },
  });
}

export function useExpenses(enabled = true) {
  return useQuery({
    queryKey: financeKeys.expenses(),
    enabled,
    queryFn: async () => {
      const { data } = await supabase
        .from('financial_expenses')
        .select('*, category:financial_expense_categories(id, name)')
        .order('due_date', { ascending: false })
        .throwOnError();
      return (data ?? []) as Expense[];
    },
    meta: { errorMessage: 'Erro ao carregar despesas: {message}' },
  });
}

export function useExpenseCategories(enabled = true) {
  return useQuery({
    queryKey: financeKeys.expenseCategories(),
    enabled,
    queryFn: async () => {
      const { data } = await supabase
        .from('financial_expense_categories')
        .select('*')
        .order('name', { ascending: true })
        .throwOnError();
      return (data ?? []) as ExpenseCategory[];
    },
  });
}

export function useUscisFees(enabled = true) {
  return useQuery({
    queryKey: financeKeys.fees(),
    enabled,
    queryFn: async () => {
      const { data } = await supabase
        .from('financial_uscis_fees')
        .select('*')
        .order('form_code', { ascending: true })
        .throwOnError();
      return (data ?? []) as UscisFee[];
    },
    meta: { errorMessage: 'Erro ao carregar taxas: {message}' },
  });
}
