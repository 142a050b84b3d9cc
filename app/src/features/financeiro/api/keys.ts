import { readsTables } from '@/lib/data-keys';
export const financeKeys = {
  all: ['financeiro'] as const,
  products: () => [...financeKeys.all, 'products'] as const,
  expenses: () => [...financeKeys.all, 'expenses'] as const,
  expenseCategories: () => [...financeKeys.all, 'expense-categories'] as const,
  fees: () => [...financeKeys.all, 'uscis-fees'] as const,
};

readsTables(financeKeys.all, [
  'financial_products',
  'financial_expenses',
  'financial_expense_categories',
  'financial_uscis_fees',
]);
