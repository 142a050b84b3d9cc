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

/** Quotes, contracts, installments, payments, commissions and reports (api/money.ts). */
export const moneyKeys = {
  all: ['financeiro', 'money'] as const,
  quotes: () => [...moneyKeys.all, 'quotes'] as const,
  quoteItems: (id: string) => [...moneyKeys.all, 'quote-items', id] as const,
  contracts: () => [...moneyKeys.all, 'contracts'] as const,
  installments: (contractId: string) => [...moneyKeys.all, 'installments', contractId] as const,
  payments: (contractId: string) => [...moneyKeys.all, 'payments', contractId] as const,
  clients: () => [...moneyKeys.all, 'clients'] as const,
  staff: () => [...moneyKeys.all, 'staff'] as const,
  rate: () => [...moneyKeys.all, 'rate'] as const,
  statements: () => [...moneyKeys.all, 'statements'] as const,
  rules: () => [...moneyKeys.all, 'rules'] as const,
  aging: () => [...moneyKeys.all, 'aging'] as const,
  reports: () => [...moneyKeys.all, 'reports'] as const,
};

/** One client's own finance as the portal shows it (api/client-finance.ts). */
export const clientFinanceKeys = {
  all: ['financeiro', 'client'] as const,
  client: (clientId: string) => [...clientFinanceKeys.all, clientId] as const,
  installments: (clientId: string) => [...clientFinanceKeys.client(clientId), 'installments'] as const,
};
